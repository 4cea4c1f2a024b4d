import { describe, expect, it } from 'vitest';
import { describeErrors, validateHtml } from '../support/html-validator';

/** A whole document around `body`, valid by itself. */
const page = (body: string, head = '') =>
  `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>Probe</title>${head}</head><body>${body}</body></html>`;

// The pages' check (e2e/valid-html.spec.ts) trusts this checker: here it shows that it finds the errors pages once
// had, and passes their corrections.
describe('the HTML checker', () => {
  it('finds a value before its term in a group of a description list, and a style in the body after content, and passes their corrections', async () => {
    const documents = new Map([
      ['value before term', page('<dl><div><dd>12</dd><dt>Funde</dt></div></dl>')],
      ['style in the body', page('<main><p>Etiketten</p></main><style>@page { size: A4 }</style>')],
      [
        'corrected',
        page('<dl><div><dt>Funde</dt><dd>12</dd></div></dl><main><p>Etiketten</p></main>', '<style>@page { size: A4 }</style>'),
      ],
    ]);
    const errors = await validateHtml(documents);
    expect(errors.get('value before term')?.map((e) => e.message)).toContainEqual(expect.stringMatching(/“dt” not allowed as child/));
    expect(errors.get('style in the body')?.map((e) => e.message)).toContainEqual(expect.stringMatching(/“style” element in “body”/));
    expect(errors.get('corrected')).toEqual([]);
    // A failure reads as the page, the checker's message and the markup it points at.
    expect(describeErrors(errors)[0]).toMatch(/^value before term: Element “div” .* \(line 1, column \d+: ".*<dd>12.*"\)$/);
  }, 60_000);
});
