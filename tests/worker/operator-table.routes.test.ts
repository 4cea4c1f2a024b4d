/**
 * The operator's table at size (decision record 030): a title search through the words' index, a count
 * that stops at its cap, and pages reached by cursors — first, next, previous, last — never by skipping rows.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { OperatorStoneRow } from '../../src/shared/operator-types';
import { titleWords } from '../../src/shared/title-words';
import ownerTexts from '../../src/worker/i18n/owner/en.json';
import { bulkStones } from '../support/bulk-stones';
import { createCollection } from '../support/collections';
import { call, createStone, expectApiError, insertStone, postJson } from '../support/factory';
import { operatorToken } from '../support/operator';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Page {
  titles: string[];
  total: number;
  capped: boolean;
  next: string | null;
  prev: string | null;
}

async function list(token: string, params: Record<string, string>): Promise<Page> {
  const res = await call(`/api/admin/stones?${new URLSearchParams(params)}`, { headers: bearer(token) });
  expect(res.status, await res.clone().text()).toBe(200);
  return {
    titles: (await res.json<OperatorStoneRow[]>()).map((row) => row.title),
    total: Number(res.headers.get('x-total-count')),
    capped: res.headers.get('x-total-count-capped') === 'true',
    next: res.headers.get('x-next-cursor'),
    prev: res.headers.get('x-prev-cursor'),
  };
}

const BASE = Date.UTC(2026, 0, 1);

/** Stones written straight into D1 with their titles' words, one a second apart (the first the oldest). */
async function insertTitled(titles: string[], at = (i: number) => new Date(BASE + i * 1000)): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, title] of titles.entries()) {
    const code = `A${(i >> 8).toString(16).padStart(2, '0')}-${(i & 255).toString(16).padStart(3, '0')}-000`.toUpperCase();
    ids.push((await insertStone({ code, title, createdAt: at(i) })).id);
  }
  return ids;
}

async function wordsOf(stoneId: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    'SELECT word FROM stone_title_words WHERE stone_code = (SELECT code FROM stones WHERE id = ?) ORDER BY word',
  )
    .bind(stoneId)
    .all<{ word: string }>();
  return results.map((row) => row.word);
}

