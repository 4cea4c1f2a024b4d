/**
 * A stone's page and JSON at any size (decision record 030): the JSON embeds its newest finds, the rest
 * come page by page from `GET /api/stones/{code}/finds` (keyset by the finds' sequence numbers), the journey's line
 * is complete, and the owner's and the operator's views keep every find.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { OperatorStoneView } from '../../src/shared/operator-types';
import { FINDS_PAGE_SIZE, MAX_FINDS_PAGE_SIZE, STONE_FINDS_EMBEDDED } from '../../src/shared/schemas/finds-page';
import type { FindsPage, FindView, OwnerStoneView, StoneView } from '../../src/shared/types';
import { call, expectApiError, insertStone, ORIGIN } from '../support/factory';
import { type SeededFind, seededPlace, seedFinds } from '../support/many-finds';
import { operatorToken } from '../support/operator';

/** 130 finds: every 7th hidden, every 11th flagged (pending), every 13th without a position, some rounded. */
const MIXED = (n: number): SeededFind => ({
  hidden: n % 7 === 0,
  pending: n % 11 === 0,
  noPosition: n % 13 === 0,
  precision: n % 5 === 0 ? 'town' : n % 3 === 0 ? 'km' : 'exact',
  approvedPhoto: n % 17 === 0,
});
const MIXED_COUNT = 130;
const numbers = (count: number, keep: (n: number) => boolean) => Array.from({ length: count }, (_, i) => i + 1).filter(keep);
/** The finds' numbers the public sees, in journey order. */
const PUBLIC = numbers(MIXED_COUNT, (n) => !MIXED(n).hidden);

async function mixedStone(code = 'F1D-000-130') {
  const stone = await insertStone({ code, title: 'Weitgereist' });
  await seedFinds(stone.id, MIXED_COUNT, MIXED);
  return stone;
}

/** The number a seeded find's comment carries. */
const numberOf = (find: FindView) => Number(/Find number (\d+):/.exec(find.comment)?.[1]);

const getJson = async <T>(path: string) => {
  const res = await call(path.startsWith(ORIGIN) ? path.slice(ORIGIN.length) : path);
  expect(res.status, path).toBe(200);
  return res.json<T>();
};

/** Follows `olderFinds` from the stone's JSON to the first find; every page it read, oldest page last. */
async function allPages(first: string | null): Promise<FindsPage[]> {
  const pages: FindsPage[] = [];
  for (let next = first; next !== null; ) {
    const page = await getJson<FindsPage>(next);
    pages.push(page);
    next = page.olderFinds;
    expect(pages.length).toBeLessThan(50);
  }
  return pages;
}

