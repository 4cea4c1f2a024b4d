import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, expectApiError } from '../support/factory';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** A stone's photo: its object in R2 and its row in D1 (the route serves no object without one). */
async function putPhoto(key: string, contentType = 'image/png'): Promise<void> {
  await env.PHOTOS.put(key, PNG, { httpMetadata: { contentType } });
  const stoneId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      'INSERT INTO stones (id, code, title, creator_email, owner_token_hash, has_photos, is_paid) VALUES (?, ?, ?, ?, ?, 1, 1)',
    ).bind(stoneId, `P-${stoneId}`, 'Fotostein', 'a@example.org', stoneId),
    env.DB.prepare('INSERT INTO photos (id, stone_id, r2_key, content_type, size_bytes) VALUES (?, ?, ?, ?, ?)').bind(
      crypto.randomUUID(),
      stoneId,
      key,
      contentType,
      PNG.length,
    ),
  ]);
}

describe('GET /photos/{key}', () => {
  it('serves a stored photo with its content type, an ETag and caching that revalidates (a photo can be deleted)', async () => {
    const key = `${crypto.randomUUID()}.png`;
    await putPhoto(key);
    const res = await call(`/photos/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
  });

  it('keeps the content type it was stored with', async () => {
    const key = `${crypto.randomUUID()}.webp`;
    await putPhoto(key, 'image/webp');
    const res = await call(`/photos/${key}`);
    expect(res.headers.get('content-type')).toBe('image/webp');
    await res.arrayBuffer();
  });

  it('answers 304 without a body when If-None-Match carries the ETag', async () => {
    const key = `${crypto.randomUUID()}.png`;
    await putPhoto(key);
    const first = await call(`/photos/${key}`);
    await first.arrayBuffer();
    const etag = first.headers.get('etag') ?? '';
    for (const ifNoneMatch of [etag, `W/${etag}`]) {
      const res = await call(`/photos/${key}`, { headers: { 'if-none-match': ifNoneMatch } });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe('public, no-cache');
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it('answers 200 with the photo when If-None-Match carries another ETag', async () => {
    const key = `${crypto.randomUUID()}.png`;
    await putPhoto(key);
    const res = await call(`/photos/${key}`, { headers: { 'if-none-match': '"something-else"' } });
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
  });

  it('answers 404 for an object without its photo row (its deletion from R2 failed): it is deleted all the same', async () => {
    const key = `${crypto.randomUUID()}.png`;
    await putPhoto(key);
    await env.DB.prepare('DELETE FROM photos WHERE r2_key = ?').bind(key).run();
    const res = await call(`/photos/${key}`);
    expect(res.status).toBe(404);
    expect(new Uint8Array(await res.arrayBuffer())).not.toEqual(PNG);
  });

  it('answers 404 for a well-formed key that is not stored', async () => {
    const res = await call(`/photos/${crypto.randomUUID()}.png`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control') ?? '').not.toContain('immutable');
  });

  it.each(['..%2Fx', '..%2F..%2Fsecret.png', 'a.txt', 'photo.png', `${'0'.repeat(36)}.exe`, 'x'])(
    'answers 404 for the malformed key "%s" even when an object of that name exists',
    async (raw) => {
      const key = decodeURIComponent(raw);
      await env.PHOTOS.put(key, PNG, { httpMetadata: { contentType: 'image/png' } });
      const res = await call(`/photos/${raw}`);
      expect(res.status).toBe(404);
      expect(new Uint8Array(await res.arrayBuffer())).not.toEqual(PNG);
    },
  );

  it.each([
    '%ZZ',
    '%00',
    '%E0%A4%A',
    'x'.repeat(5000),
    encodeURIComponent('🪨 stein.png'),
    'a/b/c/d/e/f/g/h/i/j/k',
    'stones/ABC-123-DEF/0.jpg',
    '%2e%2e/%2e%2e/etc/passwd',
  ])('answers 404 for the key "%s", which no object can have', async (raw) => {
    const res = await call(`/photos/${raw}`);
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });

  it('never serves an object outside the photo key shape through a dot-dot path', async () => {
    await env.PHOTOS.put('x', PNG);
    const res = await call('/photos/../x');
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });
});

describe('/photos takes no writes', () => {
  it.each(['PUT', 'POST', 'DELETE', 'OPTIONS'])(
    'answers %s with the JSON 404, to a foreign site too, and stores nothing',
    async (method) => {
      const res = await call('/photos/new.jpg', {
        method,
        headers: { 'content-type': 'image/jpeg', origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
        body: method === 'PUT' || method === 'POST' ? new Uint8Array([0xff, 0xd8, 0xff]) : null,
      });
      await expectApiError(res, 404, 'NOT_FOUND');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect((await env.PHOTOS.list()).objects).toEqual([]);
    },
  );
});
