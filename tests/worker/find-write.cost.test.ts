/**
 * What a find costs D1: the rows it reads (`meta.rows_read`, what D1 bills) and its statements, through the whole
 * route (middleware, limits, the write, the edge cache's new generation). `npm run bench` prints the line this
 * test logs; the budget below keeps a find from growing into a scan.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_PENDING_FIND_PHOTOS } from '../../src/shared/schemas/limits';
import { app } from '../../src/worker/app';
import { clientAddress, insertFind, insertStone, ORIGIN } from '../support/factory';
import { TINY_JPEG } from '../support/images';
import { meteredD1 } from '../support/metered-d1';

/**
 * Rows a find may read, however many finds and stones there are (decision record 017: each guard of its batch looks
 * the new row up by primary key), and the totals row that the daily recount's triggers read to see whether the stone
 * is already counted (migration 0016: one row per trigger that fires).
 */
const ROWS_READ_BUDGET = 32;

const context = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

const hex = () => crypto.randomUUID().replace(/-/g, '').slice(0, 3).toUpperCase();
const newCode = () => `${hex()}-${hex()}-${hex()}`;

/** A memorial collection of `siblings` stones with two finds each, written straight into D1; answers its id. */
async function collectionWith(siblings: number): Promise<string> {
  const id = `c${crypto
    .randomUUID()
    .replace(/[^2-9a-h]/g, '')
    .slice(0, 9)}`.padEnd(10, 'x');
  await env.DB.prepare("INSERT INTO collections (id, title, creator_email, owner_token_hash) VALUES (?, 'Für Oma', 'f@example.org', ?)")
    .bind(id, crypto.randomUUID())
    .run();
  for (let i = 0; i < siblings; i++) {
    const sibling = await insertStone({ code: newCode(), collectionId: id, findSeq: 2 });
    await insertFind(sibling.id, { seq: 1, location: 'Split', latitude: 43.5, longitude: 16.4 });
    await insertFind(sibling.id, { seq: 2, location: 'Zadar', latitude: 44.1, longitude: 15.2 });
  }
  return id;
}

/** The find as JSON, or as the find form sends one with a photo (its row joins the batch). */
function findBody(withPhoto: boolean): { headers: Record<string, string>; body: BodyInit } {
  const fields = { location: 'Hamburg', latitude: 53.55, longitude: 10 };
  if (!withPhoto) return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(fields) };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  form.set('photo', new File([TINY_JPEG], 'fund.jpg', { type: 'image/jpeg' }));
  return { headers: {}, body: form };
}

async function findCost(previousFinds: number, collectionId: string | null = null, withPhoto = false, waitingPhotos = 0) {
  const stone = await insertStone({ code: newCode(), findSeq: previousFinds, notifyOnFind: false, collectionId });
  for (let seq = 1; seq <= previousFinds; seq++) {
    const id = crypto.randomUUID();
    await insertFind(stone.id, { id, seq, location: `Ort ${seq}`, latitude: 50 + seq / 100, longitude: 10 });
    if (seq <= waitingPhotos)
      await env.DB.prepare(
        "INSERT INTO find_photos (find_id, stone_id, r2_key, content_type, size_bytes, status) VALUES (?, ?, ?, 'image/jpeg', 4, 'pending')",
      )
        .bind(id, stone.id, `finds/${id}.jpg`)
        .run();
  }
  const meter = meteredD1(env.DB);
  const { headers, body } = findBody(withPhoto);
  const res = await app.fetch(
    new Request(`${ORIGIN}/api/stones/${stone.code}/finds`, {
      method: 'POST',
      headers: { ...headers, 'cf-connecting-ip': clientAddress() },
      body,
    }),
    { ...env, DB: meter.db, EDGE_CACHE_SECONDS: '60' },
    context,
  );
  expect(res.status).toBe(201);
  return { ...meter.totals };
}

describe('the cost of a find', () => {
  it(`reads at most ${ROWS_READ_BUDGET} rows, on a new stone and on one with 50 finds`, async () => {
    const first = await findCost(0);
    const later = await findCost(50);
    // biome-ignore lint/suspicious/noConsole: the line npm run bench reads its figure from
    console.log(`FIND_WRITE_COST ${JSON.stringify({ first, later })}`);
    expect(first.rowsRead).toBeLessThanOrEqual(ROWS_READ_BUDGET);
    expect(later.rowsRead).toBeLessThanOrEqual(ROWS_READ_BUDGET);
  });

  it(`reads at most ${ROWS_READ_BUDGET} rows with a finder's photo too: one statement more, its row written in the batch`, async () => {
    const plain = await findCost(50);
    const withPhoto = await findCost(50, null, true);
    // biome-ignore lint/suspicious/noConsole: the line npm run bench reads its figure from
    console.log(`FIND_WRITE_COST_PHOTO ${JSON.stringify({ plain, withPhoto })}`);
    expect(withPhoto.statements).toBe(plain.statements + 1);
    expect(withPhoto.rowsRead).toBeLessThanOrEqual(ROWS_READ_BUDGET);
  });

  it(`reads at most ${MAX_PENDING_FIND_PHOTOS} rows more with a photo on a stone whose owner has that many waiting: the limit's guard counts no further`, async () => {
    const none = await findCost(50, null, true);
    const full = await findCost(50, null, true, MAX_PENDING_FIND_PHOTOS - 1);
    // biome-ignore lint/suspicious/noConsole: the line npm run bench reads its figure from
    console.log(`FIND_WRITE_COST_PHOTO_WAITING ${JSON.stringify({ none, full })}`);
    expect(full.statements).toBe(none.statements);
    expect(full.rowsRead).toBeLessThanOrEqual(none.rowsRead + MAX_PENDING_FIND_PHOTOS);
  });

  it('reads the same rows for a stone of a small collection as for one of a full collection, whose siblings it never reads', async () => {
    const small = await findCost(0, await collectionWith(0));
    const full = await findCost(0, await collectionWith(49));
    // biome-ignore lint/suspicious/noConsole: the line npm run bench reads its figure from
    console.log(`FIND_WRITE_COST_COLLECTION ${JSON.stringify({ small, full })}`);
    expect(full.rowsRead).toBe(small.rowsRead);
    expect(full.rowsRead).toBeLessThanOrEqual(ROWS_READ_BUDGET);
  });
});
