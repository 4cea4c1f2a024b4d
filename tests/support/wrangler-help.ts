import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The installed wrangler's CLI, run as its `bin/wrangler.js` runs it (with `--no-warnings`), without the two
 * launchers in front of it (npx and that script): each `--help` then starts one Node instead of three.
 */
const wranglerCli = join(dirname(createRequire(import.meta.url).resolve('wrangler/package.json')), 'wrangler-dist/cli.js');

/** Each command's help, asked for once: the runbook names several commands more than once, with other flags. */
const helps = new Map<string, { status: number | null; text: string }>();

function helpOf(command: string[]): { status: number | null; text: string } {
  const key = command.join(' ');
  let help = helps.get(key);
  if (!help) {
    const result = spawnSync(process.execPath, ['--no-warnings', wranglerCli, ...command, '--help'], {
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    });
    help = { status: result.status, text: `${result.stdout}${result.stderr}` };
    helps.set(key, help);
  }
  return help;
}

/**
 * Whether `wrangler <words>` is a command of its own that takes `flags`: its `--help` must exit 0 and be that
 * command's own (an unknown subcommand prints its parent's help and exits 0 too), its first line the command's
 * words and a placeholder for each positional argument given. Returns what is wrong, or null.
 */
export function wranglerCommandProblem(commandLine: string): string | null {
  const words = commandLine.trim().split(/\s+/);
  const firstFlag = words.findIndex((word) => word.startsWith('-'));
  const command = firstFlag < 0 ? words : words.slice(0, firstFlag);
  const flags = words.filter((word) => /^--?[a-z]/.test(word)).map((flag) => flag.split('=')[0] ?? flag);
  const { status, text: help } = helpOf(command);
  if (status !== 0) return `wrangler ${command.join(' ')} --help exited with ${status}`;
  const usage = (help.split('\n')[0] ?? '').trim().split(/\s+/).slice(1);
  const own = usage.filter((word) => !/^[<[]/.test(word));
  const positionals = usage.length - own.length;
  if (own.some((word, i) => command[i] !== word) || command.length - own.length > positionals)
    return `wrangler ${command.join(' ')} is not a command of its own (its help is for: wrangler ${usage.join(' ')})`;
  const missing = flags.filter((flag) => !new RegExp(`(?:^|\\s)${flag}[,\\s]`, 'm').test(help));
  return missing.length ? `wrangler ${command.join(' ')} takes no ${missing.join(', ')}` : null;
}
