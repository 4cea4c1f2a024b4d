/**
 * The clients' hashes the database keeps for a while (lib/client-hash.ts): keyed with a secret of the deployment,
 * so the stored value cannot be undone by hashing every IPv4 address; a report's is dropped when the report is
 * resolved or after REPORT_CLIENT_DAYS, a find's after the repeat check's hour.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { StoneView } from '../../src/shared/types';
import { REPORT_CLIENT_DAYS } from '../../src/worker/api/finds/reports/queries';
import { CRON_STEPS } from '../../src/worker/jobs/cron';
import { clientHash } from '../../src/worker/lib/client-hash';
import { sha256Hex } from '../../src/worker/lib/crypto';
import { issueOperatorToken } from '../../src/worker/lib/operator-auth';
import { clientKey } from '../../src/worker/lib/rate-limit';
import { call, clientAddress, createStone, PRODUCTION_SETTINGS, postFind, postJson } from '../support/factory';
import { insertOperator } from '../support/operator';

const DAY_MS = 24 * 60 * 60 * 1000;
const SECRET = PRODUCTION_SETTINGS.OPERATOR_JWT_SECRET;
const production = { ENVIRONMENT: 'production', OPERATOR_JWT_SECRET: SECRET };

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

describe('clientHash', () => {
  it('is HMAC-SHA-256 under a derived key: not the unkeyed SHA-256 the database kept before, nor an HMAC under the token key', async () => {
    const hash = await clientHash(production, 'report', '203.0.113.7', 'find-1');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    // What the reports stored before: SHA-256 of the address and the find, which anyone can recompute.
    expect(hash).not.toBe(await sha256Hex('203.0.113.7|find-1'));
    expect(hash).not.toBe(await sha256Hex('report|203.0.113.7|find-1'));
    // The operator tokens are signed with the secret's own bytes: the derived key is another.
    const tokenKey = await crypto.subtle.importKey('raw', new TextEncoder().encode(SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    const underTokenKey = hex(await crypto.subtle.sign('HMAC', tokenKey, new TextEncoder().encode('report|203.0.113.7|find-1')));
    expect(hash).not.toBe(underTokenKey);
  });

  it('is the same for the same client and scope, and differs for another client, scope, purpose or secret', async () => {
    const hash = await clientHash(production, 'report', '203.0.113.7', 'find-1');
    expect(await clientHash(production, 'report', '203.0.113.7', 'find-1')).toBe(hash);
    const others = [
      await clientHash(production, 'report', '203.0.113.8', 'find-1'),
      await clientHash(production, 'report', '203.0.113.7', 'find-2'),
      await clientHash(production, 'find', '203.0.113.7', 'find-1'),
      await clientHash({ ...production, OPERATOR_JWT_SECRET: `${SECRET} rotated` }, 'report', '203.0.113.7', 'find-1'),
    ];
    expect(new Set([hash, ...others]).size).toBe(5);
    // Back to the first secret: the first key again.
    expect(await clientHash(production, 'report', '203.0.113.7', 'find-1')).toBe(hash);
  });

  it('uses the development key in development and refuses a deployment without a secret fit for it', async () => {
    const development = await clientHash({ ENVIRONMENT: 'development' }, 'find', '203.0.113.7', 'stone');
    expect(development).toMatch(/^[0-9a-f]{64}$/);
    expect(development).toBe(await clientHash({ ENVIRONMENT: 'development', OPERATOR_JWT_SECRET: '' }, 'find', '203.0.113.7', 'stone'));
    await expect(clientHash({ ENVIRONMENT: 'production' }, 'find', '203.0.113.7', 'stone')).rejects.toThrow(/OPERATOR_JWT_SECRET/);
    await expect(clientHash({ ENVIRONMENT: 'production', OPERATOR_JWT_SECRET: 'short' }, 'find', '203.0.113.7', 'stone')).rejects.toThrow();
  });
});

describe("a find's client hash", () => {
  it('is stored keyed for the repeat check, which still flags the same client within the hour', async () => {
    const { code } = await createStone();
    const finder = clientAddress();
    expect((await postFind(code, { location: 'Kiel', latitude: 54.32, longitude: 10.13 }, { 'cf-connecting-ip': finder })).status).toBe(
      201,
    );
    const stone = await (await call(`/api/stones/${code}`)).json<StoneView>();
    const stored = await env.DB.prepare('SELECT client_hash FROM finds WHERE stone_id = ?').bind(stone.id).first<string>('client_hash');
    expect(stored).toBe(await clientHash(env, 'find', clientKey(finder), stone.id));
    expect(stored).not.toBe(await sha256Hex(`${clientKey(finder)}|${stone.id}`));
    expect((await postFind(code, { location: 'Kiel', latitude: 54.32, longitude: 10.13 }, { 'cf-connecting-ip': finder })).status).toBe(
      201,
    );
    const flags = await env.DB.prepare('SELECT flag FROM finds WHERE stone_id = ? ORDER BY seq')
      .bind(stone.id)
      .all<{ flag: string | null }>();
    expect(flags.results.map((row) => row.flag)).toEqual([null, 'repeat']);
  });
});

/** A stone with one public find; answers its code and the find's id. */
async function reportedStone() {
  const { code } = await createStone({ title: 'Gemeldet' });
  expect((await postFind(code, { location: 'Bremen', latitude: 53.08, longitude: 8.8, comment: 'Voller Name' })).status).toBe(201);
  const [find] = (await (await call(`/api/stones/${code}`)).json<StoneView>()).finds;
  return { code, findId: find?.id ?? '' };
}

