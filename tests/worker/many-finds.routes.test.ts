/**
 * Several stones found at one place, logged in one go (`POST /api/finds`): each code as if logged alone,
 * one result per code in a 207, the refused ones in the one error shape, nothing half-written.
 */

import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ManyFindsAnswer } from '../../src/shared/find-answer';
import { callWith, createStone, expectApiError, postJson, storedFinds } from '../support/factory';
import { heldRateLimits } from '../support/rate-limits';

const body = (codes: unknown, more: Record<string, unknown> = {}) => ({
  codes,
  location: 'Strand von Warnemünde',
  latitude: 54.18,
  longitude: 12.08,
  comment: 'Drei auf einmal!',
  ...more,
});

let client = 0;
const nextClient = () => `2001:db8:3a11:${(++client).toString(16)}::1`;

function postMany(payload: unknown, headers: Record<string, string> = {}, limits = heldRateLimits()) {
  return callWith(limits, '/api/finds', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': nextClient(), ...headers },
    body: JSON.stringify(payload),
  });
}

describe('several stones at once', () => {
  it('logs each known stone and refuses an unknown code in its own result (207)', async () => {
    const first = await createStone({ title: 'Erster' });
    const second = await createStone({ title: 'Zweiter' });
    const unknown = 'FFF-FFF-FF0';
    const res = await postMany(body([first.code, second.code.replaceAll('-', '').toLowerCase(), unknown]));
    expect(res.status).toBe(207);
    const { results } = await res.json<ManyFindsAnswer>();
    expect(results.map((result) => [result.code, result.status, result.error?.code ?? null])).toEqual([
      [first.code, 201, null],
      [second.code, 201, null],
      [unknown, 404, 'STONE_NOT_FOUND'],
    ]);
    expect(results[0]?.find).toMatchObject({ location: 'Strand von Warnemünde', comment: 'Drei auf einmal!', pending: false });
    expect(results[2]?.error?.message).toBeTruthy();
    for (const { code } of [first, second])
      expect((await storedFinds(code)).map((find) => find.location)).toEqual(['Strand von Warnemünde']);
    const unknownRows = await env.DB.prepare('SELECT count(*) AS n FROM stones WHERE code = ?').bind(unknown).first<{ n: number }>();
    expect(unknownRows?.n).toBe(0);
  });

  it("applies each stone's own rules: its rate limit and its plausibility flag", async () => {
    const limited = await createStone({ title: 'Oft gefunden' });
    const far = await createStone({ title: 'Weit gereist' });
    const fine = await createStone({ title: 'Ruhig' });
    const limits = heldRateLimits();
    const address = nextClient();
    // Three finds a minute on a stone from one client are its limit.
    for (let i = 0; i < 3; i++) {
      const res = await callWith(limits, `/api/stones/${limited.code}/finds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': address },
        body: JSON.stringify({ location: `Ort ${i}` }),
      });
      expect(res.status).toBe(201);
    }
    // The far stone was in Lisbon a minute ago: the Baltic now is faster than anyone travels.
    expect((await postJson(`/api/stones/${far.code}/finds`, { location: 'Lisboa', latitude: 38.72, longitude: -9.14 })).status).toBe(201);
    const res = await postMany(body([limited.code, far.code, fine.code]), { 'cf-connecting-ip': address }, limits);
    expect(res.status).toBe(207);
    const { results } = await res.json<ManyFindsAnswer>();
    expect(results.map((result) => [result.code, result.status, result.error?.code ?? null])).toEqual([
      [limited.code, 429, 'RATE_LIMITED'],
      [far.code, 202, 'FIND_PENDING'],
      [fine.code, 201, null],
    ]);
    expect(results[1]?.find?.pending).toBe(true);
    expect((await storedFinds(limited.code)).map((find) => find.location)).toEqual(['Ort 0', 'Ort 1', 'Ort 2']);
    expect((await storedFinds(far.code)).map((find) => find.location)).toEqual(['Lisboa', 'Strand von Warnemünde']);
  });

  it('logs a code sent twice once, refuses one that is no code in its result, and a repeated key logs nothing again', async () => {
    const stone = await createStone();
    const key = crypto.randomUUID();
    const first = await postMany(body([stone.code, stone.code, 'kein-code']), { 'idempotency-key': key });
    expect((await first.json<ManyFindsAnswer>()).results.map((result) => [result.code, result.status])).toEqual([
      [stone.code, 201],
      ['kein-code', 400],
    ]);
    const again = await postMany(body([stone.code]), { 'idempotency-key': key });
    expect((await again.json<ManyFindsAnswer>()).results.map((result) => result.status)).toEqual([200]);
    expect(await storedFinds(stone.code)).toHaveLength(1);
  });

  it('refuses a request it cannot read as a whole, writing nothing', async () => {
    const stone = await createStone();
    const eleven = Array.from({ length: 11 }, () => stone.code);
    for (const payload of [
      body(eleven),
      body([]),
      body('A1B-2C3-D4E'),
      body([42]),
      body([stone.code], { location: '' }),
      { codes: [stone.code] },
    ]) {
      await expectApiError(await postMany(payload), 400, 'VALIDATION_ERROR');
    }
    expect(await storedFinds(stone.code)).toHaveLength(0);
  });
});
