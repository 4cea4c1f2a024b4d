/**
 * The cron's orphan-photo sweep (sweepOrphanObjects) against real R2, D1 and KV: it removes an object without a
 * photo row only when two sweeps at least a day apart found it so, at most SWEEP_MAX_DELETES a run, and nothing
 * at all when most of what it looked at has no row (a restore to an earlier point, a Worker bound to the wrong
 * database): decision record 016.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../src/worker/db/client';
import {
  ORPHAN_CONFIRM_MS,
  ORPHAN_GRACE_MS,
  SWEEP_ALARM_MIN,
  SWEEP_ALARM_SHARE,
  SWEEP_MAX_DELETES,
  sweepOrphanObjects,
} from '../../src/worker/jobs/photo-sweep';

afterEach(() => {
  vi.restoreAllMocks();
});

const MINUTE = 60_000;

/** Stores `count` small objects under fresh photo keys and returns the keys. */
async function putObjects(count: number): Promise<string[]> {
  const keys = Array.from({ length: count }, () => `${crypto.randomUUID()}.jpg`);
  for (let i = 0; i < keys.length; i += 50) {
    await Promise.all(keys.slice(i, i + 50).map((key) => env.PHOTOS.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))));
  }
  return keys;
}

/** Writes a photo row for each key, five to a stone (the schema's limit). */
async function addRows(keys: string[]): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < keys.length; i += 5) {
    const stoneId = crypto.randomUUID();
    statements.push(
      env.DB.prepare(
        'INSERT INTO stones (id, code, title, creator_email, owner_token_hash, has_photos, is_paid) VALUES (?, ?, ?, ?, ?, 1, 1)',
      ).bind(stoneId, `S-${stoneId}`, 'Fotostein', 'a@example.org', stoneId),
    );
    for (const key of keys.slice(i, i + 5)) {
      statements.push(
        env.DB.prepare('INSERT INTO photos (id, stone_id, r2_key, content_type, size_bytes) VALUES (?, ?, ?, ?, 4)').bind(
          crypto.randomUUID(),
          stoneId,
          key,
          'image/jpeg',
        ),
      );
    }
  }
  if (statements.length) await env.DB.batch(statements);
}

const removeRow = (key: string) => env.DB.prepare('DELETE FROM photos WHERE r2_key = ?').bind(key).run();

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.PHOTOS.list({ limit: 1000, ...(cursor ? { cursor } : {}) });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

async function sightings(): Promise<Array<{ r2_key: string; first_seen_at: number }>> {
  const { results } = await env.DB.prepare('SELECT r2_key, first_seen_at FROM orphan_sightings ORDER BY r2_key').all<{
    r2_key: string;
    first_seen_at: number;
  }>();
  return results;
}

const sweep = (at: number) => sweepOrphanObjects(getDb(env.DB), env.PHOTOS, env.CACHE, new Date(at));

/** The app's log lines of one level, parsed (lib/logger.ts writes one JSON object per line). */
function captureLog(level: 'warn' | 'error' | 'info'): Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = [];
  vi.spyOn(console, level).mockImplementation((line: unknown) => {
    lines.push(JSON.parse(String(line)) as Record<string, unknown>);
  });
  return lines;
}

/** A time when every object stored so far is past the grace hour an upload gets. */
const afterGrace = () => Date.now() + ORPHAN_GRACE_MS + MINUTE;

