import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { hashPassword } from '../src/worker/lib/password';

/**
 * Adds (or updates the password of) an operator who may log in at /admin.
 * Usage: npm run operator:add -- <email> [--remote --env <staging|production> | --persist-to <dir>]
 * The password is read from the OPERATOR_PASSWORD environment variable or asked for on the terminal.
 * `--remote` writes to the database of the named environment of wrangler.toml; `--persist-to` names another
 * local state directory (the browser tests' server keeps its own).
 */
const USAGE = 'Usage: npm run operator:add -- <email> [--remote --env <staging|production> | --persist-to <dir>]';
const args = process.argv.slice(2);
const flagValue = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const persistTo = flagValue('--persist-to');
const environment = flagValue('--env');
const email = args
  .find((a, i) => !a.startsWith('--') && !['--persist-to', '--env'].includes(args[i - 1] ?? ''))
  ?.trim()
  .toLowerCase();
const target = args.includes('--remote') ? '--remote' : '--local';
// The local default's database is a placeholder remotely: a remote write names its environment.
const location = target === '--remote' ? ['--env', environment ?? ''] : persistTo ? ['--persist-to', persistTo] : [];
if (
  !email ||
  !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ||
  (target === '--remote' && !['staging', 'production'].includes(environment ?? ''))
) {
  console.error(USAGE);
  process.exit(2);
}

/** Reads a line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    if (!stdin.isTTY) {
      reject(new Error('No terminal to ask for the password: set OPERATOR_PASSWORD.'));
      return;
    }
    stdout.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let typed = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stdout.write('\n');
          resolve(typed);
          return;
        }
        if (char === '\u0003') process.exit(130);
        typed = char === '\u007f' ? typed.slice(0, -1) : typed + char;
      }
    };
    stdin.on('data', onData);
  });
}

const password = process.env.OPERATOR_PASSWORD || (await askHidden('Password (at least 12 characters): '));
if (password.length < 12) {
  console.error('The password must have at least 12 characters.');
  process.exit(2);
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const hash = await hashPassword(password);
const sql = `INSERT INTO operators (id, email, password_hash) VALUES (${quote(randomUUID())}, ${quote(email)}, ${quote(hash)})
ON CONFLICT(email) DO UPDATE SET password_hash = excluded.password_hash;\n`;
mkdirSync('.wrangler/tmp', { recursive: true });
const file = '.wrangler/tmp/add-operator.sql';
writeFileSync(file, sql, { mode: 0o600 });
try {
  execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', target, ...location, '--file', file], {
    stdio: 'inherit',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
} finally {
  rmSync(file, { force: true });
}
console.info(`Operator ${email} saved (${target === '--remote' ? `${environment}, remote` : 'local'}).`);
