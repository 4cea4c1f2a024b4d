import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { hashPassword } from '../src/worker/lib/password';

/**
 * Adds (or updates the password of) an operator who may log in at /admin.
 * Usage: npm run operator:add -- <email> [--remote]
 * The password is read from the OPERATOR_PASSWORD environment variable or asked for on the terminal.
 */
const args = process.argv.slice(2);
const email = args.find((a) => !a.startsWith('--'))?.trim().toLowerCase();
const target = args.includes('--remote') ? '--remote' : '--local';
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
  console.error('Usage: npm run operator:add -- <email> [--remote]');
  process.exit(2);
}

let password = process.env.OPERATOR_PASSWORD ?? '';
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question('Password (at least 12 characters): ');
  rl.close();
}
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
  execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', target, '--file', file], {
    stdio: 'inherit',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
} finally {
  rmSync(file, { force: true });
}
console.info(`Operator ${email} saved (${target.slice(2)}).`);
