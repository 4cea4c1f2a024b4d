// The code must make sense without documents that are not in the repository: a comment or a test's title states
// the rule itself ("a basic stone is free; photos cost 5 €"), never a section of the product specification or an
// issue number. Citations of laws (§ 5 DDG) and RFCs (RFC 9110 §8.4.1), which anyone can read, stay.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOTS = ['src', 'scripts', 'tests', 'e2e', 'bench'];
const SOURCE = /\.(?:tsx?|mjs|js|cjs)$/;
const SELF = 'tests/unit/self-explaining-comments.test.ts';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** A law or a standard named on the same line: its sections are public. */
const LAW_OR_STANDARD = /\bRFC ?\d+|\b(?:DDG|BGB|MStV|TDDDG|DSGVO|GDPR|Umsatzsteuergesetz|VAT Act)\b/;
/** Another project's issue, named with its project ("workers-sdk issues 5683", "owner/repo#12"): public too. */
const UPSTREAM_ISSUE = /\b[\w.]+-[\w.-]+ issues? \d+|\b[\w.-]+\/[\w.-]+#\d+|github\.com\//;
const CITATIONS: Array<[RegExp, string, RegExp?]> = [
  [/\bspec(?:ification)?(?:\.md)?(?:'s)?\s*(?:§|section\s*\d)/i, 'a section of the product specification'],
  [/\bspec\.md\b/, 'the product specification'],
  [/\bissues?\s*#?\d+/i, 'an issue number', UPSTREAM_ISSUE],
  [/§\s*\d/, 'a section of a document not in the repository', LAW_OR_STANDARD],
];

it('no comment or test title cites a section of the product specification or an issue number', () => {
  const found: string[] = [];
  for (const file of ROOTS.flatMap(files).filter((path) => path !== SELF)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const citation = CITATIONS.find(([pattern, , allowed]) => pattern.test(line) && !allowed?.test(line))?.[1];
        if (citation) found.push(`${file}:${index + 1} cites ${citation}, instead of saying the rule: ${line.trim()}`);
      });
  }
  expect(found).toEqual([]);
});
