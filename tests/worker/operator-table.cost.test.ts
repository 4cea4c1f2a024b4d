/**
 * What the operator's table costs D1: the rows a page reads (`meta.rows_read`, what D1 bills) with 5 000
 * stones and with four times as many. The first, a deep and the last page, and title searches of a rare name, of a
 * common word and of two words, read the same number of rows at both sizes; none grows with the table.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../src/worker/app';
import { BULK_BASE, bulkStones } from '../support/bulk-stones';
import { ORIGIN } from '../support/factory';
import { meteredD1 } from '../support/metered-d1';
import { operatorToken } from '../support/operator';

const context = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

/**
 * Every fourth stone is for an Oma, one in every 500 names Heinrich (at most 10 of them, whatever the size), and each
 * has its own number: "Stein für Oma Heinrich n4".
 */
const TITLE = `'Stein für ' || CASE i % 4 WHEN 0 THEN 'Oma' WHEN 1 THEN 'Opa' WHEN 2 THEN 'Tante' ELSE 'Onkel' END ||
  CASE WHEN i % 500 = 0 AND i < 5000 THEN ' Heinrich' ELSE '' END || ' n' || i`;

/** The rows one request for the table reads, through the whole route. */
async function rowsRead(token: string, params: Record<string, string>): Promise<number> {
  const meter = meteredD1(env.DB);
  const res = await app.fetch(
    new Request(`${ORIGIN}/api/admin/stones?${new URLSearchParams(params)}`, { headers: { authorization: `Bearer ${token}` } }),
    { ...env, DB: meter.db },
    context,
  );
  expect(res.status, await res.clone().text()).toBe(200);
  await res.arrayBuffer();
  return meter.totals.rowsRead;
}

/** The cursor of the stone numbered `i` (the bulk stones' codes and times follow their number). */
const hex = (n: number, digits: number) => n.toString(16).toUpperCase().padStart(digits, '0');
const cursorOf = (i: number) =>
  `${(BULK_BASE + i * 1000).toString(36)}.B${hex(i >> 24, 2)}-${hex((i >> 12) & 4095, 3)}-${hex(i & 4095, 3)}`;

const PAGES: Record<string, (stones: number) => Record<string, string>> = {
  'the first page': () => ({}),
  'a page in the middle': (stones) => ({ after: cursorOf(Math.floor(stones / 2)) }),
  'the last page': () => ({ last: '1' }),
  'a rare name': () => ({ q: 'heinrich' }),
  'the last page of a rare name': () => ({ q: 'heinrich', last: '1' }),
  'a common word': () => ({ q: 'oma' }),
  'a page in the middle of a common word': (stones) => ({ q: 'oma', after: cursorOf(Math.floor(stones / 2)) }),
  'two words': () => ({ q: 'stein oma' }),
};

describe('the cost of a page of the operator table', () => {
  it('reads as many rows at 20 000 stones as at 5 000', async () => {
    const token = await operatorToken();
    await bulkStones(5000, TITLE);
    const small: Record<string, number> = {};
    for (const [name, params] of Object.entries(PAGES)) small[name] = await rowsRead(token, params(5000));
    await bulkStones(15_000, TITLE, 5000);
    const large: Record<string, number> = {};
    for (const [name, params] of Object.entries(PAGES)) large[name] = await rowsRead(token, params(20_000));
    // biome-ignore lint/suspicious/noConsole: the figures the decision record quotes
    console.log(`operator table rows read (5 000 → 20 000 stones): ${JSON.stringify({ small, large })}`);
    for (const name of Object.keys(PAGES)) expect(large[name], name).toBeLessThanOrEqual((small[name] ?? 0) + 5);
    // A page of the table is its 51 keys and 51 rows (and the kept total); a word's page and count stop at the cap.
    expect(large['the last page']).toBeLessThan(200);
    expect(large['a common word']).toBeLessThan(1500);
    // Two words: each word's count, then at most COUNT_READ_LIMIT (2 000) of the leading word's stones asked for the
    // other word, and whether it has more: more rows, as many at any size.
    expect(large['two words']).toBeLessThan(10_000);
  });
});