describe('GET /api/stones/{code} embeds the newest finds', () => {
  it('holds the newest STONE_FINDS_EMBEDDED public finds in journey order, the count of all and where the older ones are', async () => {
    const { code } = await mixedStone();
    const view = await getJson<StoneView>(`/api/stones/${code}`);
    expect(view.finds).toHaveLength(STONE_FINDS_EMBEDDED);
    expect(view.finds.map(numberOf)).toEqual(PUBLIC.slice(-STONE_FINDS_EMBEDDED));
    expect(view.findCount).toBe(PUBLIC.length);
    const oldest = PUBLIC.at(-STONE_FINDS_EMBEDDED) ?? 0;
    expect(view.olderFinds).toBe(`${ORIGIN}/api/stones/${code}/finds?before=${oldest}`);
    // The finds keep their shape: pending as flagged, an approved photo by its find.
    const photographed = view.finds.find((find) => numberOf(find) === 102);
    expect(photographed?.photo).toEqual({ url: `${ORIGIN}/photos/finds/${photographed?.id}` });
    expect(view.finds.find((find) => numberOf(find) === 121)?.pending).toBe(true);
    expect(Object.keys(view.finds[0] ?? {})).toEqual([
      'id',
      'location',
      'latitude',
      'longitude',
      'comment',
      'createdAt',
      'kept',
      'foundAgainAfterDays',
      'pending',
      'photo',
    ]);
  });

  it('says there are no older ones when every find is embedded', async () => {
    const stone = await insertStone({ code: 'F1D-000-050', title: 'Genau fünfzig' });
    await seedFinds(stone.id, STONE_FINDS_EMBEDDED + 1, (n) => ({ hidden: n === 1 }));
    const view = await getJson<StoneView>(`/api/stones/${stone.code}`);
    expect([view.finds.length, view.findCount, view.olderFinds]).toEqual([STONE_FINDS_EMBEDDED, STONE_FINDS_EMBEDDED, null]);
  });

  it('draws the whole journey: every counted public find with a position, in order, at its precision', async () => {
    const { code } = await mixedStone();
    const view = await getJson<StoneView>(`/api/stones/${code}`);
    const counted = PUBLIC.filter((n) => !MIXED(n).pending && !MIXED(n).noPosition);
    expect(view.journey).toEqual(
      counted.map((n) => {
        const place = seededPlace(n, MIXED(n).precision);
        return [place.latitude, place.longitude];
      }),
    );
    // Never more decimals than the finder chose: town one, km two.
    const town = view.journey[counted.indexOf(5)];
    expect(town?.map((value) => String(value).split('.')[1]?.length ?? 0).every((digits) => digits <= 1)).toBe(true);
    const km = view.journey[counted.indexOf(3)];
    expect(km?.map((value) => String(value).split('.')[1]?.length ?? 0).every((digits) => digits <= 2)).toBe(true);
    // The same positions the finds themselves publish.
    for (const find of view.finds.filter((f) => !f.pending && f.latitude !== null)) {
      expect(view.journey).toContainEqual([find.latitude, find.longitude]);
    }
  });

  it('names where the stone was last seen, even when every embedded find waits for review', async () => {
    const stone = await insertStone({ code: 'F1D-000-060', title: 'Viele Zweifel' });
    await seedFinds(stone.id, 60, (n) => ({ pending: n > 5 }));
    const view = await getJson<StoneView>(`/api/stones/${stone.code}`);
    expect(view.finds.every((find) => find.pending)).toBe(true);
    expect(view.lastFind).toEqual({ ...seededPlace(5), createdAt: new Date(Date.UTC(2025, 0, 1) + 5 * 86_400_000).toISOString() });
    const never = await insertStone({ code: 'F1D-000-000', title: 'Nie gefunden' });
    const empty = await getJson<StoneView>(`/api/stones/${never.code}`);
    expect([empty.finds, empty.findCount, empty.olderFinds, empty.journey, empty.lastFind]).toEqual([[], 0, null, [], null]);
  });
});

