/**
 * What the fault tests (tests/worker/faults.*.test.ts) share: requests with bindings of their own, a photo bucket
 * that fails on cue, the photo rows and objects side by side, and the site totals.
 */
import { env } from 'cloudflare:test';
import { expect, vi } from 'vitest';
import { randomCode } from '../../src/shared/code';
import { callWith, insertStone } from './factory';
import { TINY_JPEG } from './images';

export const postJsonWith = (vars: Partial<Env>, path: string, body: unknown, method = 'POST') =>
  callWith(vars, path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const newCode = () => randomCode((bytes) => crypto.getRandomValues(bytes));

/** Quiet the app's expected warnings and errors about the injected faults. */
export const quiet = () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
};

/** The photo bucket, failing the puts whose number (1-based, counted over all calls) is in `failing`. */
export function failingBucket(failing: number[], counter = { puts: 0 }): R2Bucket {
  return new Proxy(env.PHOTOS, {
    get(target, property) {
      if (property === 'put') {
        return async (...args: Parameters<R2Bucket['put']>) => {
          counter.puts++;
          if (failing.includes(counter.puts)) throw new Error('put: We encountered an internal error. Please try again. (10001)');
          return target.put(...args);
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Every photo row has its object and every object its row. */
export async function photoKeys() {
  const { results } = await env.DB.prepare('SELECT r2_key FROM photos ORDER BY r2_key').all<{ r2_key: string }>();
  const objects = (await env.PHOTOS.list()).objects.map((o) => o.key).sort();
  return { rows: results.map((r) => r.r2_key), objects };
}

export async function expectConsistentPhotos(count: number) {
  const { rows, objects } = await photoKeys();
  expect(objects).toEqual(rows);
  expect(rows).toHaveLength(count);
}

export async function photoStone() {
  return insertStone({ code: newCode(), title: 'Fotostein', hasPhotos: true, isPaid: true });
}

export function uploadForm(count: number): FormData {
  const form = new FormData();
  for (let i = 0; i < count; i++) form.append('photo', new File([TINY_JPEG], `${i}.jpg`, { type: 'image/jpeg' }));
  return form;
}

export const upload = (vars: Partial<Env>, adminToken: string, count: number) =>
  callWith(vars, `/api/admin/stones/${adminToken}/photos`, { method: 'POST', body: uploadForm(count) });

export async function siteTotals() {
  return env.DB.prepare('SELECT stone_count, find_count, premium_count FROM site_totals WHERE id = 1').first<{
    stone_count: number;
    find_count: number;
    premium_count: number;
  }>();
}
