import { env } from 'cloudflare:test';
import { decode } from 'fast-png';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStoneShare } from '../../src/worker/share/job';
import { blackPng } from '../support/declared-images';
import { call, insertFind, insertStone } from '../support/factory';
import { sceneJpeg } from '../support/large-photos';
import { JOURNEY_40, premiumPhoto } from '../support/premium-card';

describe('a premium stone card', () => {
  it('shows the first photo and is rendered in workerd', async () => {
    const stone = await insertStone({ code: 'C4D-000-F07', title: 'Mit Foto', isPaid: true, hasPhotos: true, findSeq: 40 });
    for (const [i, [latitude, longitude]] of JOURNEY_40.entries()) await insertFind(stone.id, { seq: i + 1, latitude, longitude });
    const key = `${crypto.randomUUID()}.jpg`;
    await env.PHOTOS.put(key, premiumPhoto());
    await env.DB.prepare('INSERT INTO photos (id, stone_id, r2_key, content_type, size_bytes) VALUES (?, ?, ?, ?, 1)')
      .bind(crypto.randomUUID(), stone.id, key, 'image/jpeg')
      .run();

    expect((await renderStoneShare(env, stone.code)).outcome).toBe('rendered');
    const version = await env.DB.prepare('SELECT share_card FROM stones WHERE id = ?').bind(stone.id).first<string>('share_card');
    const object = await env.PHOTOS.get(`share/stone/${stone.code}/${version}.png`);
    const image = decode(new Uint8Array(await (object as R2ObjectBody).arrayBuffer()));
    // The middle of the photo's frame in the map's lower right corner.
    const at = ((630 - 36 - 105) * 1200 + (1200 - 36 - 105)) * 3;
    const pixel = [...image.data.slice(at, at + 3)];
    expect(
      pixel.every((v, i) => Math.abs(v - ([32, 160, 160][i] ?? 0)) <= 6),
      String(pixel),
    ).toBe(true);
  });
});

/** The card stored for a stone, decoded. */
async function storedCard(stoneId: string, code: string) {
  const version = await env.DB.prepare('SELECT share_card FROM stones WHERE id = ?').bind(stoneId).first<string>('share_card');
  const object = await env.PHOTOS.get(`share/stone/${code}/${version}.png`);
  return decode(new Uint8Array(await (object as R2ObjectBody).arrayBuffer()));
}

const pixelAt = (image: ReturnType<typeof decode>, x: number, y: number) => [
  ...image.data.slice((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3),
];
const near = (actual: number[], expected: number[]) => expected.every((v, i) => Math.abs((actual[i] ?? -999) - v) <= 12);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a premium stone card with the largest photo an upload takes', () => {
  it('shows a 40-megapixel JPEG its owner uploaded (8000 × 5000, under 5 MB), decoded in workerd at 1/8 of its size', async () => {
    const stone = await insertStone({ code: 'C4D-000-F09', title: 'Großes Foto', isPaid: true, hasPhotos: true });
    const form = new FormData();
    form.append('photo', new File([sceneJpeg(8000, 5000, false)], 'gross.jpg', { type: 'image/jpeg' }));
    expect((await call(`/api/admin/stones/${stone.adminToken}/photos`, { method: 'POST', body: form })).status).toBe(201);
    const warn = vi.spyOn(console, 'warn');

    expect((await renderStoneShare(env, stone.code)).outcome).toBe('rendered');
    expect(warn).not.toHaveBeenCalled();
    // The middle 5000 × 5000 of the photo, drawn at 954, 384, 210 px a side: its sun, its sky, its field.
    const card = await storedCard(stone.id, stone.code);
    expect(pixelAt(card, 975, 447), 'sun').toSatisfy((p: number[]) => near(p, [250, 200, 60]));
    expect(pixelAt(card, 1059, 405), 'sky').toSatisfy((p: number[]) => near(p, [96, 156, 235]));
    expect(pixelAt(card, 1059, 552), 'field').toSatisfy((p: number[]) => near(p, [80, 128, 50]));
  }, 120_000);

  it('leaves out a photo stored before uploads were limited (the 79 KB PNG of 9000 × 9000), unread, and logs why', async () => {
    const stone = await insertStone({ code: 'C4D-000-F0A', title: 'Altes Foto', isPaid: true, hasPhotos: true });
    const key = `${crypto.randomUUID()}.png`;
    await env.PHOTOS.put(key, await blackPng(9000, 9000));
    await env.DB.prepare('INSERT INTO photos (id, stone_id, r2_key, content_type, size_bytes) VALUES (?, ?, ?, ?, 1)')
      .bind(crypto.randomUUID(), stone.id, key, 'image/png')
      .run();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    expect((await renderStoneShare(env, stone.code)).outcome).toBe('rendered');
    const logged = warn.mock.calls.map(([line]) => JSON.parse(String(line)) as { message: string; reason: string });
    expect(logged).toEqual([
      expect.objectContaining({ message: 'share card without its photo', reason: 'image/png: 9000 × 9000 px, over the photo limits' }),
    ]);
    // No black photo where it would be: the map goes on there.
    expect(pixelAt(await storedCard(stone.id, stone.code), 1059, 480)).not.toSatisfy((p: number[]) => near(p, [0, 0, 0]));
  });
});