const report = (code: string, findId: string, reporter = clientAddress()) =>
  postJson(`/api/stones/${code}/finds/${findId}/report`, { reason: 'personal' }, { 'cf-connecting-ip': reporter });

const hashes = async (findId: string) =>
  (
    await env.DB.prepare('SELECT client_hash, resolved_at FROM find_reports WHERE find_id = ? ORDER BY created_at, id')
      .bind(findId)
      .all<{ client_hash: string | null; resolved_at: number | null }>()
  ).results;

async function resolve(findId: string, action: 'hide' | 'remove-photo' | 'dismiss') {
  const id = await insertOperator(`moderator-${crypto.randomUUID()}@example.org`);
  const token = await issueOperatorToken(env, { id, email: 'moderator@example.org' });
  return call(`/api/admin/reports/${findId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action }),
  });
}

describe("a report's client hash", () => {
  it('keeps a reporter to one report while it is kept, and is dropped when the operator resolves the reports (hide, dismiss)', async () => {
    for (const action of ['hide', 'dismiss'] as const) {
      const { code, findId } = await reportedStone();
      const reporter = clientAddress();
      expect((await report(code, findId, reporter)).status).toBe(202);
      expect((await report(code, findId, reporter)).status).toBe(202);
      expect((await report(code, findId)).status).toBe(202);
      const open = await hashes(findId);
      expect(open).toHaveLength(2);
      expect(open[0]?.client_hash).toBe(await clientHash(env, 'report', clientKey(reporter), findId));
      expect((await resolve(findId, action)).status).toBe(200);
      const resolved = await hashes(findId);
      expect(resolved).toHaveLength(2);
      expect(resolved.every((row) => row.client_hash === null && row.resolved_at !== null)).toBe(true);
    }
  });

  it('is dropped when the operator removes the reported photo', async () => {
    const { code, findId } = await reportedStone();
    const key = `finds/${crypto.randomUUID()}.jpg`;
    await env.PHOTOS.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
    await env.DB.prepare(
      "INSERT INTO find_photos (find_id, stone_id, r2_key, content_type, size_bytes, status) SELECT id, stone_id, ?, 'image/jpeg', 4, 'approved' FROM finds WHERE id = ?",
    )
      .bind(key, findId)
      .run();
    expect((await report(code, findId)).status).toBe(202);
    expect((await resolve(findId, 'remove-photo')).status).toBe(200);
    expect(await hashes(findId)).toEqual([{ client_hash: null, resolved_at: expect.any(Number) }]);
  });

  it(`is dropped by the cron from a report open for ${REPORT_CLIENT_DAYS} days; younger ones keep theirs`, async () => {
    const now = Date.now();
    const { code, findId } = await reportedStone();
    for (let i = 0; i < 3; i++) expect((await report(code, findId)).status).toBe(202);
    const rows = await env.DB.prepare('SELECT id FROM find_reports WHERE find_id = ? ORDER BY id').bind(findId).all<{ id: string }>();
    const [old = '', almost = '', fresh = ''] = rows.results.map((row) => row.id);
    const age = (id: string, ms: number) =>
      env.DB.prepare('UPDATE find_reports SET created_at = ? WHERE id = ?')
        .bind(now - ms, id)
        .run();
    await age(old, REPORT_CLIENT_DAYS * DAY_MS + 60_000);
    await age(almost, REPORT_CLIENT_DAYS * DAY_MS - 60_000);
    await age(fresh, 60_000);
    const step = CRON_STEPS.find(([name]) => name === 'report clients');
    expect(step).toBeDefined();
    await step?.[1](env, new Date(now));
    const kept = await env.DB.prepare('SELECT id, client_hash, resolved_at FROM find_reports WHERE find_id = ?')
      .bind(findId)
      .all<{ id: string; client_hash: string | null; resolved_at: number | null }>();
    const byId = new Map(kept.results.map((row) => [row.id, row]));
    expect(byId.get(old)).toMatchObject({ client_hash: null, resolved_at: null });
    expect(byId.get(almost)?.client_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(byId.get(fresh)?.client_hash).toMatch(/^[0-9a-f]{64}$/);
    // The report itself stays on the operator's list: only who sent it is forgotten.
    expect(kept.results).toHaveLength(3);
  });
});
