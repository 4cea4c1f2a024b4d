import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { randomCode } from '../../src/shared/code';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../src/shared/schemas/limits';
import { blackPng, gifDeclaring, jpegDeclaring, pngDeclaring, webpDeclaring } from '../support/declared-images';
import { call, countRows, expectApiError, insertStone, snapshot } from '../support/factory';
import { mpfSegment, TINY_JPEG } from '../support/images';

/** A real 1×1 PNG. */
const TINY_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

const bytesOf = (...parts: Array<number[] | Uint8Array | string>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : [...p])));
const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];

/**
 * An EXIF APP1 segment as a phone writes it: a big-endian TIFF with IFD0 pointing to a GPS IFD that holds
 * GPSLatitudeRef "N" and GPSLatitude 52° 31' 12" (Berlin).
 */
function exifWithGps(): Uint8Array {
  const entry = (tag: number, type: number, count: number, value: number[]) => [...u16(tag), ...u16(type), ...u32(count), ...value];
  const ifd0 = [...u16(1), ...entry(0x8825, 4, 1, u32(26)), ...u32(0)]; // GPSInfo → offset 26
  const gps = [...u16(2), ...entry(0x0001, 2, 2, [0x4e, 0, 0, 0]), ...entry(0x0002, 5, 3, u32(56)), ...u32(0)];
  const latitude = [...u32(52), ...u32(1), ...u32(31), ...u32(1), ...u32(12), ...u32(1)];
  const tiff = [...bytesOf('MM'), 0, 42, ...u32(8), ...ifd0, ...gps, ...latitude];
  const payload = [...bytesOf('Exif'), 0, 0, ...tiff];
  return bytesOf([0xff, 0xe1], u16(payload.length + 2), payload);
}

/** The tiny JPEG with the EXIF segment right after its start marker. */
const jpegWithGps = () => bytesOf(TINY_JPEG.subarray(0, 2), exifWithGps(), TINY_JPEG.subarray(2));

/**
 * A multi-picture JPEG as phones write it: the tiny JPEG with an MPF index in APP2, then after its EOI a second
 * picture with its own EXIF (GPS) and a marker in a comment. MPF offsets count from its "MM"; the entries follow
 * the index IFD (8 + 2 + 3 × 12 + 4 = 50).
 */
function multiPictureJpeg(): Uint8Array {
  const second = bytesOf(jpegWithGps().subarray(0, 2), [0xff, 0xfe], u16(12), 'GPS-SECRET', jpegWithGps().subarray(2));
  const mpf = (firstSize: number, secondOffset: number) => mpfSegment(firstSize, second.length, secondOffset);
  const jfifEnd = 20; // SOI and the JFIF APP0
  const firstSize = TINY_JPEG.length + mpf(0, 0).length;
  return bytesOf(TINY_JPEG.subarray(0, jfifEnd), mpf(firstSize, firstSize - (jfifEnd + 8)), TINY_JPEG.subarray(jfifEnd), second);
}

/** The tiny PNG with a tEXt chunk (as editors write "Comment"/"GPS") before IEND. */
function pngWithText(): Uint8Array {
  const text = bytesOf('tEXt', 'Comment\0Taken at 52.52,13.40');
  const chunk = bytesOf(u32(text.length - 4), text, u32(0));
  const iend = TINY_PNG.length - 12;
  return bytesOf(TINY_PNG.subarray(0, iend), chunk, TINY_PNG.subarray(iend));
}

async function photoStone(hasPhotos = true) {
  return insertStone({ code: randomCode((bytes) => crypto.getRandomValues(bytes)), title: 'Fotostein', hasPhotos, isPaid: true });
}

function upload(adminToken: string, files: Array<{ bytes: Uint8Array; name: string; type: string }>, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const file of files) form.append('photo', new File([file.bytes], file.name, { type: file.type }));
  return call(`/api/admin/stones/${adminToken}/photos`, {
    method: 'POST',
    body: form,
    headers: { 'accept-language': 'de-DE', ...headers },
  });
}

async function storedObjects(): Promise<Uint8Array[]> {
  const { objects } = await env.PHOTOS.list();
  return Promise.all(objects.map(async (o) => new Uint8Array(await ((await env.PHOTOS.get(o.key)) as R2ObjectBody).arrayBuffer())));
}

const contains = (haystack: Uint8Array, needle: string) => new TextDecoder('latin1').decode(haystack).includes(needle);

