import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PHOTO_BYTES } from '../../src/shared/schemas/limits';
import type { FindView, OwnerFindView, OwnerStoneView, StoneView } from '../../src/shared/types';
import { getDb } from '../../src/worker/db/client';
import { ORPHAN_CONFIRM_MS, ORPHAN_GRACE_MS, sweepOrphanObjects } from '../../src/worker/jobs/photo-sweep';
import { blackPng, jpegDeclaring, pngDeclaring, webpDeclaring } from '../support/declared-images';
import { call, callWith, clientAddress, createStone, expectApiError, postFind, snapshot } from '../support/factory';
import { quiet } from '../support/faults';
import { TINY_JPEG } from '../support/images';
import { linkIn, mailsTo, waitForMails } from '../support/mail';
import { operatorToken } from '../support/operator';

const SITE = 'https://reisesteine.test';

const bytesOf = (...parts: Array<number[] | Uint8Array | string>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : [...p])));
const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];

/** The tiny JPEG with an EXIF segment holding a GPS IFD (GPSLatitudeRef "N", 52° 31' 12"), as a phone writes it. */
function jpegWithGps(): Uint8Array {
  const entry = (tag: number, type: number, count: number, value: number[]) => [...u16(tag), ...u16(type), ...u32(count), ...value];
  const ifd0 = [...u16(1), ...entry(0x8825, 4, 1, u32(26)), ...u32(0)];
  const gps = [...u16(2), ...entry(0x0001, 2, 2, [0x4e, 0, 0, 0]), ...entry(0x0002, 5, 3, u32(56)), ...u32(0)];
  const latitude = [...u32(52), ...u32(1), ...u32(31), ...u32(1), ...u32(12), ...u32(1)];
  const tiff = [...bytesOf('MM'), 0, 42, ...u32(8), ...ifd0, ...gps, ...latitude];
  const payload = [...bytesOf('Exif'), 0, 0, ...tiff];
  return bytesOf(TINY_JPEG.subarray(0, 2), [0xff, 0xe1], u16(payload.length + 2), payload, TINY_JPEG.subarray(2));
}

interface Photo {
  bytes: Uint8Array;
  name?: string;
  type?: string;
  field?: string;
}

/** A find as the find form sends it with a photo: the same fields as the JSON find, as text, and the file. */
function findForm(fields: Record<string, string>, photos: Photo[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const photo of photos)
    form.append(photo.field ?? 'photo', new File([photo.bytes], photo.name ?? 'fund.jpg', { type: photo.type ?? 'image/jpeg' }));
  return form;
}

function postFindForm(code: string, form: FormData, headers: Record<string, string> = {}, vars?: Partial<Env>): Promise<Response> {
  const init = { method: 'POST', body: form, headers: { 'accept-language': 'de-DE', ...headers } };
  return vars ? callWith(vars, `/api/stones/${code}/finds`, init) : call(`/api/stones/${code}/finds`, init);
}

const BERLIN = { location: 'Tiergarten', latitude: '52.5145', longitude: '13.35', comment: 'Unter einer Bank' };

async function findObjects(): Promise<string[]> {
  return (await env.PHOTOS.list({ prefix: 'finds/' })).objects.map((o) => o.key).sort();
}

afterEach(() => {
  vi.restoreAllMocks();
});

// The tests of this file share the bucket: each starts without find photo objects.
beforeEach(async () => {
  const keys = await findObjects();
  if (keys.length) await env.PHOTOS.delete(keys);
});

/** The find photo objects stored since `before`. */
async function newObjects(before: string[]): Promise<string[]> {
  return (await findObjects()).filter((key) => !before.includes(key));
}

async function objectBytes(key: string): Promise<Uint8Array> {
  return new Uint8Array(await ((await env.PHOTOS.get(key)) as R2ObjectBody).arrayBuffer());
}

const contains = (haystack: Uint8Array, needle: Uint8Array) => {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
};

const publicStone = async (code: string) => (await call(`/api/stones/${code}`)).json<StoneView>();
const ownerStone = async (token: string) => (await call(`/api/admin/stones/${token}`)).json<OwnerStoneView>();

/** A stone with one find that brought a photo; answers the stone, the find and its owner view. */
async function findWithPhoto(bytes: Uint8Array = TINY_JPEG) {
  const stone = await createStone({ creatorEmail: 'photo-owner@example.org', title: 'Fotofund' });
  await env.DB.prepare("UPDATE stones SET locale = 'de' WHERE code = ?").bind(stone.code).run();
  const before = await findObjects();
  const res = await postFindForm(stone.code, findForm(BERLIN, [{ bytes }]));
  expect(res.status).toBe(201);
  const { find } = await res.json<{ find: FindView }>();
  const owned = (await ownerStone(stone.adminToken)).finds.find((f) => f.id === find.id) as OwnerFindView;
  const [key = ''] = await newObjects(before);
  return { ...stone, find, owned, key };
}

