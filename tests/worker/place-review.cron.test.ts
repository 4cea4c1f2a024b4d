import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { randomCode } from '../../src/shared/code';
import type { CollectionView, StoneView } from '../../src/shared/types';
import { getDb } from '../../src/worker/db/client';
import { CRON_STEPS, markMissing } from '../../src/worker/jobs/cron';
import { reviewStatements, unreviewedFinds } from '../../src/worker/jobs/place-queries';
import { reviewPlaces } from '../../src/worker/jobs/place-review';
import { CACHE_STATUS_HEADER } from '../../src/worker/lib/edge-cache';
import { insertCollection } from '../support/collections';
import { call, callWith, insertFind, insertStone } from '../support/factory';

const HOUSE = '167, Kaiser-Joseph-Straße, Altstadt, Freiburg im Breisgau, Baden-Württemberg, 79098, Deutschland';
const newCode = () => randomCode((bytes) => crypto.getRandomValues(bytes));
const at = (iso: string) => new Date(iso);

/**
 * Finds as an earlier version stored them, precision NULL: rounded to one decimal (town) and to two (km) by the find
 * form, a position kept exactly (written by the previous version after a rollback), one without a position, and
 * one whose place is nothing but a street.
 */
const LEGACY = [
  { seq: 1, location: HOUSE, latitude: 48.0, longitude: 7.8, createdAt: at('2026-03-01T10:00:00.000Z') },
  {
    seq: 2,
    location: 'Kaiser-Joseph-Straße 167, 79098 Freiburg',
    latitude: 47.99,
    longitude: 7.85,
    createdAt: at('2026-03-02T10:00:00.000Z'),
  },
  { seq: 3, location: 'Kaiser-Joseph-Straße 167', latitude: 47.994937, longitude: 7.849572, createdAt: at('2026-03-03T10:00:00.000Z') },
  { seq: 4, location: 'Hauptstraße 5 (im Zug)', latitude: null, longitude: null, createdAt: at('2026-03-04T10:00:00.000Z') },
  { seq: 5, location: 'Hauptstraße 5', latitude: 48.1, longitude: 7.9, createdAt: at('2026-03-05T10:00:00.000Z') },
];
const REVIEWED = [
  ['town', 'Freiburg im Breisgau, Baden-Württemberg, Deutschland'],
  ['km', 'Freiburg'],
  ['exact', 'Kaiser-Joseph-Straße 167'],
  ['exact', 'Hauptstraße 5 (im Zug)'],
  // Nothing of the text may be published: the rounded position, which the map shows anyway.
  ['town', '48.1, 7.9'],
];

async function legacyStone() {
  const collection = await insertCollection();
  const stone = await insertStone({ code: newCode(), title: 'Alter Stein', collectionId: collection.id, findSeq: LEGACY.length });
  for (const find of LEGACY) await insertFind(stone.id, { ...find, precision: null });
  return { stone, collection };
}

/** An outbox row as the find's batch or the cron wrote it before. */
async function mailRow(kind: string, payload: Record<string, unknown>, status = 'sent'): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    'INSERT INTO email_outbox (id, dedupe_key, kind, recipient, locale, payload, subject, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(id, id, kind, 'owner@example.org', 'de', JSON.stringify(payload), 'Betreff', status)
    .run();
  return id;
}

const payloadOf = async (id: string) =>
  JSON.parse((await env.DB.prepare('SELECT payload FROM email_outbox WHERE id = ?').bind(id).first<string>('payload')) ?? '{}');

const findMail = (code: string, seq: number, location = LEGACY[seq - 1]?.location) => ({
  kind: 'find-owner',
  stoneId: 'x',
  code,
  title: 'Alter Stein',
  find: { location, latitude: 48, longitude: 7.8, comment: '', createdAt: LEGACY[seq - 1]?.createdAt.toISOString(), totalDistanceKm: 0 },
});