describe('POST /api/admin/stones/{ownerToken}/photos', () => {
  it('stores a phone JPEG without its GPS EXIF, byte for byte the picture without the segment', async () => {
    const { adminToken } = await photoStone();
    const original = jpegWithGps();
    expect(contains(original, 'Exif')).toBe(true);
    const res = await upload(adminToken, [{ bytes: original, name: 'IMG_2041.JPG', type: 'image/jpeg' }]);
    expect(res.status).toBe(201);
    const { photos } = await res.json<{ photos: string[] }>();
    expect(photos).toHaveLength(1);
    const [stored] = await storedObjects();
    expect(stored).toEqual(TINY_JPEG);
    const served = await call(new URL(photos[0] ?? '').pathname);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_JPEG);
  });

  it('stores only the first picture of a multi-picture JPEG: no MPF index, no second picture with its GPS', async () => {
    const { adminToken } = await photoStone();
    const original = multiPictureJpeg();
    expect(contains(original, 'GPS-SECRET')).toBe(true);
    const res = await upload(adminToken, [{ bytes: original, name: 'PXL_2041.MP.jpg', type: 'image/jpeg' }]);
    expect(res.status).toBe(201);
    const { photos } = await res.json<{ photos: string[] }>();
    const [stored] = await storedObjects();
    expect(stored && contains(stored, 'GPS-SECRET')).toBe(false);
    expect(stored && contains(stored, 'MPF')).toBe(false);
    expect(stored).toEqual(TINY_JPEG);
    const served = new Uint8Array(await (await call(new URL(photos[0] ?? '').pathname)).arrayBuffer());
    expect(served).toEqual(TINY_JPEG);
  });

  it('drops a PNG’s text chunks and keeps the image', async () => {
    const { adminToken } = await photoStone();
    expect((await upload(adminToken, [{ bytes: pngWithText(), name: 'scan.png', type: 'image/png' }])).status).toBe(201);
    expect(await storedObjects()).toEqual([TINY_PNG]);
  });

  it.each([
    { name: 'text called photo.jpg', bytes: bytesOf('just some text'), type: 'image/jpeg' },
    {
      name: 'drawing.svg',
      bytes: bytesOf('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      type: 'image/svg+xml',
    },
    { name: 'page.png', bytes: bytesOf('<!DOCTYPE html><script>alert(1)</script>'), type: 'image/png' },
  ])('refuses $name by its bytes, whatever it is called, and stores nothing', async (file) => {
    const { adminToken } = await photoStone();
    const error = await expectApiError(await upload(adminToken, [file]), 415, 'PHOTO_TYPE');
    expect(error.message).toBe(`${file.name} ist keine Bilddatei.`);
    expect(await storedObjects()).toEqual([]);
    expect(await countRows('photos')).toBe(0);
  });

  it.each([
    ['cut in its segments', jpegWithGps().subarray(0, 40)],
    ['without its EOI', jpegWithGps().subarray(0, -2)],
  ])('refuses a JPEG %s', async (_, bytes) => {
    const { adminToken } = await photoStone();
    await expectApiError(await upload(adminToken, [{ bytes, name: 'cut.jpg', type: 'image/jpeg' }]), 400, 'PHOTO_BROKEN');
    expect(await storedObjects()).toEqual([]);
  });

  it('refuses a photo over 5 MB with the spec’s message', async () => {
    const { adminToken } = await photoStone();
    const big = new Uint8Array(MAX_PHOTO_BYTES + 1);
    big.set(TINY_JPEG);
    const error = await expectApiError(
      await upload(adminToken, [{ bytes: big, name: 'huge.jpg', type: 'image/jpeg' }]),
      413,
      'PHOTO_TOO_LARGE',
    );
    expect(error.message).toBe('huge.jpg ist größer als 5MB.');
  });

  it.each([
    { name: '9000x9000.jpg', bytes: jpegDeclaring(9000, 9000), type: 'image/jpeg' },
    { name: 'progressive.jpg', bytes: jpegDeclaring(9000, 9000, 0xc2), type: 'image/jpeg' },
    { name: 'arithmetic.jpg', bytes: jpegDeclaring(10, 10_001, 0xc9), type: 'image/jpeg' },
    { name: 'line.png', bytes: pngDeclaring(10_001, 10), type: 'image/png' },
    { name: '40mp.webp', bytes: webpDeclaring(8000, 5001), type: 'image/webp' },
    { name: 'tall.gif', bytes: gifDeclaring(10, 10_001), type: 'image/gif' },
    { name: 'dnl.jpg', bytes: jpegDeclaring(640, 0), type: 'image/jpeg' },
  ])('refuses $name by the size its header declares with 422, before decoding it, storing nothing', async (file) => {
    const { adminToken } = await photoStone();
    const before = await snapshot();
    const error = await expectApiError(await upload(adminToken, [file]), 422, 'PHOTO_DIMENSIONS');
    expect(error.message).toBe(
      `${file.name} ist zu groß in Pixeln oder nennt seine Größe nicht: höchstens 10.000 Pixel je Seite und 40 Megapixel.`,
    );
    expect(await snapshot()).toEqual(before);
    expect(await storedObjects()).toEqual([]);
  });

  it('refuses a 79 KB PNG of 9000 × 9000 black pixels, in English too, storing neither it nor the photo sent with it', async () => {
    const { adminToken } = await photoStone();
    const bomb = await blackPng(9000, 9000);
    expect(bomb.length).toBeGreaterThan(70_000);
    expect(bomb.length).toBeLessThan(90_000);
    const files = [
      { bytes: TINY_JPEG, name: 'fine.jpg', type: 'image/jpeg' },
      { bytes: bomb, name: 'black.png', type: 'image/png' },
    ];
    const error = await expectApiError(await upload(adminToken, files, { 'accept-language': 'en' }), 422, 'PHOTO_DIMENSIONS');
    expect(error.message).toBe(
      'black.png is too large in pixels or does not say its size: at most 10,000 pixels a side and 40 megapixels.',
    );
    expect(await storedObjects()).toEqual([]);
    expect(await countRows('photos')).toBe(0);
  });

  it('takes a photo of exactly 40 megapixels and of 10 000 px a side', async () => {
    const { adminToken } = await photoStone();
    const files = [
      { bytes: pngDeclaring(10_000, 4000), name: 'wide.png', type: 'image/png' },
      { bytes: jpegDeclaring(10, 10_000), name: 'tall.jpg', type: 'image/jpeg' },
    ];
    expect((await upload(adminToken, files)).status).toBe(201);
    expect(await countRows('photos')).toBe(2);
  });

  it('refuses more photos than the stone has room for, with how many fit', async () => {
    const { adminToken } = await photoStone();
    expect(
      (
        await upload(adminToken, [
          { bytes: TINY_JPEG, name: 'a.jpg', type: 'image/jpeg' },
          { bytes: TINY_PNG, name: 'b.png', type: 'image/png' },
        ])
      ).status,
    ).toBe(201);
    const six = Array.from({ length: MAX_PHOTOS }, (_, i) => ({ bytes: TINY_JPEG, name: `${i}.jpg`, type: 'image/jpeg' }));
    const error = await expectApiError(await upload(adminToken, six), 409, 'TOO_MANY_PHOTOS');
    expect(error.message).toBe('Du kannst nur noch 3 Foto(s) hinzufügen.');
    expect(await countRows('photos')).toBe(2);
  });

  it('never leaves more than five photos or an orphaned object when six uploads race', async () => {
    const { adminToken } = await photoStone();
    const answers = await Promise.all(
      Array.from({ length: MAX_PHOTOS + 1 }, (_, i) => upload(adminToken, [{ bytes: TINY_JPEG, name: `${i}.jpg`, type: 'image/jpeg' }])),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_PHOTOS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(1);
    expect(await countRows('photos')).toBe(MAX_PHOTOS);
    expect((await env.PHOTOS.list()).objects).toHaveLength(MAX_PHOTOS);
  });

  it('refuses photos for a stone without the photo feature, an unknown owner link, and an operator-side request', async () => {
    const plain = await photoStone(false);
    const paid = await photoStone();
    const before = await snapshot();
    await expectApiError(
      await upload(plain.adminToken, [{ bytes: TINY_JPEG, name: 'a.jpg', type: 'image/jpeg' }]),
      402,
      'FEATURE_REQUIRED',
    );
    await expectApiError(await upload('x'.repeat(43), [{ bytes: TINY_JPEG, name: 'a.jpg', type: 'image/jpeg' }]), 404, 'NOT_FOUND');
    await expectApiError(
      await upload(paid.adminToken, [{ bytes: TINY_JPEG, name: 'a.jpg', type: 'image/jpeg' }], { authorization: 'Bearer x' }),
      401,
      'UNAUTHORIZED',
    );
    expect(await snapshot()).toEqual(before);
    expect(await storedObjects()).toEqual([]);
  });
});
