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