describe('the cron’s review of places from before the precision was stored', () => {
  it('is one of the cron’s steps, before the missing mails that name the last place', () => {
    const names = CRON_STEPS.map(([name]) => name);
    expect(names.indexOf('find places')).toBeGreaterThan(-1);
    expect(names.indexOf('find places')).toBeLessThan(names.indexOf('missing stones'));
  });

  it('shows legacy places without street, number and postcode before the review, and stores them so after it', async () => {
    const { stone, collection } = await legacyStone();
    const shown = async () => {
      const view = await (await call(`/api/stones/${stone.code}`)).json<StoneView>();
      const owner = await (await call(`/api/admin/stones/${stone.adminToken}`)).json<StoneView>();
      const gpx = await (await call(`/api/stones/${stone.code}/journey.gpx`)).text();
      const last = (await (await call(`/api/collections/${collection.id}`)).json<CollectionView>()).stones[0]?.lastFind?.location;
      return { view: view.finds.map((find) => find.location), owner: owner.finds.map((find) => find.location), gpx, last };
    };
    const before = await shown();
    expect(before.view).toEqual(REVIEWED.map(([, place]) => place));
    expect(before.owner).toEqual(before.view);
    expect(before.last).toBe('48.1, 7.9');
    expect(before.gpx).not.toContain('79098');

    expect(await reviewPlaces(env)).toBe(LEGACY.length);

    const { results } = await env.DB.prepare('SELECT precision, location FROM finds ORDER BY seq').all<{
      precision: string;
      location: string;
    }>();
    expect(results.map((row) => [row.precision, row.location])).toEqual(REVIEWED);
    expect(await shown()).toEqual(before);
    // Nothing is left to review: the next run reads no row.
    expect(await reviewPlaces(env)).toBe(0);
  });

  it('gives the mails that named a changed place the new one, and leaves every other mail as it was', async () => {
    const { stone } = await legacyStone();
    const other = await insertStone({ code: newCode() });
    const sent = await mailRow('find-owner', findMail(stone.code, 1));
    const waiting = await mailRow('find-subscriber', { ...findMail(stone.code, 2), subscriptionId: 's' }, 'pending');
    const exact = await mailRow('find-owner', findMail(stone.code, 3));
    const missing = await mailRow('stone-missing', {
      kind: 'stone-missing',
      stoneId: stone.id,
      code: stone.code,
      title: 'Alter Stein',
      lastSeenAt: LEGACY[1]?.createdAt.toISOString(),
      lastSeenPlace: LEGACY[1]?.location,
    });
    // Another stone's mail with the same words, and this stone's mail about a find at another time.
    const elsewhere = await mailRow('find-owner', findMail(other.code, 1));
    const later = await mailRow('find-owner', {
      ...findMail(stone.code, 1),
      find: { ...findMail(stone.code, 1).find, createdAt: '2026-04-01T00:00:00.000Z' },
    });

    await reviewPlaces(env);

    expect((await payloadOf(sent)).find.location).toBe('Freiburg im Breisgau, Baden-Württemberg, Deutschland');
    expect((await payloadOf(waiting)).find.location).toBe('Freiburg');
    expect((await payloadOf(missing)).lastSeenPlace).toBe('Freiburg');
    expect(await payloadOf(sent)).toEqual({
      ...findMail(stone.code, 1),
      find: { ...findMail(stone.code, 1).find, location: 'Freiburg im Breisgau, Baden-Württemberg, Deutschland' },
    });
    for (const untouched of [exact, elsewhere, later]) expect((await payloadOf(untouched)).find.location).not.toMatch(/^Freiburg/);
  });

  it('is done before a missing mail names the last place: until then the mail names none', async () => {
    const { stone } = await legacyStone();
    await env.DB.prepare("UPDATE stones SET last_seen_at = 0, status = 'travelling' WHERE id = ?").bind(stone.id).run();
    const now = new Date('2027-06-01T10:00:00.000Z');
    expect(await markMissing({ ...env, MISSING_AFTER_DAYS: '365' }, now)).toBe(1);
    const row = await env.DB.prepare("SELECT payload FROM email_outbox WHERE kind = 'stone-missing'").first<string>('payload');
    expect(JSON.parse(row ?? '{}').lastSeenPlace).toBeNull();

    await env.DB.prepare("UPDATE stones SET status = 'travelling' WHERE id = ?").bind(stone.id).run();
    await reviewPlaces(env);
    expect(await markMissing({ ...env, MISSING_AFTER_DAYS: '365' }, new Date(now.getTime() + 60_000))).toBe(1);
    const { results } = await env.DB.prepare("SELECT payload FROM email_outbox WHERE kind = 'stone-missing' ORDER BY created_at").all<{
      payload: string;
    }>();
    expect(results.map((mail) => JSON.parse(mail.payload).lastSeenPlace)).toEqual([null, '48.1, 7.9']);
  });

  it('starts new edge-cache generations of the stones whose place changed and of their collections', async () => {
    const { stone, collection } = await legacyStone();
    const caching = { EDGE_CACHE_SECONDS: '60' };
    const status = async (path: string) => (await callWith(caching, path)).headers.get(CACHE_STATUS_HEADER);
    for (const path of [`/api/stones/${stone.code}`, `/api/collections/${collection.id}`]) {
      await status(path);
      expect(await status(path)).toBe('hit');
    }
    await reviewPlaces({ ...env, ...caching });
    expect(await status(`/api/stones/${stone.code}`)).toBe('miss');
    expect(await status(`/api/collections/${collection.id}`)).toBe('miss');
  });

  it('reads only the unreviewed finds, through their partial index, and writes finds and mails by their keys', async () => {
    const planOf = async ({ sql, params }: { sql: string; params: unknown[] }) =>
      (
        await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...params)
          .all<{ detail: string }>()
      ).results
        .map((row) => row.detail)
        .join('\n');
    const db = getDb(env.DB);
    expect(await planOf(unreviewedFinds(db, 200).toSQL())).toMatch(/finds_precision_unreviewed_idx/);
    const reviewed = {
      id: 'f',
      precision: 'km' as const,
      location: 'Freiburg',
      previous: 'Hauptstraße 5, Freiburg',
      code: 'C',
      createdAt: '',
    };
    const [findsUpdate, findMails, missingMails] = await Promise.all(
      reviewStatements(db, [reviewed]).map((statement) => planOf(statement.toSQL())),
    );
    expect(findsUpdate).toMatch(/SEARCH finds USING INDEX sqlite_autoindex_finds_1 \(id=\?\)/);
    expect(findsUpdate).not.toMatch(/SCAN finds/);
    for (const mails of [findMails, missingMails]) expect(mails).toMatch(/SEARCH email_outbox USING INDEX email_outbox_code_idx/);
  });
});