describe('GET /api/stones/{code}/finds answers the older finds page by page', () => {
  it('gives every public find once, in order, with no gap, and never a hidden one', async () => {
    const { code } = await mixedStone();
    const view = await getJson<StoneView>(`/api/stones/${code}`);
    const pages = await allPages(view.olderFinds);
    expect(pages.map((page) => page.finds.length)).toEqual([FINDS_PAGE_SIZE, PUBLIC.length - STONE_FINDS_EMBEDDED - FINDS_PAGE_SIZE]);
    const all = [...pages].reverse().flatMap((page) => page.finds);
    expect([...all, ...view.finds].map(numberOf)).toEqual(PUBLIC);
    expect(new Set([...all, ...view.finds].map((find) => find.id)).size).toBe(PUBLIC.length);
    const hidden = await env.DB.prepare('SELECT id FROM finds WHERE hidden = 1 AND stone_id = (SELECT id FROM stones WHERE code = ?)')
      .bind(code)
      .all<{ id: string }>();
    expect(hidden.results.length).toBeGreaterThan(0);
    const shown = new Set([...all, ...view.finds].map((find) => find.id));
    for (const { id } of hidden.results) expect(shown.has(id)).toBe(false);
  });

  it('pages by the limit asked for, carries it along, and without a cursor starts at the newest', async () => {
    const { code } = await mixedStone();
    const pages = await allPages(`/api/stones/${code}/finds?limit=${MAX_FINDS_PAGE_SIZE}`);
    expect(pages.map((page) => page.finds.length)).toEqual([MAX_FINDS_PAGE_SIZE, PUBLIC.length - MAX_FINDS_PAGE_SIZE]);
    expect(pages[0]?.olderFinds).toBe(
      `${ORIGIN}/api/stones/${code}/finds?before=${PUBLIC.at(-MAX_FINDS_PAGE_SIZE)}&limit=${MAX_FINDS_PAGE_SIZE}`,
    );
    expect([...pages].reverse().flatMap((page) => page.finds.map(numberOf))).toEqual(PUBLIC);
    const small = await getJson<FindsPage>(`/api/stones/${code.toLowerCase()}/finds?before=10&limit=3`);
    expect(small.finds.map(numberOf)).toEqual([6, 8, 9]);
    expect(small.olderFinds).toBe(`${ORIGIN}/api/stones/${code}/finds?before=6&limit=3`);
    expect((await getJson<FindsPage>(`/api/stones/${code}/finds?before=1`)).finds).toEqual([]);
  });

  it.each([
    ['before=abc'],
    ['before=0'],
    ['before=-5'],
    ['before=1.5'],
    ['before=1e3'],
    ['before='],
    ['before=99999999999999999999'],
    ['before=9007199254740992'],
    ['limit=0'],
    [`limit=${MAX_FINDS_PAGE_SIZE + 1}`],
    ['limit=ten'],
    ['before=%00'],
  ])('refuses %s with 400 in the one error shape', async (query) => {
    const { code } = await insertStone({ code: 'F1D-000-400' });
    const error = await expectApiError(await call(`/api/stones/${code}/finds?${query}`), 400, 'VALIDATION_ERROR');
    expect(Object.keys(error.details ?? {})).toEqual([query.split('=')[0]]);
  });

  it('answers 404 for an unknown stone and 400 for a malformed code', async () => {
    await expectApiError(await call('/api/stones/FFF-FFF-FFF/finds'), 404, 'STONE_NOT_FOUND');
    await expectApiError(await call('/api/stones/nope/finds?before=3'), 400, 'INVALID_CODE');
  });
});

