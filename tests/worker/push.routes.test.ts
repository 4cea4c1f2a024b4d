/**
 * Push messages instead of mails (decision record 038), through a real push service on this machine
 * (web-push-testing): it takes a subscription as a browser's push service would, checks the VAPID signature and
 * decrypts what the Worker sends.
 */
import { env } from 'cloudflare:test';
import { describe, expect, inject, it, vi } from 'vitest';
import { writeLetters } from '../../src/worker/mail/letters';
import { checkSettings, disables } from '../../src/worker/settings/checks';
import { createCollection } from '../support/collections';
import { call, callWith, createStone, expectApiError, PRODUCTION_SETTINGS, postFind, postJson } from '../support/factory';
import { outbox } from '../support/mail';

const service = () => inject('pushServiceUrl');

/** A browser's subscription at the local push service, for the site's public key. */
async function browserSubscription(): Promise<{ endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string }> {
  const res = await fetch(`${service()}/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userVisibleOnly: 'true', applicationServerKey: env.VAPID_PUBLIC_KEY }),
  });
  expect(res.status).toBe(200);
  return (await res.json<{ data: { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string } }>()).data;
}

/** What the push service received for a subscription, decrypted. */
async function received(clientHash: string): Promise<Array<{ title: string; body: string; url: string; tag: string }>> {
  const res = await fetch(`${service()}/get-notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientHash }),
  });
  if (res.status !== 200) return [];
  const { data } = await res.json<{ data: { messages: string[] } }>();
  return data.messages.map((message) => JSON.parse(message));
}

/** Waits until the push service has received a message for the subscription, and answers what it received. */
const arrived = (clientHash: string) =>
  vi.waitFor(
    async () => {
      const got = await received(clientHash);
      if (got.length === 0) throw new Error('no push message yet');
      return got;
    },
    { timeout: 10_000, interval: 100 },
  );

const find = async (code: string, location: string) => {
  const res = await postFind(code, { location }, { 'cf-connecting-ip': `198.51.100.${Math.floor(Math.random() * 200) + 1}` });
  expect(res.status, await res.clone().text()).toBe(201);
};

describe('a push subscription', () => {
  it('gets every find of the stone as an encrypted message that the push service decrypts', async () => {
    const key = await (await call('/api/push/public-key')).json<{ publicKey: string }>();
    expect(key.publicKey).toBe(env.VAPID_PUBLIC_KEY);
    const { code } = await createStone({ title: 'Omas Meerstein' });
    const { clientHash, ...subscription } = await browserSubscription();
    const res = await postJson(`/api/stones/${code}/push`, { ...subscription, expirationTime: null });
    expect(res.status, await res.clone().text()).toBe(201);
    await find(code, 'Kiel');
    const messages = await arrived(clientHash);
    expect(messages).toEqual([
      {
        title: '“Omas Meerstein” was found',
        body: 'Kiel – now 0.0 km on its way',
        url: `https://reisesteine.test/${code}#funde`,
        tag: `stone:${code}`,
      },
    ]);
    // No mail for it: the row names the subscription, never an address.
    expect((await outbox()).filter((row) => row.recipient.startsWith('push:')).map((row) => row.status)).toEqual(['sent']);
  });

  it('follows its frequency: a daily one gets one message for the day, "3 new finds"', async () => {
    const { code } = await createStone({ title: 'Tagesstein' });
    const { clientHash, ...subscription } = await browserSubscription();
    expect((await postJson(`/api/stones/${code}/push`, { ...subscription, frequency: 'daily' })).status).toBe(201);
    for (const place of ['Ulm', 'Augsburg', 'Ingolstadt']) await find(code, place);
    expect(await received(clientHash)).toEqual([]);
    expect(await writeLetters(env, new Date('2026-12-01T07:05:00Z'))).toBe(1);
    const messages = await arrived(clientHash);
    expect(messages.map((message) => [message.title, message.body])).toEqual([['3 new finds', 'Tagesstein']]);
  });

  it('is removed when its push service says it is gone (410), and stopped by DELETE with its endpoint', async () => {
    const { code } = await createStone();
    const gone = await browserSubscription();
    expect((await postJson(`/api/stones/${code}/push`, { endpoint: gone.endpoint, keys: gone.keys })).status).toBe(201);
    const expired = await fetch(`${service()}/expire-subscription/${gone.clientHash}`, { method: 'POST' });
    expect(expired.status).toBe(200);
    const stopped = await browserSubscription();
    expect((await postJson(`/api/stones/${code}/push`, { endpoint: stopped.endpoint, keys: stopped.keys })).status).toBe(201);
    const del = await call(`/api/stones/${code}/push`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: stopped.endpoint }),
    });
    expect(del.status).toBe(200);
    await find(code, 'Trier');
    await vi.waitFor(
      async () => {
        const left = await env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions').first<{ n: number }>();
        if (left?.n !== 0) throw new Error(`${left?.n} subscriptions left`);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(await received(stopped.clientHash)).toEqual([]);
  });
});

