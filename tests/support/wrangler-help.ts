import { spawnSync } from 'node:child_process';

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
  const result = spawnSync('npx', ['wrangler', ...command, '--help'], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  const help = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) return `wrangler ${command.join(' ')} --help exited with ${result.status}`;
  const usage = (help.split('\n')[0] ?? '').trim().split(/\s+/).slice(1);
  const own = usage.filter((word) => !/^[<[]/.test(word));
  const positionals = usage.length - own.length;
  if (own.some((word, i) => command[i] !== word) || command.length - own.length > positionals)
    return `wrangler ${command.join(' ')} is not a command of its own (its help is for: wrangler ${usage.join(' ')})`;
  const missing = flags.filter((flag) => !new RegExp(`(?:^|\\s)${flag}[,\\s]`, 'm').test(help));
  return missing.length ? `wrangler ${command.join(' ')} takes no ${missing.join(', ')}` : null;
}