function decide(token: string, findId: string, photo: string) {
  return call(`/api/admin/stones/${token}/finds/${findId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ photo }),
  });
}

describe('POST /api/stones/{code}/finds with a photo (multipart/form-data)', () => {
  it('stores the find with the same fields as JSON, and its photo pending: the public sees no photo, the owner does', async () => {
    const { code, adminToken, find, owned } = await findWithPhoto();
    expect(find).toMatchObject({ location: 'Tiergarten', latitude: 52.5145, longitude: 13.35, comment: 'Unter einer Bank', photo: null });
    expect((await publicStone(code)).finds[0]?.photo).toBeNull();
    expect(owned.photo).toEqual({ url: `${SITE}/api/admin/stones/${adminToken}/finds/${find.id}/photo`, status: 'pending' });
    const keys = await findObjects();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^finds\/[0-9a-f-]{36}\.jpg$/);
    // The public photo route neither serves the pending photo by its find nor by its key.
    expect((await call(`/photos/finds/${find.id}`)).status).toBe(404);
    expect((await call(`/photos/${keys[0]}`)).status).toBe(404);
    expect((await call(`/photos/${encodeURIComponent(keys[0] ?? '')}`)).status).toBe(404);
  });

  it('still takes a JSON find, without a photo', async () => {
    const { code } = await createStone();
    const res = await postFind(code, { location: 'Nur Text' });
    expect(res.status).toBe(201);
    expect((await res.json<{ find: FindView }>()).find.photo).toBeNull();
    expect(await findObjects()).toEqual([]);
  });

  it('takes a multipart find without a file (or with an empty one) like a JSON find', async () => {
    const { code } = await createStone();
    const form = findForm({ location: 'Ohne Foto', keep: 'true' }, []);
    form.append('photo', new File([], ''));
    expect((await postFindForm(code, form)).status).toBe(201);
    expect(await findObjects()).toEqual([]);
  });

  it('removes the EXIF GPS block from the stored bytes', async () => {
    const withGps = jpegWithGps();
    expect(contains(withGps, bytesOf('Exif'))).toBe(true);
    const { owned, adminToken, find } = await findWithPhoto(withGps);
    const [key] = await findObjects();
    const stored = await objectBytes(key ?? '');
    expect(contains(stored, bytesOf('Exif'))).toBe(false);
    expect(stored).toEqual(TINY_JPEG);
    const served = await call(new URL(owned.photo?.url ?? '').pathname);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_JPEG);
    expect(find.id).toBeTruthy();
    expect(adminToken).toBeTruthy();
  });

  it('refuses a file that is no image with 415, storing nothing', async () => {
    const { code } = await createStone();
    const before = await snapshot();
    const res = await postFindForm(code, findForm(BERLIN, [{ bytes: bytesOf('%PDF-1.7 nope'), name: 'a.jpg' }]));
    await expectApiError(res, 415, 'PHOTO_TYPE');
    expect(await snapshot()).toEqual(before);
    expect(await findObjects()).toEqual([]);
  });

  it('refuses a photo over the limit with 413, storing nothing', async () => {
    const { code } = await createStone();
    const before = await snapshot();
    const big = new Uint8Array(MAX_PHOTO_BYTES + 1);
    big.set(TINY_JPEG);
    const res = await postFindForm(code, findForm(BERLIN, [{ bytes: big }]));
    expect(res.status).toBe(413);
    expect(await snapshot()).toEqual(before);
    expect(await findObjects()).toEqual([]);
  });

  /*
   * A photo too large in pixels refuses the whole find, like any other photo that cannot be taken: nothing is
   * written before the photo is checked, and the finder, told why, can send the find again without it (the find
   * form keeps what was typed). A find stored without its photo would lose the photo without the finder knowing.
   */
  it.each([
    ['9000 × 9000', jpegDeclaring(9000, 9000), 'image/jpeg'],
    ['10 001 × 10', pngDeclaring(10_001, 10), 'image/png'],
    ['8000 × 5001', webpDeclaring(8000, 5001), 'image/webp'],
  ])('refuses a find whose photo declares %s pixels with 422, storing nothing', async (_, bytes, type) => {
    const { code } = await createStone();
    const before = await snapshot();
    const res = await postFindForm(code, findForm(BERLIN, [{ bytes, type, name: 'fund' }]));
    const error = await expectApiError(res, 422, 'PHOTO_DIMENSIONS');
    expect(error.message).toBe(
      'fund ist zu groß in Pixeln oder nennt seine Größe nicht: höchstens 10.000 Pixel je Seite und 40 Megapixel.',
    );
    expect(await snapshot()).toEqual(before);
    expect(await findObjects()).toEqual([]);
  });

  it('refuses a find with the 79 KB PNG of 9000 × 9000 black pixels, in the finder’s language', async () => {
    const { code } = await createStone();
    const before = await snapshot();
    const bomb = await blackPng(9000, 9000);
    expect(bomb.length).toBeLessThan(90_000);
    const res = await postFindForm(code, findForm(BERLIN, [{ bytes: bomb, type: 'image/png', name: 'black.png' }]), {
      'accept-language': 'el',
    });
    const error = await expectApiError(res, 422, 'PHOTO_DIMENSIONS');
    expect(error.message).toBe(
      'Το black.png είναι πολύ μεγάλο σε pixel ή δεν δηλώνει το μέγεθός του: το πολύ 10.000 pixel ανά πλευρά και 40 megapixel.',
    );
    expect(await snapshot()).toEqual(before);
    expect(await findObjects()).toEqual([]);
  });

  it('refuses two files, or a file in another field, with 400, storing nothing', async () => {
    const { code } = await createStone();
    const before = await snapshot();
    await expectApiError(await postFindForm(code, findForm(BERLIN, [{ bytes: TINY_JPEG }, { bytes: TINY_JPEG }])), 400, 'TOO_MANY_PHOTOS');
    await expectApiError(await postFindForm(code, findForm(BERLIN, [{ bytes: TINY_JPEG, field: 'picture' }])), 400, 'VALIDATION_ERROR');
    expect(await snapshot()).toEqual(before);
    expect(await findObjects()).toEqual([]);
  });

  it('validates the fields with the find schema: a bad field is a 400 and nothing is stored', async () => {
    const { code } = await createStone();
    const before = await snapshot();
    const res = await postFindForm(code, findForm({ location: 'Irgendwo', latitude: '91', longitude: '10' }, [{ bytes: TINY_JPEG }]));
    const error = await expectApiError(res, 400, 'VALIDATION_ERROR');
    expect(error.details).toHaveProperty('latitude');
    expect(await snapshot()).toEqual(before);
    expect(await findObjects()).toEqual([]);
  });

  it('stores one object when the device repeats the find with its Idempotency-Key', async () => {
    const { code } = await createStone();
    const key = crypto.randomUUID();
    const address = clientAddress();
    const headers = { 'Idempotency-Key': key, 'cf-connecting-ip': address };
    expect((await postFindForm(code, findForm(BERLIN, [{ bytes: TINY_JPEG }]), headers)).status).toBe(201);
    expect((await postFindForm(code, findForm(BERLIN, [{ bytes: TINY_JPEG }]), headers)).status).toBe(200);
    expect(await findObjects()).toHaveLength(1);
    const rows = await env.DB.prepare('SELECT r2_key FROM find_photos WHERE stone_id = (SELECT id FROM stones WHERE code = ?)')
      .bind(code)
      .all<{ r2_key: string }>();
    expect(rows.results.map((r) => r.r2_key)).toEqual(await findObjects());
  });

  it('leaves no object behind when the find’s batch fails', async () => {
    quiet();
    const { code } = await createStone();
    // The binding and the session the app opens on it (lib/d1-session.ts) refuse every batch: the find's is one.
    const failing = <T extends D1Database | D1DatabaseSession>(base: T): T =>
      new Proxy(base, {
        get(target, property) {
          if (property === 'batch') return () => Promise.reject(new Error('D1_ERROR: injected failure of the find batch'));
          if (property === 'withSession' && 'withSession' in target)
            return (constraint?: string) => failing(target.withSession(constraint as D1SessionConstraint));
          const value = Reflect.get(target, property);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    const before = await snapshot();
    const res = await postFindForm(code, findForm(BERLIN, [{ bytes: TINY_JPEG }]), {}, { DB: failing(env.DB) });
    expect(res.status).toBe(500);
    expect(await snapshot()).toEqual(before);
    expect(await findObjects()).toEqual([]);
  });
});

describe('the owner’s view of a finder’s photo', () => {
  it('answers only with the owner’s token, private and no-store, without a referrer, as an image that runs nothing', async () => {
    const { adminToken, find } = await findWithPhoto();
    const res = await call(`/api/admin/stones/${adminToken}/finds/${find.id}/photo`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const other = await createStone();
    await expectApiError(await call(`/api/admin/stones/${other.adminToken}/finds/${find.id}/photo`), 404);
    const wrong = await call(`/api/admin/stones/${'x'.repeat(43)}/finds/${find.id}/photo`);
    expect(wrong.status).toBe(404);
    expect(wrong.headers.get('cache-control')).toContain('no-store');
  });
});

describe('PATCH /api/admin/stones/{ownerToken}/finds/{findId} { photo }', () => {
  it('approves: the public find then has the photo at its public URL, which is never cached as immutable', async () => {
    const { code, adminToken, find } = await findWithPhoto();
    const res = await decide(adminToken, find.id, 'approved');
    expect(res.status).toBe(200);
    const owned = (await res.json<OwnerStoneView>()).finds[0];
    expect(owned?.photo?.status).toBe('approved');
    const url = `${SITE}/photos/finds/${find.id}`;
    expect((await publicStone(code)).finds[0]?.photo).toEqual({ url });
    const served = await call(`/photos/finds/${find.id}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_JPEG);
    expect(served.headers.get('cache-control')).toBe('public, no-cache');
    const etag = served.headers.get('etag') ?? '';
    expect((await call(`/photos/finds/${find.id}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('rejects: the bytes are deleted from R2, the owner’s url is null, the public URL answers 404', async () => {
    const { code, adminToken, find } = await findWithPhoto();
    expect((await decide(adminToken, find.id, 'approved')).status).toBe(200);
    expect((await call(`/photos/finds/${find.id}`)).status).toBe(200);
    const res = await decide(adminToken, find.id, 'rejected');
    expect(res.status).toBe(200);
    expect((await res.json<OwnerStoneView>()).finds[0]?.photo).toEqual({ url: null, status: 'rejected' });
    expect(await findObjects()).toEqual([]);
    expect((await call(`/photos/finds/${find.id}`)).status).toBe(404);
    expect((await call(`/api/admin/stones/${adminToken}/finds/${find.id}/photo`)).status).toBe(404);
    expect((await publicStone(code)).finds[0]?.photo).toBeNull();
    // Nothing left to decide about.
    await expectApiError(await decide(adminToken, find.id, 'approved'), 404, 'FIND_PHOTO_NOT_FOUND');
  });

  it('stops serving an approved photo when its find is hidden', async () => {
    const { adminToken, find } = await findWithPhoto();
    expect((await decide(adminToken, find.id, 'approved')).status).toBe(200);
    const hide = await call(`/api/admin/stones/${adminToken}/finds/${find.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hidden: true }),
    });
    expect(hide.status).toBe(200);
    expect((await call(`/photos/finds/${find.id}`)).status).toBe(404);
  });

  it('refuses another stone’s find, a find without a photo and a wrong decision, changing nothing', async () => {
    const { adminToken, find } = await findWithPhoto();
    const other = await createStone();
    await expectApiError(await decide(other.adminToken, find.id, 'approved'), 404, 'FIND_PHOTO_NOT_FOUND');
    await expectApiError(await decide(adminToken, find.id, 'maybe'), 400, 'VALIDATION_ERROR');
    const plain = await postFind(other.code, { location: 'Ohne Foto' });
    const { find: plainFind } = await plain.json<{ find: FindView }>();
    await expectApiError(await decide(other.adminToken, plainFind.id, 'approved'), 404, 'FIND_PHOTO_NOT_FOUND');
    // Hiding it in the same request is refused with the decision: the find stays shown.
    const both = await call(`/api/admin/stones/${other.adminToken}/finds/${plainFind.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hidden: true, photo: 'approved' }),
    });
    await expectApiError(both, 404, 'FIND_PHOTO_NOT_FOUND');
    expect((await publicStone(other.code)).finds.map((f) => f.id)).toEqual([plainFind.id]);
    expect((await ownerStone(adminToken)).finds[0]?.photo?.status).toBe('pending');
  });
});

describe('deciding about a finder’s photo with the edge cache on', () => {
  it('renews the stone’s scope: the public stone shows the approved photo at once, and loses it once rejected', async () => {
    const { code, adminToken, find } = await findWithPhoto();
    const cached = { EDGE_CACHE_SECONDS: '60' };
    const read = async () => {
      const res = await callWith(cached, `/api/stones/${code}`);
      return { cache: res.headers.get('x-cache'), photo: (await res.json<StoneView>()).finds[0]?.photo };
    };
    expect(await read()).toEqual({ cache: 'miss', photo: null });
    expect(await read()).toEqual({ cache: 'hit', photo: null });
    const patch = (photo: string) =>
      callWith(cached, `/api/admin/stones/${adminToken}/finds/${find.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ photo }),
      });
    expect((await patch('approved')).status).toBe(200);
    expect(await read()).toEqual({ cache: 'miss', photo: { url: `${SITE}/photos/finds/${find.id}` } });
    expect((await patch('rejected')).status).toBe(200);
    expect(await read()).toEqual({ cache: 'miss', photo: null });
  });
});

