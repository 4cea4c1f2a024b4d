import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The W3C's Nu Html Checker (vnu.jar from the npm package vnu-jar, run by Debian's Java): the rules of the HTML
 * standard as the W3C validator applies them. Every document goes to one Java process, which starts once (about two
 * seconds) and then checks a page in milliseconds.
 */
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/** One finding of the checker: its message, where in the document, and the markup it points at. */
export interface HtmlError {
  message: string;
  line?: number;
  column?: number;
  extract?: string;
}

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  firstColumn?: number;
  extract?: string;
}

/**
 * Checks each document (name → HTML) and answers the errors of each by its name; a valid document has none. Warnings
 * and notes (the checker's "info") are advice, not the standard's rules, and are left out. A problem of the checker
 * itself (Java missing, a file it could not read) throws.
 */
export async function validateHtml(documents: Map<string, string>): Promise<Map<string, HtmlError[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'valid-html-'));
  try {
    const files = new Map<string, string>();
    for (const [i, [name, html]] of [...documents].entries()) {
      const file = join(dir, `${i}.html`);
      writeFileSync(file, html);
      files.set(pathToFileURL(file).href, name);
    }
    const output = await runVnu(['--format', 'json', '--exit-zero-always', ...[...files.keys()].map((url) => new URL(url).pathname)]);
    const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
    const errors = new Map<string, HtmlError[]>([...documents.keys()].map((name) => [name, []]));
    for (const message of messages) {
      if (message.type === 'info') continue;
      const name = files.get(normalFileUrl(message.url));
      if (message.type === 'non-document-error' || name === undefined)
        throw new Error(`the HTML checker failed: ${message.message} (${message.url ?? 'no file'})`);
      errors.get(name)?.push({ message: message.message, line: message.lastLine, column: message.firstColumn, extract: message.extract });
    }
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The checker names a file `file:/tmp/…`; Node's URLs say `file:///tmp/…`. */
function normalFileUrl(url: string | undefined): string {
  return url ? pathToFileURL(new URL(url).pathname).href : '';
}

/** Runs vnu.jar and resolves with its report (JSON, which it writes to standard error). */
function runVnu(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('java', ['-jar', vnuJar, ...args], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`java -jar vnu.jar failed (is Java installed? .ci/run installs it): ${error.message}`));
      else resolve(stderr.trim() || stdout.trim());
    });
  });
}

/** The errors as lines to read: each document's name, then each error with its place and markup. */
export function describeErrors(errors: Map<string, HtmlError[]>): string[] {
  return [...errors].flatMap(([name, list]) =>
    list.map((e) => `${name}: ${e.message} (line ${e.line ?? '?'}, column ${e.column ?? '?'}: ${JSON.stringify(e.extract ?? '')})`),
  );
}
