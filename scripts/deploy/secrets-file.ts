import { readFileSync } from 'node:fs';

/** KEY=value lines (the format of `wrangler deploy --secrets-file` and .dev.vars); comments and blanks skipped. */
export function readSecrets(file: string): Record<string, string> {
  const entries = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && line.includes('='))
    .map((line) => {
      const at = line.indexOf('=');
      return [
        line.slice(0, at).trim(),
        line
          .slice(at + 1)
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      ] as const;
    });
  return Object.fromEntries(entries);
}

/**
 * The secrets as `wrangler deploy --secrets-file` sends them: wrangler expands the file with the shell's
 * environment, and a variable exported in the shell wins over the file's line of the same name. `fromShell` names
 * those (the file says one thing, the deploy would send another); `expanded` names values that refer to the shell
 * (`$NAME`, `${NAME}`).
 */
export function secretsAsDeployed(
  file: string,
  shell: Record<string, string | undefined> = process.env,
): { secrets: Record<string, string>; fromShell: string[]; expanded: string[] } {
  const secrets = readSecrets(file);
  const fromShell = Object.keys(secrets).filter((name) => shell[name] !== undefined && shell[name] !== secrets[name]);
  for (const name of fromShell) secrets[name] = shell[name] ?? '';
  const expanded = Object.keys(secrets).filter((name) => !fromShell.includes(name) && /\$\{?[A-Za-z_]/.test(secrets[name] ?? ''));
  return { secrets, fromShell, expanded };
}