describe('GET /api/stones/{code}/finds/{findId} answers any public find', () => {
  it('gives an old find the stone no longer embeds, and no hidden or foreign one', async () => {
    const { code } = await mixedStone();
    const other = await insertStone({ code: 'F1D-000-999' });
    await seedFinds(other.id, 1);
    const ids = await env.DB.prepare(
      'SELECT f.id, f.seq, f.hidden FROM finds f JOIN stones s ON s.id = f.stone_id WHERE s.code = ? ORDER BY f.seq',
    )
      .bind(code)
      .all<{ id: string; seq: number; hidden: number }>();
    const first = ids.results[0];
    const find = await getJson<FindView>(`/api/stones/${code}/finds/${first?.id}`);
    expect([find.id, numberOf(find), find.location]).toEqual([first?.id, 1, seededPlace(1).location]);
    const hidden = ids.results.find((row) => row.hidden === 1);
    await expectApiError(await call(`/api/stones/${code}/finds/${hidden?.id}`), 404, 'FIND_NOT_FOUND');
    const foreign = await env.DB.prepare('SELECT id FROM finds WHERE stone_id = ?').bind(other.id).first<{ id: string }>();
    await expectApiError(await call(`/api/stones/${code}/finds/${foreign?.id}`), 404, 'FIND_NOT_FOUND');
    await expectApiError(await call(`/api/stones/${code}/finds/${'x'.repeat(65)}`), 404, 'FIND_NOT_FOUND');
    await expectApiError(await call(`/api/stones/FFF-FFF-FFF/finds/${first?.id}`), 404, 'STONE_NOT_FOUND');
  });

  it("shows an old find on its report page, with or without the page's JavaScript", async () => {
    const { code } = await mixedStone();
    const first = await env.DB.prepare('SELECT f.id FROM finds f JOIN stones s ON s.id = f.stone_id WHERE s.code = ? AND f.seq = 1')
      .bind(code)
      .first<{ id: string }>();
    const res = await call(`/${code}/fund/${first?.id}/melden`, { headers: { 'accept-language': 'de-DE' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Find number 0001: a short note from the finder.');
    expect(html).toContain(`action="/api/stones/${code}/finds/${first?.id}/report"`);
  });
});

describe("the stone's page", () => {
  it('numbers its newest finds after every older one and offers the older ones', async () => {
    const { code } = await mixedStone();
    const html = await (await call(`/${code}`, { headers: { 'accept-language': 'de-DE' } })).text();
    const numbers = [...html.matchAll(/#(?:<!-- -->)?(\d+)<\/span>/g)].map((m) => Number(m[1]));
    expect(numbers).toEqual(Array.from({ length: STONE_FINDS_EMBEDDED }, (_, i) => PUBLIC.length - i));
    expect(html).toContain('Ältere Funde anzeigen');
    const few = await insertStone({ code: 'F1D-000-003' });
    await seedFinds(few.id, 3);
    const small = await (await call(`/${few.code}`, { headers: { 'accept-language': 'de-DE' } })).text();
    expect([...small.matchAll(/#(?:<!-- -->)?(\d+)<\/span>/g)].map((m) => Number(m[1]))).toEqual([3, 2, 1]);
    expect(small).not.toContain('Ältere Funde anzeigen');
  });
});

describe('the owner and the operator moderate any find', () => {
  it('get every find, hidden ones marked, and no older page to fetch', async () => {
    const { id, code, adminToken } = await mixedStone();
    const owner = await getJson<OwnerStoneView>(`/api/admin/stones/${adminToken}`);
    expect(owner.finds).toHaveLength(MIXED_COUNT);
    expect(owner.finds.filter((find) => find.hidden)).toHaveLength(MIXED_COUNT - PUBLIC.length);
    expect([owner.findCount, owner.olderFinds]).toEqual([PUBLIC.length, null]);
    const publicView = await getJson<StoneView>(`/api/stones/${code}`);
    expect([owner.journey, owner.lastFind]).toEqual([publicView.journey, publicView.lastFind]);
    const res = await call(`/api/admin/stones/id/${id}`, { headers: { authorization: `Bearer ${await operatorToken()}` } });
    const operator = await res.json<OperatorStoneView>();
    expect(operator.finds).toHaveLength(MIXED_COUNT);
  });
});

describe("a stone's size does not grow with its finds beyond its journey's line", () => {
  it('answers the same JSON and page for 1 000 finds as for 200, but for the coordinates', async () => {
    const sizes = async (code: string, count: number) => {
      const stone = await insertStone({ code, title: 'Omas Gartenstein' });
      await seedFinds(stone.id, count);
      const headers = { 'accept-language': 'de-DE' };
      const json = await (await call(`/api/stones/${code}`, { headers })).text();
      const page = await (await call(`/${code}`, { headers })).text();
      const journey = JSON.stringify((JSON.parse(json) as StoneView).journey).length;
      return { json: json.length, page: new TextEncoder().encode(page).length, journey };
    };
    const some = await sizes('F1D-000-200', 200);
    const many = await sizes('F1D-001-000', 1000);
    const line = many.journey - some.journey;
    expect(line).toBeGreaterThan(15_000);
    // The journey travels once in the JSON, and the page carries the JSON once (its initial data). Beyond it only
    // digits: the count's, the cursor's and the 50 numbers of the list (#951 instead of #151).
    expect(many.json - some.json).toBeLessThanOrEqual(line + 10);
    expect(many.page - some.page).toBeLessThanOrEqual(line + 70);
  });
});
