/**
 * Faults of photo storage: R2 failing a put or a removal, uploads racing for the last places. Whatever fails,
 * photo rows and objects stay together, and the client gets a clear answer in the API's one error shape.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PHOTOS } from '../../src/shared/schemas/limits';
import { runCron } from '../../src/worker/jobs/cron';
import { ORPHAN_CONFIRM_MS, ORPHAN_GRACE_MS } from '../../src/worker/jobs/photo-sweep';
import { callWith, expectApiError, snapshot } from '../support/factory';
import { expectConsistentPhotos, failingBucket, photoKeys, photoStone, quiet, upload } from '../support/faults';
import { TINY_JPEG } from '../support/images';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('R2 failing during a photo upload', () => {
  it.each([1, 2, 3])('answers 503 and keeps neither a row nor an object when put %i of three fails', async (failing) => {
    quiet();
    const { adminToken } = await photoStone();
    const res = await upload({ PHOTOS: failingBucket([failing]) }, adminToken, 3);
    await expectApiError(res, 503, 'PHOTO_STORAGE_UNAVAILABLE');
    await expectConsistentPhotos(0);
  });

  it('stores the next upload whole after a failed one', async () => {
    quiet();
    const { adminToken } = await photoStone();
    await expectApiError(await upload({ PHOTOS: failingBucket([2]) }, adminToken, 2), 503, 'PHOTO_STORAGE_UNAVAILABLE');
    expect((await upload({}, adminToken, 2)).status).toBe(201);
    await expectConsistentPhotos(2);
  });

  it('refuses photos on the free creation path before R2 is touched, storing nothing', async () => {
    const counter = { puts: 0 };
    const form = new FormData();
    form.set('creatorEmail', 'a@example.org');
    form.set('title', 'Mit Foto');
    form.append('photo', new File([TINY_JPEG], 'a.jpg', { type: 'image/jpeg' }));
    const before = await snapshot();
    const res = await callWith({ PHOTOS: failingBucket([1], counter) }, '/api/stones', { method: 'POST', body: form });
    await expectApiError(res, 402, 'PAYMENT_REQUIRED');
    expect(counter.puts).toBe(0);
    expect(await snapshot()).toEqual(before);
    await expectConsistentPhotos(0);
  });
});

describe('an object left behind because R2 failed its removal too', () => {
  it('is removed by the cron once two runs a day apart found it without a row, and photos with their rows stay', async () => {
    quiet();
    const { adminToken } = await photoStone();
    expect((await upload({}, adminToken, 1)).status).toBe(201);
    const broken = new Proxy(failingBucket([2]), {
      get(target, property) {
        if (property === 'delete') {
          return async () => {
            throw new Error('delete: We encountered an internal error. Please try again. (10001)');
          };
        }
        return Reflect.get(target, property);
      },
    });
    await expectApiError(await upload({ PHOTOS: broken }, adminToken, 2), 503, 'PHOTO_STORAGE_UNAVAILABLE');
    const left = await photoKeys();
    expect(left.rows).toHaveLength(1);
    expect(left.objects).toHaveLength(2);

    // An object without a row may be an upload under way (stored, its row not yet written): it stays a while.
    await runCron(env, new Date(Date.now() + 60_000));
    expect((await photoKeys()).objects).toHaveLength(2);
    // Then it is seen without a row, and removed only when a run a day later still finds none (a restored
    // database may be missing rows of real photos; tests/worker/photo-sweep.test.ts has the rules).
    const seen = Date.now() + ORPHAN_GRACE_MS + 60_000;
    await runCron(env, new Date(seen));
    expect((await photoKeys()).objects).toHaveLength(2);
    await runCron(env, new Date(seen + ORPHAN_CONFIRM_MS));
    await expectConsistentPhotos(1);
  });
});

describe('six photo uploads at once', () => {
  it('never stores more than five photos, rows and objects alike; the refused ones get a 409', async () => {
    const { adminToken } = await photoStone();
    const answers = await Promise.all(Array.from({ length: MAX_PHOTOS + 1 }, () => upload({}, adminToken, 1)));
    const created = answers.filter((res) => res.status === 201);
    const refused = answers.filter((res) => res.status !== 201);
    expect(created).toHaveLength(MAX_PHOTOS);
    for (const res of refused) await expectApiError(res, 409, 'TOO_MANY_PHOTOS');
    await expectConsistentPhotos(MAX_PHOTOS);
  });

  it('keeps rows and objects equal when six uploads of two photos race and one put fails', async () => {
    quiet();
    const { adminToken } = await photoStone();
    const counter = { puts: 0 };
    const bucket = failingBucket([5], counter);
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload({ PHOTOS: bucket }, adminToken, 2)));
    const statuses = answers.map((res) => res.status);
    for (const res of answers.filter((r) => r.status !== 201)) await expectApiError(res, res.status);
    expect(statuses.every((status) => [201, 409, 503].includes(status))).toBe(true);
    expect(statuses.filter((status) => status === 503)).toHaveLength(1);
    const { rows, objects } = await photoKeys();
    expect(objects).toEqual(rows);
    expect(rows.length).toBeLessThanOrEqual(MAX_PHOTOS);
    expect(rows).toHaveLength(2 * statuses.filter((status) => status === 201).length);
  });
});
