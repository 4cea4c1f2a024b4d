import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_REPORT_NOTE_LENGTH } from '../../src/shared/schemas/report';
import type { StoneView } from '../../src/shared/types';
import { clientHash } from '../../src/worker/lib/client-hash';
import { clientKey, RATE_LIMITS } from '../../src/worker/lib/rate-limit';
import { call, callWith, clientAddress, createStone, expectApiError, postFind, postJson } from '../support/factory';
import { heldRateLimits } from '../support/rate-limits';

interface ReportRow {
  find_id: string;
  reason: string;
  note: string | null;
  client_hash: string | null;
  resolved_at: number | null;
  resolution: string | null;
  resolved_by: string | null;
}

async function reportRows(): Promise<ReportRow[]> {
  const { results } = await env.DB.prepare(
    'SELECT find_id, reason, note, client_hash, resolved_at, resolution, resolved_by FROM find_reports ORDER BY created_at, id',
  ).all<ReportRow>();
  return results;
}

/** A stone with finds logged through the API (Berlin, then Hamburg, then Munich a day apart), and their ids. */
async function stoneWithFinds(locations = ['Berlin', 'Hamburg']) {
  const { code, adminToken } = await createStone({ title: 'Omas Gartenstein', creatorEmail: 'oma@example.org' });
  const places: Record<string, { latitude: number; longitude: number }> = {
    Berlin: { latitude: 52.52, longitude: 13.405 },
    Hamburg: { latitude: 53.55, longitude: 9.99 },
  };
  for (const location of locations) {
    expect(
      (await postFind(code, { location, ...places[location], comment: `In ${location}`, finderEmail: 'finder@example.org' })).status,
    ).toBe(201);
    // A day between the finds, so neither is flagged as too fast (decision record 017).
    await env.DB.prepare('UPDATE stones SET last_position_at = last_position_at - 86400000 WHERE code = ?').bind(code).run();
  }
  const view = await (await call(`/api/stones/${code}`)).json<StoneView>();
  return { code, adminToken, view, ids: view.finds.map((find) => find.id) };
}

const report = (code: string, findId: string, body: unknown, headers: Record<string, string> = {}) =>
  postJson(`/api/stones/${code}/finds/${findId}/report`, body, headers);
