import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_PHOTOS } from '../../src/shared/schemas/limits';
import { countRows, createStone } from '../support/factory';

async function stoneId(code: string): Promise<string> {
  const row = await env.DB.prepare('SELECT id FROM stones WHERE code = ?').bind(code).first<{ id: string }>();
  if (!row) throw new Error(`no stone ${code}`);
  return row.id;
}

function insertPhoto(id: string) {
  return env.DB.prepare('INSERT INTO photos (id, stone_id, r2_key, content_type, size_bytes) VALUES (?, ?, ?, ?, ?)').bind(
    crypto.randomUUID(),
    id,
    `${crypto.randomUUID()}.png`,
    'image/png',
    1234,
  );
}

describe('the database schema', () => {
  it('refuses a photo beyond the shared limit (MAX_PHOTOS), whatever code path writes it', async () => {
    const id = await stoneId((await createStone()).code);
    for (let i = 0; i < MAX_PHOTOS; i++) await insertPhoto(id).run();
    await expect(insertPhoto(id).run()).rejects.toThrow(/MAX_PHOTOS_EXCEEDED/);
    expect(await countRows('photos')).toBe(MAX_PHOTOS);
  });

  it('counts the limit per stone', async () => {
    const first = await stoneId((await createStone()).code);
    const second = await stoneId((await createStone()).code);
    for (let i = 0; i < MAX_PHOTOS; i++) await insertPhoto(first).run();
    await insertPhoto(second).run();
    expect(await countRows('photos')).toBe(MAX_PHOTOS + 1);
  });

  it('removes finds, photos and subscriptions with their stone', async () => {
    const { code } = await createStone();
    const id = await stoneId(code);
    await insertPhoto(id).run();
    await env.DB.prepare('INSERT INTO finds (id, stone_id, seq, location) VALUES (?, ?, 1, ?)')
      .bind(crypto.randomUUID(), id, 'Berlin')
      .run();
    await env.DB.prepare('INSERT INTO subscriptions (id, stone_id, email) VALUES (?, ?, ?)')
      .bind(crypto.randomUUID(), id, 'f@example.org')
      .run();
    await env.DB.prepare('DELETE FROM stones WHERE id = ?').bind(id).run();
    expect([await countRows('photos'), await countRows('finds'), await countRows('subscriptions')]).toEqual([0, 0, 0]);
  });

  it('keeps stone codes unique', async () => {
    const { code } = await createStone();
    const insert = env.DB.prepare('INSERT INTO stones (id, code, title, creator_email, owner_token_hash) VALUES (?, ?, ?, ?, ?)').bind(
      crypto.randomUUID(),
      code,
      'Doppelt',
      'a@example.org',
      'f'.repeat(64),
    );
    await expect(insert.run()).rejects.toThrow(/UNIQUE constraint failed: stones\.code/);
  });
});