describe("the operator's title search", () => {
  it('finds every word as the start of a word of the title, umlauts as German spells them without, newest first', async () => {
    const token = await operatorToken();
    await insertTitled(['Für Oma Müller', 'Opa Mueller im Garten', 'Müllerin', 'Straßenstein Köln', 'Crème brûlée', 'Sommer']);
    const titles = async (q: string) => (await list(token, { q })).titles;
    expect(await titles('müller')).toEqual(['Müllerin', 'Opa Mueller im Garten', 'Für Oma Müller']);
    expect(await titles('MUELLER oma')).toEqual(['Für Oma Müller']);
    expect(await titles('oma, Müll!')).toEqual(['Für Oma Müller']);
    expect(await titles('strasse koeln')).toEqual(['Straßenstein Köln']);
    expect(await titles('creme brûl')).toEqual(['Crème brûlée']);
    // The middle of a word is not the start of one: no scan of the titles finds it any more.
    expect(await titles('üller')).toEqual([]);
    expect(await titles('xyz')).toEqual([]);
    expect(await titles('!!!')).toEqual([]);
    expect(await list(token, { q: 'mül' })).toMatchObject({ total: 3, capped: false, next: null, prev: null });
  });

  it("keeps the words this runtime's SQL finds in a title, the same as the search's own", async () => {
    const titles = ['Für Oma Müller — 1944/45', 'STRASSE Straße ẞ', 'Crème «à la» Łódź', 'ΩΜΕΓΑ Москва', 'Mu\u0308ller 🌻💐', 'a a A'];
    const ids = await insertTitled(titles);
    for (const [i, id] of ids.entries()) expect(await wordsOf(id)).toEqual(titleWords(titles[i] ?? '').sort());
  });

  it('re-indexes a title the operator or the owner changes, and a stone of a collection from its making', async () => {
    const token = await operatorToken();
    const mine = await createStone({ title: 'Alter Name' });
    const id = (await env.DB.prepare('SELECT id FROM stones WHERE code = ?').bind(mine.code).first<string>('id')) ?? '';
    expect(await wordsOf(id)).toEqual(['alter', 'name']);
    const patched = await call(`/api/admin/stones/id/${id}`, {
      method: 'PATCH',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Neuer Name' }),
    });
    expect(patched.status).toBe(200);
    expect(await wordsOf(id)).toEqual(['name', 'neuer']);
    expect((await list(token, { q: 'alter' })).titles).toEqual([]);
    const owner = await call(`/api/admin/stones/${mine.adminToken}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Dritter Anlauf' }),
    });
    expect(owner.status).toBe(200);
    expect((await list(token, { q: 'dritter anl' })).titles).toEqual(['Dritter Anlauf']);
    expect(await wordsOf(id)).toEqual(['anlauf', 'dritter']);
    // Another change leaves the words as they are.
    await call(`/api/admin/stones/${mine.adminToken}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ notifyOnFind: false }),
    });
    expect(await wordsOf(id)).toEqual(['anlauf', 'dritter']);
    const collection = await createCollection({ count: 2 });
    const added = await postJson(`/api/admin/collections/${collection.adminToken}/stones`, { count: 1, titles: ['Der Nachzügler'] });
    expect(added.status).toBe(201);
    expect((await list(token, { q: 'lisbeth' })).titles.sort()).toEqual(['Für Oma Lisbeth #1', 'Für Oma Lisbeth #2']);
    expect((await list(token, { q: 'nachzuegler' })).titles).toEqual(['Der Nachzügler']);
  });

  it("leaves no word of a stone its operator or its owner deleted, nor of a deleted collection's stones", async () => {
    const token = await operatorToken();
    const [byOperator] = await insertTitled(['Für Opa Heinrich']);
    const byOwner = await createStone({ title: 'Für Tante Erna' });
    const collection = await createCollection({ count: 2, title: 'Für Onkel Kurt' });
    const deleted = await call(`/api/admin/stones/${byOperator}`, { method: 'DELETE', headers: bearer(token) });
    expect(deleted.status).toBe(200);
    const ownerDelete = await call(`/api/admin/stones/${byOwner.adminToken}`, { method: 'DELETE' });
    expect(ownerDelete.status).toBe(200);
    const collectionDelete = await call(`/api/admin/collections/${collection.adminToken}`, { method: 'DELETE' });
    expect(collectionDelete.status).toBe(200);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM stone_title_words').first<number>('n')).toBe(0);
    expect((await list(token, { q: 'heinrich' })).titles).toEqual([]);
  });

  it('counts up to 1000 and says so when there are more', async () => {
    const token = await operatorToken();
    await bulkStones(1005, "'Stein für Oma ' || i");
    const page = await list(token, { q: 'oma' });
    expect(page).toMatchObject({ total: 1000, capped: true, prev: null });
    expect(page.titles.slice(0, 2)).toEqual(['Stein für Oma 1004', 'Stein für Oma 1003']);
    expect((await list(token, { q: 'oma 100' })).total).toBe(6);
    expect(await list(token, { q: 'oma 1004' })).toMatchObject({ titles: ['Stein für Oma 1004'], total: 1, capped: false });
  });

  it('counts several common words that are seldom together as far as it read them, and says "at least"', async () => {
    const token = await operatorToken();
    // "Wegweiser" is in all 3 200 titles, "Ziel" in every second from the 1 000th on (1 100): both have more stones
    // than the cap. The count reads 2 000 of the leading word's stones (COUNT_READ_LIMIT), the oldest, and finds 500
    // with the other word among them.
    await bulkStones(3200, "'Wegweiser ' || CASE WHEN i % 2 = 1 AND i >= 1000 THEN 'Ziel ' ELSE '' END || i");
    const page = await list(token, { q: 'ziel wegweiser' });
    expect(page).toMatchObject({ total: 500, capped: true, prev: null });
    expect(page.titles.slice(0, 2)).toEqual(['Wegweiser Ziel 3199', 'Wegweiser Ziel 3197']);
    expect(page.titles).toHaveLength(50);
  });

  it('reads a short start of many spellings the same way: by its stones in order, or by walking the stones', async () => {
    const token = await operatorToken();
    // 1 200 stones, each with a word of its own (w0…w1199). "w" starts 1 200 spellings and every stone ("Weg" too):
    // the stones are walked. "w1" starts 311 spellings of 311 stones: those are read and ordered. "w12" starts 11
    // spellings: each is read from the index.
    await bulkStones(1200, "'Weg w' || i");
    const all = await walk(token, { q: 'w', pageSize: '100' });
    expect(all).toHaveLength(1200);
    expect(all.slice(0, 3)).toEqual(['Weg w1199', 'Weg w1198', 'Weg w1197']);
    expect(new Set(all).size).toBe(1200);
    const ones = await walk(token, { q: 'w1', pageSize: '40' });
    expect(ones).toEqual(all.filter((title) => /^Weg w1/.test(title)));
    const elevens = await walk(token, { q: 'w11 weg', pageSize: '7' });
    expect(elevens).toEqual(all.filter((title) => /^Weg w11/.test(title)));
    expect(await walk(token, { q: 'w12', pageSize: '3' })).toEqual(all.filter((title) => /^Weg w12/.test(title)));
  });
});

