/**
 * Creating and reading a memorial collection: `POST /api/collections` makes the set of stones in one
 * transaction, `GET /api/collections/{id}` shows it with its totals summed over its stones. The owner's side is
 * collections-owner.routes.test.ts's; the edge cache's, edge-cache.routes.test.ts's.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, inject, it, vi } from 'vitest';
import type { CreatedCollection } from '../../src/shared/types';
import { app } from '../../src/worker/app';
import { deriveStoneToken, sha256Hex } from '../../src/worker/lib/crypto';
import { collectionBody, createCollection, readCollection, rowCount, siteStoneCount } from '../support/collections';
import { call, callWith, expectApiError, insertFind, insertStone, ORIGIN, PRODUCTION_SETTINGS, postJson } from '../support/factory';
import { outbox } from '../support/mail';
import { meteredD1 } from '../support/metered-d1';

const CODE_SHAPE = /^[0-9A-F]{3}-[0-9A-F]{3}-[0-9A-F]{3}$/;
const EMAIL_LIKE = /[^\s"@]+@[^\s"@]+\.[a-z]{2,}/i;

async function stoneRows(collectionId: string) {
  const { results } = await env.DB.prepare(
    'SELECT id, code, title, locale, creator_email, owner_token_hash, has_photos, has_story, story FROM stones WHERE collection_id = ? ORDER BY created_at',
  )
    .bind(collectionId)
    .all<{
      id: string;
      code: string;
      title: string;
      locale: string;
      creator_email: string;
      owner_token_hash: string;
      has_photos: number;
      has_story: number;
      story: string | null;
    }>();
  return results;
}

/** Calls the app with a reCAPTCHA secret, verified by the fake siteverify on 127.0.0.1. */
async function postWithBotCheck(body: Record<string, unknown>): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${ORIGIN}/api/collections`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { ...env, RECAPTCHA_SECRET: 'test-recaptcha-secret', RECAPTCHA_VERIFY_URL: `${inject('fakeServicesUrl')}/recaptcha/api/siteverify` },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

describe('POST /api/collections makes a set of free stones in one transaction', () => {
  it('answers 201 with the collection, its owner link and every stone with its own owner link', async () => {
    const before = await siteStoneCount();
    const res = await postJson('/api/collections', collectionBody({ count: 3, dedication: '  Sie liebte das Meer.  ' }), {
      'accept-language': 'de-DE',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const created = await res.json<CreatedCollection>();
    expect(created.id).toMatch(/^[2-9a-hjkmnp-z]{10}$/);
    expect(created.url).toBe(`${ORIGIN}/sammlung/${created.id}`);
    expect(created.adminToken).toMatch(/^[\w-]{43}$/);
    expect(created.adminUrl).toBe(`/admin/sammlung/${created.adminToken}`);
    expect(created.stones).toHaveLength(3);
    for (const stone of created.stones) {
      expect(stone.code).toMatch(CODE_SHAPE);
      expect(stone.url).toBe(`${ORIGIN}/${stone.code}`);
      expect(stone.qrCodeUrl).toBe(`${ORIGIN}/api/stones/${stone.code}/qr.svg`);
      expect(stone.adminToken).toMatch(/^[\w-]{43}$/);
    }

    const row = await env.DB.prepare('SELECT * FROM collections WHERE id = ?').bind(created.id).first<Record<string, unknown>>();
    expect(row).toMatchObject({ title: 'Für Oma Lisbeth', dedication: 'Sie liebte das Meer.', stone_seq: 3, locale: 'de' });
    // Only the hash of the owner token is stored.
    expect(row?.owner_token_hash).toBe(await sha256Hex(created.adminToken));
    expect(JSON.stringify(row)).not.toContain(created.adminToken);

    const stones = await stoneRows(created.id);
    expect(stones.map((s) => s.code)).toEqual(created.stones.map((s) => s.code));
    expect(stones.map((s) => s.title)).toEqual(['Für Oma Lisbeth #1', 'Für Oma Lisbeth #2', 'Für Oma Lisbeth #3']);
    for (const [i, stone] of stones.entries()) {
      expect(stone).toMatchObject({ creator_email: 'lisbeth-family@example.org', locale: 'de', has_photos: 0, has_story: 0, story: null });
      // Each stone's token is derived from the collection's, and only its hash is stored.
      const derived = await deriveStoneToken(created.adminToken, stone.id);
      expect(created.stones[i]?.adminToken).toBe(derived);
      expect(stone.owner_token_hash).toBe(await sha256Hex(derived));
    }
    expect(await siteStoneCount()).toBe(before + 3);
  });

  it("opens every stone's owner page with the stone's own owner link", async () => {
    const created = await createCollection({ count: 2 });
    for (const stone of created.stones) {
      const res = await call(`/api/admin/stones/${stone.adminToken}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ code: stone.code, collection: { id: created.id, title: 'Für Oma Lisbeth' } });
    }
  });

  it('writes ONE creation mail for the set, in the creator’s language, and no mail per stone', async () => {
    const created = await createCollection({ count: 4 }, { 'accept-language': 'en-GB' });
    const rows = await outbox();
    expect(rows.map((r) => r.kind)).toEqual(['collection-created']);
    expect(rows[0]).toMatchObject({
      recipient: 'lisbeth-family@example.org',
      locale: 'en',
      subject: 'Your collection “Für Oma Lisbeth” has been created',
    });
    expect(JSON.parse(rows[0]?.payload ?? '{}')).toEqual({
      kind: 'collection-created',
      collectionId: created.id,
      title: 'Für Oma Lisbeth',
      stoneCount: 4,
    });
    expect((await stoneRows(created.id)).every((s) => s.locale === 'en')).toBe(true);
  });

  it('takes a title per stone, the default where one is empty, and the count from the titles', async () => {
    const created = await createCollection({ count: undefined, titles: ['Lisbeths Rose', '', '  Der Leuchtturm '] });
    expect((await stoneRows(created.id)).map((s) => s.title)).toEqual(['Lisbeths Rose', 'Für Oma Lisbeth #2', 'Der Leuchtturm']);
    const more = await createCollection({ count: 3, titles: ['Erster'] });
    expect((await stoneRows(more.id)).map((s) => s.title)).toEqual(['Erster', 'Für Oma Lisbeth #2', 'Für Oma Lisbeth #3']);
  });

  it('makes 50 stones at once, and every default title fits a stone title', async () => {
    const title = 'L'.repeat(120);
    const created = await createCollection({ title, count: 50 });
    const stones = await stoneRows(created.id);
    expect(stones).toHaveLength(50);
    expect(stones.at(-1)?.title).toBe(`${title} #50`);
    expect(stones.every((s) => s.title.length <= 128)).toBe(true);
  });

  it.each([
    { name: 'no count and no titles', body: { count: undefined }, field: 'count', de: 'Bitte gib an, wie viele Steine (1 bis 50)' },
    { name: 'no stone', body: { count: 0 }, field: 'count', de: 'Bitte gib an, wie viele Steine (1 bis 50)' },
    { name: '51 stones', body: { count: 51 }, field: 'count', de: 'Bitte gib an, wie viele Steine (1 bis 50)' },
    { name: 'a count that is no whole number', body: { count: 2.5 }, field: 'count', de: 'Bitte gib an, wie viele Steine (1 bis 50)' },
    { name: 'more titles than stones', body: { count: 1, titles: ['a', 'b'] }, field: 'titles', de: 'Mehr Namen als Steine' },
    { name: 'a title that is no text', body: { titles: [7] }, field: 'titles.0', de: 'Die Namen der Steine müssen Text sein' },
    { name: 'a stone title too long', body: { titles: ['x'.repeat(129)] }, field: 'titles.0', de: 'Maximal 128 Zeichen' },
    { name: 'no title', body: { title: '   ' }, field: 'title', de: 'Name ist erforderlich' },
    { name: 'a title over 120 characters', body: { title: 'x'.repeat(121) }, field: 'title', de: 'Maximal 120 Zeichen' },
    {
      name: 'a dedication over 280 characters',
      body: { dedication: 'x'.repeat(281) },
      field: 'dedication',
      de: 'Die Widmung ist zu lang (maximal 280 Zeichen)',
    },
    {
      name: 'a dedication with a control character',
      body: { dedication: 'a\u0007b' },
      field: 'dedication',
      de: expect.stringContaining('Steuerzeichen'),
    },
    { name: 'no e-mail', body: { creatorEmail: '' }, field: 'creatorEmail', de: 'E-Mail-Adresse ist erforderlich' },
  ])('answers 400 VALIDATION_ERROR for $name, in German and English, and writes nothing', async ({ body, field, de }) => {
    const res = await postJson('/api/collections', collectionBody(body), { 'accept-language': 'de-DE' });
    const error = await expectApiError(res, 400, 'VALIDATION_ERROR');
    expect(error.details?.[field]).toEqual(de);
    const en = await expectApiError(await postJson('/api/collections', collectionBody(body), { 'accept-language': 'en' }), 400);
    expect(en.details?.[field]).not.toEqual(error.details?.[field]);
    expect(await rowCount('collections')).toBe(0);
    expect(await rowCount('stones')).toBe(0);
    expect(await rowCount('email_outbox')).toBe(0);
  });

  it('writes nothing at all when the batch fails at its last statement (the creation mail)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const before = await siteStoneCount();
    await env.DB.exec(
      "CREATE TRIGGER test_outbox_down BEFORE INSERT ON email_outbox WHEN NEW.kind = 'collection-created' BEGIN SELECT RAISE(ABORT, 'outbox down'); END",
    );
    try {
      await expectApiError(await postJson('/api/collections', collectionBody({ count: 5 })), 500, 'INTERNAL_ERROR');
    } finally {
      await env.DB.exec('DROP TRIGGER test_outbox_down');
      vi.restoreAllMocks();
    }
    expect([await rowCount('collections'), await rowCount('stones'), await rowCount('email_outbox')]).toEqual([0, 0, 0]);
    expect(await siteStoneCount()).toBe(before);
  });

  it('draws again when the collection id or a stone code is taken, and writes the whole set once', async () => {
    await insertStone({ code: 'ABC-DEF-012', title: 'Schon da' });
    const takenId = 'kette2samm';
    await env.DB.prepare(
      "INSERT INTO collections (id, title, creator_email, owner_token_hash) VALUES (?, 'Schon da', 'x@example.org', 'h')",
    )
      .bind(takenId)
      .run();
    const alphabet = '23456789abcdefghjkmnpqrstuvwxyz';
    const real = crypto.getRandomValues.bind(crypto);
    const draws = { ids: 0, codes: 0 };
    // Two stones: the first attempt draws the taken id, the second the taken code for its first stone; the third
    // attempt draws freely and is written.
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      const bytes = array as unknown as Uint8Array;
      if (bytes.length === 20 && draws.ids++ === 0) bytes.set([...takenId].map((ch) => alphabet.indexOf(ch)).concat(Array(10).fill(0)));
      else if (bytes.length === 5 && draws.codes++ === 2) bytes.set([0xab, 0xcd, 0xef, 0x01, 0x20]);
      else real(bytes);
      return array;
    });
    try {
      const created = await createCollection({ count: 2 });
      expect(created.id).not.toBe(takenId);
      expect(created.stones.map((s) => s.code)).not.toContain('ABC-DEF-012');
    } finally {
      vi.restoreAllMocks();
    }
    expect(draws).toEqual({ ids: 3, codes: 6 });
    expect(await rowCount('collections')).toBe(2);
    expect(await rowCount('stones')).toBe(3);
  });

  it('stores an empty dedication as none', async () => {
    const created = await createCollection({ dedication: '   ' });
    expect((await readCollection(created.id)).dedication).toBeNull();
  });

  it('creates with a human score for the action create_collection, and refuses other answers with 400 RECAPTCHA_FAILED', async () => {
    expect((await postWithBotCheck(collectionBody({ recaptchaToken: 'human-collection' }))).status).toBe(201);
    for (const token of ['human', 'bot', 'garbage', '']) {
      await expectApiError(await postWithBotCheck(collectionBody({ recaptchaToken: token })), 400, 'RECAPTCHA_FAILED');
    }
    expect(await rowCount('collections')).toBe(1);
  });

  it('answers 503 BOT_CHECK_UNAVAILABLE in production without a reCAPTCHA secret, and writes nothing', async () => {
    const res = await callWith(PRODUCTION_SETTINGS, '/api/collections', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(collectionBody()),
    });
    await expectApiError(res, 503, 'BOT_CHECK_UNAVAILABLE');
    expect(await rowCount('collections')).toBe(0);
  });
});