describe('a deleted stone or collection', () => {
  it("takes its browsers' push subscriptions with it", async () => {
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    const { code, adminToken } = await createStone();
    expect(
      (await postJson(`/api/stones/${code}/push`, { endpoint: 'https://fcm.googleapis.com/fcm/send/gone-with-it', keys })).status,
    ).toBe(201);
    const collection = await createCollection();
    expect(
      (await postJson(`/api/collections/${collection.id}/push`, { endpoint: 'https://fcm.googleapis.com/fcm/send/gone-too', keys })).status,
    ).toBe(201);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions').first<{ n: number }>())?.n).toBe(2);
    expect((await call(`/api/admin/stones/${adminToken}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call(`/api/admin/collections/${collection.adminToken}`, { method: 'DELETE' })).status).toBe(200);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions').first<{ n: number }>())?.n).toBe(0);
  });
});

describe('a push endpoint', () => {
  const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
  it.each([
    ['a private address', 'https://10.0.0.7/push/abc'],
    ['a private address over http', 'http://192.168.1.20/push/abc'],
    ['a metadata service', 'http://169.254.169.254/latest/meta-data'],
    ['an unknown host', 'https://push.example.org/abc'],
    ['a known service on another port', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['a known service over http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['not an address', 'push me'],
  ])('is refused for %s, and nothing is stored', async (_name, endpoint) => {
    const { code } = await createStone();
    const error = await expectApiError(await postJson(`/api/stones/${code}/push`, { endpoint, keys }), 400, 'VALIDATION_ERROR');
    expect(error.details).toEqual({ endpoint: 'This address belongs to no known push service.' });
    expect((await env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions').first<{ n: number }>())?.n).toBe(0);
  });

  it('of a known push service is taken, and local ones only in development', async () => {
    const { code } = await createStone();
    const fcm = 'https://fcm.googleapis.com/fcm/send/abc:def';
    expect((await postJson(`/api/stones/${code}/push`, { endpoint: fcm, keys })).status).toBe(201);
    const production = await callWith(PRODUCTION_SETTINGS, `/api/stones/${code}/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: 'http://127.0.0.1:9/notify/x', keys }),
    });
    await expectApiError(production, 400, 'VALIDATION_ERROR');
  });
});

describe('without VAPID keys', () => {
  it('push is off: the key and the subscriptions answer 503, and the settings check (what /healthz shows) names it', async () => {
    const findings = checkSettings({ ...PRODUCTION_SETTINGS, VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '', VAPID_SUBJECT: '' });
    expect(findings.filter((finding) => finding.feature === 'push').map((finding) => finding.setting)).toEqual([
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'VAPID_SUBJECT',
    ]);
    expect(disables(findings, 'push')).toBe(true);
    expect(findings.some((finding) => finding.severity === 'refuse' && finding.setting.startsWith('VAPID'))).toBe(false);
    const off = { VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' };
    await expectApiError(await callWith(off, '/api/push/public-key'), 503, 'PUSH_UNAVAILABLE');
    const { code } = await createStone();
    const res = await callWith(off, `/api/stones/${code}/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      }),
    });
    await expectApiError(res, 503, 'PUSH_UNAVAILABLE');
  });
});