/** Every title from the first page to the last, following `X-Next-Cursor`; checks each page's way back. */
async function walk(token: string, params: Record<string, string>): Promise<string[]> {
  const seen: string[] = [];
  let page = await list(token, params);
  for (;;) {
    seen.push(...page.titles);
    if (!page.next) return seen;
    const following = await list(token, { ...params, after: page.next });
    expect(following.prev).not.toBeNull();
    // Back from the following page is this page again.
    expect((await list(token, { ...params, before: following.prev ?? '' })).titles).toEqual(page.titles);
    page = following;
  }
}

describe('paging by cursors', () => {
  it('goes to the next, the previous, the first and the last page, and never past either end', async () => {
    const token = await operatorToken();
    await insertTitled(['s1', 's2', 's3', 's4', 's5', 's6', 's7']);
    const first = await list(token, { pageSize: '3' });
    expect(first).toMatchObject({ titles: ['s7', 's6', 's5'], prev: null });
    const second = await list(token, { pageSize: '3', after: first.next ?? '' });
    expect(second.titles).toEqual(['s4', 's3', 's2']);
    const third = await list(token, { pageSize: '3', after: second.next ?? '' });
    expect(third).toMatchObject({ titles: ['s1'], next: null });
    expect((await list(token, { pageSize: '3', before: third.prev ?? '' })).titles).toEqual(['s4', 's3', 's2']);
    const back = await list(token, { pageSize: '3', before: second.prev ?? '' });
    expect(back).toMatchObject({ titles: ['s7', 's6', 's5'], prev: null });
    const last = await list(token, { pageSize: '3', last: '1' });
    expect(last).toMatchObject({ titles: ['s3', 's2', 's1'], next: null });
    expect((await list(token, { pageSize: '3', before: last.prev ?? '' })).titles).toEqual(['s6', 's5', 's4']);
    // `page` still works, as far as its bounded offset reaches, and hands out cursors too.
    expect(await list(token, { pageSize: '3', page: '2' })).toMatchObject({ titles: ['s4', 's3', 's2'] });
  });

  it('breaks a tie of creation times by the code, so that every stone is on exactly one page', async () => {
    const token = await operatorToken();
    await insertTitled(['t0', 't1', 't2', 't3', 't4', 't5'], () => new Date(BASE));
    const ids = (await env.DB.prepare('SELECT title FROM stones ORDER BY code DESC').all<{ title: string }>()).results.map(
      (row) => row.title,
    );
    expect(await walk(token, { pageSize: '1' })).toEqual(ids);
    expect(await walk(token, { pageSize: '4', q: 't0' })).toEqual(['t0']);
  });

  it('pages a search of codes and of titles the same way', async () => {
    const token = await operatorToken();
    await insertTitled(['Oma a', 'Opa b', 'Oma c', 'Opa d', 'Oma e']);
    expect(await walk(token, { pageSize: '2', q: 'oma' })).toEqual(['Oma e', 'Oma c', 'Oma a']);
    expect(await walk(token, { pageSize: '2', q: 'A00-' })).toEqual(['Oma e', 'Opa d', 'Oma c', 'Opa b', 'Oma a']);
    expect((await list(token, { pageSize: '2', q: 'oma', last: '1' })).titles).toEqual(['Oma c', 'Oma a']);
  });

  it.each([
    ['a cursor that is none', { after: 'nicht-base36!' }, 'server-owner.operator.query.cursor'],
    ['a cursor with something else than a code', { before: '1.a/b' }, 'server-owner.operator.query.cursor'],
    ['two places at once', { after: '1.ABC-DEF-012', before: '1.ABC-DEF-012' }, 'server-owner.operator.query.invalid'],
    ['a cursor and a page', { after: '1.ABC-DEF-012', page: '2' }, 'server-owner.operator.query.invalid'],
    ['a page deeper than its offset reaches', { page: '30', pageSize: '50' }, 'server-owner.operator.query.pageTooDeep'],
    ['a search of too many words', { q: 'a b c d e f g h i' }, 'server-owner.operator.query.tooManyWords'],
  ] as const)('refuses %s with 400 in the one error shape', async (_, params, text) => {
    const res = await call(`/api/admin/stones?${new URLSearchParams(params)}`, {
      headers: { ...bearer(await operatorToken()), 'accept-language': 'en' },
    });
    expect((await expectApiError(res, 400, 'VALIDATION_ERROR')).message).toBe(ownerTexts[text]);
  });
});
