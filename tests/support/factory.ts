import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ApiErrorBody } from '../../src/shared/types';
import { getDb } from '../../src/worker/db/client';
import { finds, stones } from '../../src/worker/db/schema';
import { indexTitles } from '../../src/worker/db/title-words';
import worker from '../../src/worker/index';
import { randomToken, sha256Hex } from '../../src/worker/lib/crypto';

/** Origin of every test request; vitest.config.ts sets PUBLIC_SITE_URL to the same. */
export const ORIGIN = 'https://reisesteine.test';

/**
 * Settings a deployed production Worker may run with: the configuration check (src/worker/settings/checks.ts)
 * refuses none of them. Tests of production behaviour spread them over `env` and change the one setting they are
 * about. Nothing here ever fetches the site URL or the geocoder's address.
 */
export const PRODUCTION_SETTINGS = {
  ENVIRONMENT: 'production',
  PUBLIC_SITE_URL: 'https://reisesteine.de',
  OPERATOR_JWT_SECRET: 'tests: an operator token key of well over 32 characters',
  // The tests' own configuration points the geocoder at a fake on 127.0.0.1, which production refuses.
  GEOCODER_URL: 'https://nominatim.openstreetmap.org',
  // Production does not open without its imprint.
  LEGAL_NAME: 'Anna Beispiel',
  LEGAL_ADDRESS: 'Hauptstraße 1|24103 Kiel',
  LEGAL_EMAIL: 'impressum@reisesteine.de',
} as const satisfies Partial<Env>;

/**
 * Addresses an `<input type="email">` accepts (the HTML "valid e-mail address": ASCII, apostrophes allowed in the
 * local part, IDN domains in their xn-- form). An e-mail needs only an "@", so every e-mail field of
 * the API must take them.
 */
export const BROWSER_VALID_EMAILS = [
  "o'brien@example.org",
  'fan@xn--mller-kva.de',
  'fan@example.xn--p1ai',
  'first.last+tag@sub.example.co.uk',
];

/** A client address of its own (a random /64 in 2001:db8::/32, the documentation range), as Cloudflare sends it. */
export function clientAddress(): string {
  const [a = 0, b = 0] = crypto.getRandomValues(new Uint16Array(2));
  return `2001:db8:${a.toString(16)}:${b.toString(16)}::1`;
}

/**
 * Calls the Worker with settings of its own, as a deployment with other vars, secrets or bindings would run it,
 * from a new client address, and waits for the work it leaves behind.
 */
export async function callWith(vars: Partial<Env>, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', clientAddress());
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), { ...env, ...vars } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/**
 * Calls the Worker's own fetch handler (the app as deployed: middleware, routes, error handler). Each call
 * comes from a new client address unless the request names one, so the abuse limits meet only the tests
 * written for them.
 */
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', clientAddress());
  return exports.default.fetch(`${ORIGIN}${path}`, { ...init, headers });
}

/** POSTs `body` as JSON. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export interface CreatedStone {
  code: string;
  adminToken: string;
}

/** Creates a free stone through the API, as the web form's JSON twin does. */
export async function createStone(fields: { title?: string; creatorEmail?: string } = {}): Promise<CreatedStone> {
  const res = await postJson('/api/stones', {
    creatorEmail: fields.creatorEmail ?? 'creator@example.org',
    title: fields.title ?? 'Opas Reisestein',
  });
  expect(res.status).toBe(201);
  return res.json<CreatedStone>();
}

/** Inserts a stone with fixed data straight into D1, for what the API cannot create (story, distance, hostile text). */
export async function insertStone(
  fields: Partial<Omit<typeof stones.$inferInsert, 'ownerTokenHash'>> & { code: string },
): Promise<CreatedStone & { id: string }> {
  const adminToken = randomToken();
  const id = fields.id ?? crypto.randomUUID();
  const db = getDb(env.DB);
  // With its title's words, as every write of a title has them (the operator's search reads them).
  await db.batch([
    db.insert(stones).values({
      title: 'Fixed stone',
      creatorEmail: 'fixed-creator@example.org',
      ...fields,
      id,
      ownerTokenHash: await sha256Hex(adminToken),
    }),
    indexTitles(db, eq(stones.id, id)),
  ]);
  return { id, code: fields.code, adminToken };
}

/**
 * Inserts a find with fixed data straight into D1 (no distance bookkeeping: only for read tests), with a precision
 * as every find the API writes has one; `precision: null` makes a find from before it was stored.
 */
export async function insertFind(stoneId: string, fields: Partial<typeof finds.$inferInsert> & { seq: number }): Promise<void> {
  await getDb(env.DB)
    .insert(finds)
    .values({ id: crypto.randomUUID(), stoneId, location: 'Somewhere', precision: 'exact', ...fields });
}

export interface FindBody {
  location?: unknown;
  latitude?: unknown;
  longitude?: unknown;
  comment?: unknown;
  finderEmail?: unknown;
  precision?: unknown;
  keep?: unknown;
  countryCode?: unknown;
}