describe('the orphan-photo sweep', () => {
  it('removes nothing on the first sighting, and records it', async () => {
    captureLog('warn');
    const [orphan = ''] = await putObjects(1);
    const photos = await putObjects(3);
    await addRows(photos);
    const first = afterGrace();
    expect(await sweep(first)).toBe(0);
    expect(await storedKeys()).toEqual([orphan, ...photos].sort());
    expect(await sightings()).toEqual([{ r2_key: orphan, first_seen_at: first }]);
  });

  it("leaves the share cards of existing stones and collections alone (the share job sweeps them) and removes a deleted one's", async () => {
    captureLog('warn');
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO stones (id, code, title, creator_email, owner_token_hash) VALUES ('s1', 'ABC-123-DEF', 'Karte', 'a@example.org', 'h1')",
      ),
      env.DB.prepare(
        "INSERT INTO collections (id, title, creator_email, owner_token_hash) VALUES ('abcdefghij', 'Sammlung', 'a@example.org', 'h2')",
      ),
    ]);
    const kept = ['share/stone/ABC-123-DEF/0123456789abcdef.png', 'share/collection/abcdefghij/0123456789abcdef.png'];
    // A deleted stone's and collection's cards that their deletion could not remove.
    const orphans = ['share/stone/DEF-456-ABC/0123456789abcdef.png', 'share/collection/zyxwvutsrq/0123456789abcdef.png'];
    for (const card of [...kept, ...orphans]) await env.PHOTOS.put(card, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    const first = afterGrace();
    await sweep(first);
    expect(await sightings()).toEqual([...orphans].sort().map((r2_key) => ({ r2_key, first_seen_at: first })));
    expect(await sweep(first + ORPHAN_CONFIRM_MS + MINUTE)).toBe(2);
    expect(await storedKeys()).toEqual([...kept].sort());
    expect(await sightings()).toEqual([]);
  });

  it('removes nothing on a second sighting less than a day after the first', async () => {
    captureLog('warn');
    const [orphan = ''] = await putObjects(1);
    const first = afterGrace();
    await sweep(first);
    expect(await sweep(first + ORPHAN_CONFIRM_MS - MINUTE)).toBe(0);
    expect(await storedKeys()).toEqual([orphan]);
    expect(await sightings()).toEqual([{ r2_key: orphan, first_seen_at: first }]);
  });

  it('removes the object on a sighting a day after the first, and keeps every photo with a row', async () => {
    const warnings = captureLog('warn');
    const [orphan = ''] = await putObjects(1);
    const photos = await putObjects(4);
    await addRows(photos);
    const first = afterGrace();
    await sweep(first);
    await sweep(first + 5 * MINUTE);
    expect(await sweep(first + ORPHAN_CONFIRM_MS)).toBe(1);
    expect(await storedKeys()).toEqual([...photos].sort());
    expect(await sightings()).toEqual([]);
    expect(warnings.find((line) => line.message === 'photo objects without a row removed')).toMatchObject({ keys: [orphan], waiting: 0 });
  });

  it('keeps an object whose row is back (a restore) and forgets its sighting, so the wait starts again', async () => {
    const infos = captureLog('info');
    captureLog('warn');
    const [key = ''] = await putObjects(1);
    const first = afterGrace();
    await sweep(first);
    // The row returns (the database restored to a later point, or the rows put back by hand) before the day is over.
    await addRows([key]);
    expect(await sweep(first + ORPHAN_CONFIRM_MS)).toBe(0);
    expect(await storedKeys()).toEqual([key]);
    expect(await sightings()).toEqual([]);
    expect(infos.some((line) => String(line.message).startsWith('photo object sightings forgotten'))).toBe(true);
    // Without its row again, the object gets a full day from the next sighting, not from the forgotten one.
    await removeRow(key);
    const again = first + ORPHAN_CONFIRM_MS + 5 * MINUTE;
    expect(await sweep(again)).toBe(0);
    expect(await sweep(again + ORPHAN_CONFIRM_MS - MINUTE)).toBe(0);
    expect(await storedKeys()).toEqual([key]);
    expect(await sweep(again + ORPHAN_CONFIRM_MS)).toBe(1);
    expect(await storedKeys()).toEqual([]);
  });

  it('forgets the sighting of an object that is gone', async () => {
    captureLog('warn');
    captureLog('info');
    const [key = ''] = await putObjects(1);
    const photos = await putObjects(2);
    await addRows(photos);
    const first = afterGrace();
    await sweep(first);
    await env.PHOTOS.delete(key);
    await sweep(first + 5 * MINUTE);
    expect(await sightings()).toEqual([]);
  });

  it(`removes at most ${SWEEP_MAX_DELETES} objects a run; the rest go in the next runs`, async () => {
    const warnings = captureLog('warn');
    const orphanCount = SWEEP_MAX_DELETES + 5;
    // Enough photos with rows that the orphans stay under the alarm's share.
    const photoCount = Math.ceil(orphanCount / SWEEP_ALARM_SHARE);
    const orphans = await putObjects(orphanCount);
    const photos = await putObjects(photoCount);
    await addRows(photos);
    const first = afterGrace();
    expect(await sweep(first)).toBe(0);
    expect(await sightings()).toHaveLength(orphanCount);
    expect(await sweep(first + ORPHAN_CONFIRM_MS)).toBe(SWEEP_MAX_DELETES);
    expect(warnings.filter((line) => line.message === 'photo objects without a row removed').at(-1)).toMatchObject({ waiting: 5 });
    expect(await storedKeys()).toHaveLength(photoCount + 5);
    expect(await sweep(first + ORPHAN_CONFIRM_MS + 5 * MINUTE)).toBe(5);
    expect(await storedKeys()).toEqual([...photos].sort());
    expect(await sightings()).toEqual([]);
    expect(orphans.every((key) => !photos.includes(key))).toBe(true);
  });

  it('removes nothing, records nothing and logs an error when most objects have no row (an empty or wrong database)', async () => {
    const errors = captureLog('error');
    const keys = await putObjects(SWEEP_ALARM_MIN + 2);
    const first = afterGrace();
    expect(await sweep(first)).toBe(0);
    expect(await sweep(first + ORPHAN_CONFIRM_MS)).toBe(0);
    expect(await sweep(first + 30 * ORPHAN_CONFIRM_MS)).toBe(0);
    expect(await storedKeys()).toEqual([...keys].sort());
    expect(await sightings()).toEqual([]);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatchObject({ level: 'error', lookedAt: keys.length, withoutRow: keys.length });
    expect(String(errors[0]?.message)).toMatch(/^photo sweep stopped/);
  });

  it('raises the alarm for a share of objects without a row, with photos beside them (a restore to long ago)', async () => {
    const errors = captureLog('error');
    const orphans = await putObjects(SWEEP_ALARM_MIN);
    const photos = await putObjects(SWEEP_ALARM_MIN * 5);
    await addRows(photos);
    const first = afterGrace();
    await sweep(first);
    expect(await sweep(first + ORPHAN_CONFIRM_MS)).toBe(0);
    expect(await storedKeys()).toEqual([...orphans, ...photos].sort());
    expect(errors).toHaveLength(2);
  });

  it('removes nothing when the photo rows cannot be read (a database without the table)', async () => {
    const [key = ''] = await putObjects(1);
    const unmigrated = new Proxy(env.DB, {
      get(target, property) {
        if (property === 'prepare' || property === 'batch') {
          return () => {
            throw new Error('D1_ERROR: no such table: photos: SQLITE_ERROR');
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const first = afterGrace();
    const run = (at: number) => sweepOrphanObjects(getDb(unmigrated), env.PHOTOS, env.CACHE, new Date(at));
    await expect(run(first)).rejects.toThrow(/no such table/);
    await expect(run(first + 2 * ORPHAN_CONFIRM_MS)).rejects.toThrow(/no such table/);
    expect(await storedKeys()).toEqual([key]);
  });
});