describe('GET /api/collections/{id}', () => {
  it('answers the collection with its stones, their states, last sightings and journeys, and the totals summed', async () => {
    const created = await createCollection({ count: 3, dedication: 'Für immer' });
    const [first, second] = await stoneRows(created.id);
    if (!first || !second) throw new Error('stones missing');
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000);
    // The second stone reaches Austria first, then the first stone Germany, then the second stone Italy.
    await insertFind(second.id, { seq: 1, location: 'Wien', latitude: 48.2, longitude: 16.37, countryCode: 'AT', createdAt: at(1) });
    await insertFind(first.id, { seq: 1, location: 'Berlin', latitude: 52.52, longitude: 13.4, countryCode: 'DE', createdAt: at(2) });
    await insertFind(second.id, { seq: 2, location: 'Rom', latitude: 41.9, longitude: 12.5, countryCode: 'IT', createdAt: at(3) });
    // Not counted, so neither on the map nor among the countries: a hidden find and a pending flagged one.
    await insertFind(second.id, {
      seq: 3,
      location: 'Paris',
      latitude: 48.85,
      longitude: 2.35,
      countryCode: 'FR',
      hidden: true,
      createdAt: at(4),
    });
    await insertFind(first.id, {
      seq: 2,
      location: 'Madrid',
      latitude: 40.4,
      longitude: -3.7,
      countryCode: 'ES',
      flag: 'speed',
      createdAt: at(5),
    });
    await env.DB.batch([
      env.DB.prepare('UPDATE stones SET find_seq = 2, hidden_find_count = 0, total_distance_km = 10.5 WHERE id = ?').bind(first.id),
      env.DB.prepare('UPDATE stones SET find_seq = 3, hidden_find_count = 1, total_distance_km = 1200.25 WHERE id = ?').bind(second.id),
    ]);

    const res = await call(`/api/collections/${created.id}`, { headers: { 'accept-language': 'de-DE' } });
    expect(res.status).toBe(200);
    const text = await res.clone().text();
    expect(text).not.toMatch(EMAIL_LIKE);
    const view = await readCollection(created.id, { 'accept-language': 'de-DE' });
    expect(view).toMatchObject({
      id: created.id,
      title: 'Für Oma Lisbeth',
      dedication: 'Für immer',
      totalDistance: 1210.75,
      findCount: 4,
      url: `${ORIGIN}/sammlung/${created.id}`,
    });
    expect(view.countries.map((country) => country.code)).toEqual(['AT', 'DE', 'IT']);
    expect(view.countries.every((country) => !Number.isNaN(Date.parse(country.firstReachedAt)))).toBe(true);
    expect(view.formattedDistance).toBe('1.210,8 km');
    expect(view.stones.map((s) => s.code)).toEqual(created.stones.map((s) => s.code));
    expect(view.stones[0]).toMatchObject({
      title: 'Für Oma Lisbeth #1',
      status: 'travelling',
      findCount: 2,
      totalDistance: 10.5,
      lastFind: { location: 'Berlin', latitude: 52.52, longitude: 13.4, createdAt: at(2).toISOString() },
      journey: [[52.52, 13.4]],
      url: `${ORIGIN}/${first.code}`,
    });
    expect(view.stones[1]).toMatchObject({
      findCount: 2,
      lastFind: { location: 'Rom' },
      journey: [
        [48.2, 16.37],
        [41.9, 12.5],
      ],
    });
    expect(view.stones[2]).toMatchObject({ findCount: 0, totalDistance: 0, lastFind: null, journey: [] });
  });

  it('reads a collection in the same number of statements, whatever the number of its stones and finds', async () => {
    const metered = meteredD1(env.DB);
    const statementsFor = async (count: number) => {
      const created = await createCollection({ count });
      for (const [i, stone] of (await stoneRows(created.id)).entries()) {
        await insertFind(stone.id, { seq: 1, location: `Ort ${i}`, latitude: 50, longitude: 10, countryCode: 'DE' });
      }
      metered.reset();
      const ctx = createExecutionContext();
      const res = await app.fetch(new Request(`${ORIGIN}/api/collections/${created.id}`), { ...env, DB: metered.db }, ctx);
      await waitOnExecutionContext(ctx);
      expect((await res.json<{ stones: unknown[] }>()).stones).toHaveLength(count);
      return metered.totals.statements;
    };
    const few = await statementsFor(2);
    expect(few).toBeLessThanOrEqual(3);
    expect(await statementsFor(20)).toBe(few);
  });

  it('finds the collection under an uppercase spelling of its id', async () => {
    const created = await createCollection();
    expect((await readCollection(created.id.toUpperCase())).id).toBe(created.id);
  });

  it.each(['abcdefghjk', 'nope', 'abcdefghj1', 'ABCDEFGHJKL'])('answers 404 COLLECTION_NOT_FOUND for %j', async (id) => {
    await expectApiError(await call(`/api/collections/${id}`), 404, 'COLLECTION_NOT_FOUND');
  });

  it("names the collection on each stone's public JSON", async () => {
    const created = await createCollection({ count: 1 });
    const res = await call(`/api/stones/${created.stones[0]?.code}`);
    expect(await res.json()).toMatchObject({
      collection: { id: created.id, title: 'Für Oma Lisbeth', url: `${ORIGIN}/sammlung/${created.id}` },
    });
  });
});