export function postFind(code: string, body: FindBody, headers: Record<string, string> = {}): Promise<Response> {
  return postJson(`/api/stones/${code}/finds`, body, headers);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Logs a find as if a day had passed since the stone's last counted position: the speed check flags a find that
 * would mean more than 1 000 km/h, and finds written by a test come milliseconds apart.
 */
export async function postFindADayLater(code: string, body: FindBody, headers: Record<string, string> = {}): Promise<Response> {
  await env.DB.prepare('UPDATE stones SET last_position_at = last_position_at - ? WHERE code = ?').bind(DAY_MS, code).run();
  return postFind(code, body, headers);
}

/**
 * What valibot writes when a schema part has no message of its own ("Invalid type: Expected string but received
 * 42"): the API answers with its catalog texts, so this wording must never reach a client.
 */
const RAW_VALIDATOR_TEXT = /\bInvalid \w+: |\bExpected .+ but received\b/;

/**
 * Asserts the one error shape of the API, `{ error: { code, message, details? } }` (architecture: one error type,
 * one JSON shape, never the raw validator output), and returns it.
 */
export async function expectApiError(res: Response, status: number, code?: string): Promise<ApiErrorBody['error']> {
  expect(res.status, `${res.url.slice(0, 160)} answered ${res.status}`).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await res.json<ApiErrorBody>();
  expect(Object.keys(body)).toEqual(['error']);
  expect(Object.keys(body.error).filter((key) => !['code', 'message', 'details'].includes(key))).toEqual([]);
  expect(body.error.code).toMatch(/^[A-Z][A-Z_]*$/);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(body.error.message).not.toMatch(RAW_VALIDATOR_TEXT);
  for (const detail of Object.values(body.error.details ?? {})) {
    expect(typeof detail).toBe('string');
    expect(detail).not.toMatch(RAW_VALIDATOR_TEXT);
  }
  if (code !== undefined) expect(body.error.code).toBe(code);
  return body.error;
}

/** Number of rows in a table. */
export async function countRows(table: 'stones' | 'finds' | 'subscriptions' | 'photos' | 'email_outbox' | 'mail_tokens'): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}

/** A table's columns that a write could change; its rows in the order of the first column. */
export type Columns = readonly [table: string, columns: readonly string[]];

/** Everything a write could change, to show that a refused request changed nothing. */
const SNAPSHOT = {
  stones: ['stones', ['id', 'code', 'title', 'story', 'find_seq', 'total_distance_km', 'last_latitude', 'last_longitude']],
  finds: ['finds', ['id', 'stone_id', 'seq']],
  subscriptions: ['subscriptions', ['id', 'email']],
  photos: ['photos', ['id']],
  outbox: ['email_outbox', ['id']],
  collections: ['collections', ['id', 'title', 'dedication', 'stone_seq', 'updated_at']],
  collectionOwnerTokens: ['collection_owner_tokens', ['token_hash']],
} as const satisfies Record<string, Columns>;

/**
 * snapshot()'s tables (and `more`), each as one JSON text of its rows that SQLite writes: two states are compared
 * text by text, which a fuzz of thousands of requests over growing tables can afford after every request.
 */
export async function snapshotText(more: Record<string, Columns> = {}): Promise<Record<string, string>> {
  const tables = Object.entries({ ...SNAPSHOT, ...more });
  // One statement, one row: a column per table.
  const select = tables.map(([name, [table, columns]]) => {
    const object = columns.map((column) => `'${column}', ${column}`).join(', ');
    return `(SELECT json_group_array(json_object(${object})) FROM (SELECT * FROM ${table} ORDER BY ${columns[0]})) AS "${name}"`;
  });
  return (await env.DB.prepare(`SELECT ${select.join(', ')}`).first<Record<string, string>>()) ?? {};
}

/** The rows of a snapshotText(), for a comparison that shows what differs. */
export const snapshotRows = (text: Record<string, string>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(text).map(([name, rows]) => [name, JSON.parse(rows)]));

/** Everything a write could change (SNAPSHOT), row by row. */
export async function snapshot(): Promise<Record<keyof typeof SNAPSHOT, Record<string, unknown>[]>> {
  return snapshotRows(await snapshotText()) as Record<keyof typeof SNAPSHOT, Record<string, unknown>[]>;
}

export interface StoneCounters {
  find_seq: number;
  total_distance_km: number;
  last_latitude: number | null;
  last_longitude: number | null;
}

/** The counters the find route keeps on the stone row. */
export async function stoneCounters(code: string): Promise<StoneCounters | null> {
  return env.DB.prepare('SELECT find_seq, total_distance_km, last_latitude, last_longitude FROM stones WHERE code = ?')
    .bind(code)
    .first<StoneCounters>();
}

export interface StoredFind {
  seq: number;
  location: string;
  latitude: number | null;
  longitude: number | null;
  comment: string;
  finder_email: string | null;
}

/** The finds of one stone that count for its distance (shown, and unflagged or accepted), in journey order. */
export async function countedFinds(
  code: string,
): Promise<Array<{ latitude: number | null; longitude: number | null; flag: string | null }>> {
  const { results } = await env.DB.prepare(
    `SELECT f.latitude, f.longitude, f.flag FROM finds f JOIN stones s ON s.id = f.stone_id
      WHERE s.code = ? AND f.hidden = 0 AND (f.flag IS NULL OR f.flag_accepted = 1) ORDER BY f.seq`,
  )
    .bind(code)
    .all<{ latitude: number | null; longitude: number | null; flag: string | null }>();
  return results;
}

/** The finds of one stone as stored, in journey order. */
export async function storedFinds(code: string): Promise<StoredFind[]> {
  const { results } = await env.DB.prepare(
    `SELECT f.seq, f.location, f.latitude, f.longitude, f.comment, f.finder_email
       FROM finds f JOIN stones s ON s.id = f.stone_id WHERE s.code = ? ORDER BY f.seq`,
  )
    .bind(code)
    .all<StoredFind>();
  return results;
}