describe('POST /api/stones/{code}/finds/{findId}/report', () => {
  it('stores a report of a public find with its reason and note, keyed by a keyed hash of the reporter and never the address', async () => {
    const { code, ids } = await stoneWithFinds();
    const reporter = clientAddress();
    const res = await report(
      code,
      ids[0] ?? '',
      { reason: 'personal', note: '  Da steht ein voller Name.  ' },
      { 'cf-connecting-ip': reporter },
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ reported: true });
    const rows = await reportRows();
    expect(rows).toEqual([
      {
        find_id: ids[0],
        reason: 'personal',
        note: 'Da steht ein voller Name.',
        client_hash: await clientHash(env, 'report', clientKey(reporter), ids[0] ?? ''),
        resolved_at: null,
        resolution: null,
        resolved_by: null,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain('2001:db8');
  });

  it('takes a repeat from the same reporter with the same answer and writes one row; another reporter adds one', async () => {
    const { code, ids } = await stoneWithFinds();
    const reporter = clientAddress();
    for (const reason of ['spam', 'offensive']) {
      const res = await report(code, ids[1] ?? '', { reason }, { 'cf-connecting-ip': reporter });
      expect([res.status, await res.json()]).toEqual([202, { reported: true }]);
    }
    expect((await reportRows()).map((row) => row.reason)).toEqual(['spam']);
    expect((await report(code, ids[1] ?? '', { reason: 'wrong' })).status).toBe(202);
    expect((await reportRows()).map((row) => row.reason)).toEqual(['spam', 'wrong']);
  });

  it('answers 404 in the one error shape for a hidden find, an unknown find and an unknown stone, writing nothing', async () => {
    const { code, ids } = await stoneWithFinds();
    const other = await stoneWithFinds(['Berlin']);
    await env.DB.prepare('UPDATE finds SET hidden = 1 WHERE id = ?').bind(ids[0]).run();
    await expectApiError(await report(code, ids[0] ?? '', { reason: 'spam' }), 404, 'FIND_NOT_FOUND');
    await expectApiError(await report(code, crypto.randomUUID(), { reason: 'spam' }), 404, 'FIND_NOT_FOUND');
    await expectApiError(await report(code, 'kein_fund', { reason: 'spam' }), 404, 'FIND_NOT_FOUND');
    // A find of another stone is not a find of this one.
    await expectApiError(await report(code, other.ids[0] ?? '', { reason: 'spam' }), 404, 'FIND_NOT_FOUND');
    await expectApiError(await report('FFF-FFF-FFF', ids[1] ?? '', { reason: 'spam' }), 404, 'STONE_NOT_FOUND');
    expect(await reportRows()).toEqual([]);
  });

  it('refuses a missing or unknown reason, a note too long and a body that is not JSON with 4xx, writing nothing', async () => {
    const { code, ids } = await stoneWithFinds();
    const id = ids[0] ?? '';
    const unknown = await expectApiError(await report(code, id, { reason: 'boring' }), 400, 'VALIDATION_ERROR');
    expect(unknown.details).toHaveProperty('reason');
    await expectApiError(await report(code, id, {}), 400, 'VALIDATION_ERROR');
    const long = await expectApiError(
      await report(code, id, { reason: 'other', note: 'x'.repeat(MAX_REPORT_NOTE_LENGTH + 1) }),
      400,
      'VALIDATION_ERROR',
    );
    expect(long.details).toHaveProperty('note');
    await expectApiError(await report(code, id, { reason: 'other', note: 42 }), 400, 'VALIDATION_ERROR');
    await expectApiError(await call(`/api/stones/${code}/finds/${id}/report`, { method: 'POST', body: 'reason=spam' }), 415);
    await expectApiError(
      await call(`/api/stones/${code}/finds/${id}/report`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
      400,
      'INVALID_JSON',
    );
    expect(await reportRows()).toEqual([]);
  });

  it(`refuses more than ${RATE_LIMITS.reports.limit} reports a minute from one client with 429 and Retry-After, writing nothing more`, async () => {
    const { code, ids } = await stoneWithFinds();
    const limits = heldRateLimits();
    const client = clientAddress();
    const send = (path: string, body: unknown) =>
      callWith(limits, path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': client },
        body: JSON.stringify(body),
      });
    const path = `/api/stones/${code}/finds/${ids[0]}/report`;
    for (let i = 0; i < RATE_LIMITS.reports.limit; i++) expect((await send(path, { reason: 'spam' })).status).toBe(202);
    const before = await reportRows();
    const refused = await send(`/api/stones/${code}/finds/${ids[1]}/report`, { reason: 'offensive' });
    await expectApiError(refused, 429, 'RATE_LIMITED');
    expect(refused.headers.get('retry-after')).toBe(String(RATE_LIMITS.reports.period));
    expect(await reportRows()).toEqual(before);
    // Reports are a bucket of their own: the same client still logs a find.
    expect((await send(`/api/stones/${code}/finds`, { location: 'Kiel' })).status).toBe(201);
  });

  it('takes the report page’s plain form post and answers with the confirmation page, or the form again with the error', async () => {
    const { code, ids } = await stoneWithFinds();
    const post = (body: string) =>
      call(`/api/stones/${code}/finds/${ids[0]}/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        body,
        redirect: 'manual',
      });
    const done = await post('reason=offensive&note=Schimpfw%C3%B6rter');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/${code}/fund/${ids[0]}/gemeldet`);
    expect((await reportRows()).map((row) => [row.reason, row.note])).toEqual([['offensive', 'Schimpfwörter']]);
    const refused = await post('note=ohne+Grund');
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe(`/${code}/fund/${ids[0]}/melden?fehler=VALIDATION_ERROR`);
    expect(await reportRows()).toHaveLength(1);
  });
});

describe('the report page', () => {
  it('renders the find and the form in German and English, noindex; the confirmation too; an unknown stone is a 404', async () => {
    const { code, ids } = await stoneWithFinds();
    const page = (path: string, language: string) => call(path, { headers: { accept: 'text/html', 'accept-language': language } });
    const german = await page(`/${code}/fund/${ids[1]}/melden`, 'de');
    expect(german.status).toBe(200);
    const html = await german.text();
    expect(html).toContain('Warum meldest du diesen Fund?');
    expect(html).toContain('Hamburg');
    expect(html).toContain(`action="/api/stones/${code}/finds/${ids[1]}/report"`);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(await (await page(`/${code}/fund/${ids[1]}/melden`, 'en')).text()).toContain('Why are you reporting this find?');
    expect(await (await page(`/${code}/fund/${ids[1]}/gemeldet`, 'en')).text()).toContain('Thank you for your report');
    expect((await page(`/FFF-FFF-FFF/fund/${ids[1]}/melden`, 'de')).status).toBe(404);
    // The stone page links every public find to it.
    expect(await (await page(`/${code}`, 'de')).text()).toContain(`href="/${code}/fund/${ids[0]}/melden"`);
  });
});