describe('the operator and a finder’s photo', () => {
  it('sees an approved photo at its public URL, a waiting one without an address, and may reject it', async () => {
    const { code, adminToken, find } = await findWithPhoto();
    const stoneId = await env.DB.prepare('SELECT id FROM stones WHERE code = ?').bind(code).first<string>('id');
    const authorization = `Bearer ${await operatorToken('fotos-operator@example.org')}`;
    const view = async () =>
      (await (await call(`/api/admin/stones/id/${stoneId}`, { headers: { authorization } })).json<OwnerStoneView>()).finds[0]?.photo;
    expect(await view()).toEqual({ url: null, status: 'pending' });
    expect((await decide(adminToken, find.id, 'approved')).status).toBe(200);
    expect(await view()).toEqual({ url: `${SITE}/photos/finds/${find.id}`, status: 'approved' });
    const res = await call(`/api/admin/stones/id/${stoneId}/finds/${find.id}`, {
      method: 'PATCH',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ photo: 'rejected' }),
    });
    expect(res.status).toBe(200);
    expect(await view()).toEqual({ url: null, status: 'rejected' });
    expect(await findObjects()).toEqual([]);
  });
});

describe('a finder’s photo elsewhere', () => {
  it('is mentioned, with a link to the owner page, only in the owner’s find mail', async () => {
    const { code } = await findWithPhoto();
    const [mail] = await waitForMails((mails) =>
      mailsTo('photo-owner@example.org')(mails).filter((m) => m.subject.includes('gefunden') && m.text.includes(code)),
    );
    if (!mail) throw new Error('no find mail');
    expect(mail.text).toContain('Der Finder hat ein Foto mitgeschickt.');
    const token = linkIn(mail, `${SITE}/admin/stone/`).slice(`${SITE}/admin/stone/`.length);
    expect((await call(`/api/admin/stones/${token}`)).status).toBe(200);
    // The find mails to followers are written from facts without the photo.
    const rows = await env.DB.prepare(
      "SELECT kind, json_extract(payload, '$.find.photo') AS photo FROM email_outbox WHERE kind LIKE 'find-%'",
    ).all();
    expect(rows.results).toEqual([{ kind: 'find-owner', photo: 1 }]);
  });

  it('says nothing of a photo in the owner’s mail of a find without one', async () => {
    const { code } = await createStone({ creatorEmail: 'plain-owner@example.org' });
    await env.DB.prepare("UPDATE stones SET locale = 'de' WHERE code = ?").bind(code).run();
    expect((await postFind(code, { location: 'Parkbank' })).status).toBe(201);
    const [mail] = await waitForMails((mails) => mailsTo('plain-owner@example.org')(mails).filter((m) => m.subject.includes('gefunden')));
    expect(mail?.text).toContain('Parkbank');
    expect(mail?.text).not.toContain('Foto');
    expect(mail?.text).not.toContain('/admin/stone/');
  });

  it('is deleted from R2 with its stone', async () => {
    const { code, find } = await findWithPhoto();
    expect(await findObjects()).toHaveLength(1);
    const stoneId = await env.DB.prepare('SELECT id FROM stones WHERE code = ?').bind(code).first<string>('id');
    const res = await call(`/api/admin/stones/${stoneId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await operatorToken()}` },
    });
    expect(res.status).toBe(200);
    expect(await findObjects()).toEqual([]);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM find_photos WHERE find_id = ?').bind(find.id).first<number>('n')).toBe(0);
  });

  it('is never taken for an orphan by the cron’s sweep, while a leftover find photo without a row is removed', async () => {
    await findWithPhoto();
    const [live] = await findObjects();
    const leftover = `finds/${crypto.randomUUID()}.jpg`;
    await env.PHOTOS.put(leftover, TINY_JPEG);
    const now = Date.now();
    const db = getDb(env.DB);
    await sweepOrphanObjects(db, env.PHOTOS, env.CACHE, new Date(now + ORPHAN_GRACE_MS + 60_000));
    expect(await sweepOrphanObjects(db, env.PHOTOS, env.CACHE, new Date(now + ORPHAN_GRACE_MS + ORPHAN_CONFIRM_MS + 120_000))).toBe(1);
    expect(await findObjects()).toEqual([live]);
  });
});
