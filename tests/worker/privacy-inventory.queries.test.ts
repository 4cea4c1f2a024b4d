/**
 * The inventory of personal data (docs/privacy.md, decision record 028) names every D1 table and column the
 * migrations make, and the privacy notice says what the inventory says: the processors and the lifetimes.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import inventory from '../../docs/privacy.md?raw';
import { OWNER_LINK_TTL_DAYS } from '../../src/shared/schemas/limits';
import { REPEAT_WINDOW_MS } from '../../src/worker/api/finds/guard-sql';
import { REPORT_CLIENT_DAYS } from '../../src/worker/api/finds/reports/queries';
import { ABANDONED_ORDER_TTL_MS } from '../../src/worker/api/payments/queries';
import { SENT_RETENTION_MS, UNCONFIRMED_TTL_MS } from '../../src/worker/mail/maintenance';
import { DEFAULT_FIND_PHOTO_PENDING_DAYS } from '../../src/worker/settings/checks';
import { callWith } from '../support/factory';
import { declaredSchema, lifetimes, processors, type Schema, undeclared } from '../support/privacy-inventory';

/** Every table and column of the database as the migrations left it (the runtime's own tables left out). */
async function databaseSchema(): Promise<Schema> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  const schema: Schema = {};
  for (const { name } of tables) {
    const { results } = await env.DB.prepare('SELECT name FROM pragma_table_info(?)').bind(name).all<{ name: string }>();
    schema[name] = results.map((column) => column.name);
  }
  return schema;
}

/** The privacy notice's text as a reader sees it, in one language (with the deployment's settings given). */
async function notice(language: 'de' | 'en', vars: Partial<Env> = {}): Promise<string> {
  const res = await callWith(vars, '/datenschutz', { headers: { accept: 'text/html', 'accept-language': language } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return main
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

const DAY_MS = 86_400_000;

/** The constants a lifetime row may name, in milliseconds. */
const CONSTANTS: Record<string, number> = {
  UNCONFIRMED_TTL_MS,
  SENT_RETENTION_MS,
  ABANDONED_ORDER_TTL_MS,
  REPEAT_WINDOW_MS,
  DEFAULT_FIND_PHOTO_PENDING_DAYS: DEFAULT_FIND_PHOTO_PENDING_DAYS * DAY_MS,
  REPORT_CLIENT_DAYS: REPORT_CLIENT_DAYS * DAY_MS,
  OWNER_LINK_TTL_DAYS: OWNER_LINK_TTL_DAYS * DAY_MS,
};

describe('the inventory of personal data', () => {
  it('names every table and every column the migrations make', async () => {
    const actual = await databaseSchema();
    expect(Object.keys(actual).length).toBeGreaterThan(15);
    expect(undeclared(actual, declaredSchema(inventory))).toEqual([]);
  });

  it('fails on a table or a column that a migration adds and the inventory does not name', async () => {
    // As a new migration would: a column on a known table and a table of its own (the storage is reset after it).
    await env.DB.batch([
      env.DB.prepare('ALTER TABLE finds ADD COLUMN finder_phone text'),
      env.DB.prepare('CREATE TABLE guestbook (id text PRIMARY KEY, visitor_email text)'),
    ]);
    expect(undeclared(await databaseSchema(), declaredSchema(inventory))).toEqual(['finds.finder_phone', 'guestbook']);
  });

  it('names no table the database does not have (a renamed or dropped one is taken out of it)', async () => {
    const actual = await databaseSchema();
    expect(Object.keys(declaredSchema(inventory)).filter((table) => !actual[table])).toEqual([]);
  });
});

describe('the privacy notice says what the inventory says', () => {
  it('names every processor the inventory lists, in German and in English', async () => {
    const named = processors(inventory);
    expect(named).toContain('Cloudflare');
    for (const language of ['de', 'en'] as const) {
      const text = await notice(language);
      expect(
        named.filter((name) => !text.includes(name)),
        language,
      ).toEqual([]);
    }
  });

  it('states each lifetime the code keeps, in German and in English', async () => {
    const rows = lifetimes(inventory);
    expect(rows.length).toBeGreaterThan(3);
    const [de, en] = [await notice('de'), await notice('en')];
    for (const row of rows) {
      expect(CONSTANTS[row.constant], `${row.what}: ${row.constant}`).toBe(row.ms);
      expect(de, row.what).toContain(row.de);
      expect(en, row.what).toContain(row.en);
    }
  });

  it("states the deployment's own lifetime of an undecided finder's photo", async () => {
    expect(await notice('de', { FIND_PHOTO_PENDING_DAYS: '14' })).toContain('nicht innerhalb von 14 Tagen, löschen wir es');
    expect(await notice('en', { FIND_PHOTO_PENDING_DAYS: '14' })).toContain('not decide within 14 days, we delete it');
  });
});
