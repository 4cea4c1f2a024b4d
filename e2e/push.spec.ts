import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * "Benachrichtigung auf diesem Gerät" (decision record 038) in Chromium. The browser's own push service (Google's)
 * cannot be reached here: the page's PushManager hands out a subscription at the local push service instead
 * (web-push-testing, started by the global setup), which checks what the Worker sends and decrypts it. Everything
 * else is real: the permission, the service worker, the site's key, the subscription the site stores, the message.
 */
test.use({ serviceWorkers: 'allow', permissions: ['notifications'] });

const service = () => process.env.E2E_PUSH_URL ?? '';

/** A subscription at the local push service for the site's public key, as a browser's push service would give it. */
async function localSubscription(request: APIRequestContext) {
  const { publicKey } = (await (await request.get('/api/push/public-key')).json()) as { publicKey: string };
  const res = await request.post(`${service()}/subscribe`, { data: { userVisibleOnly: 'true', applicationServerKey: publicKey } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string } }).data;
}

/** The page's PushManager answers with that subscription (the only part of the browser that is not its own). */
async function routePushTo(page: Page, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  await page.addInitScript((json) => {
    const made = {
      endpoint: json.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
      unsubscribe: async () => true,
    } as unknown as PushSubscription;
    // As a browser's, the subscription outlives the page: a reload finds it again.
    PushManager.prototype.subscribe = async () => {
      localStorage.setItem('e2e-push-subscribed', '1');
      return made;
    };
    PushManager.prototype.getSubscription = async () => (localStorage.getItem('e2e-push-subscribed') ? made : null);
  }, subscription);
}

async function received(request: APIRequestContext, clientHash: string): Promise<Array<{ title: string; url: string }>> {
  const res = await request.post(`${service()}/get-notifications`, { data: { clientHash } });
  if (res.status() !== 200) return [];
  return ((await res.json()) as { data: { messages: string[] } }).data.messages.map((message) => JSON.parse(message));
}

test('a follower turns on push messages on this device, gets the next find, and turns them off', async ({ page, request }) => {
  const created = await request.post('/api/stones', { data: { creatorEmail: 'push-e2e@example.org', title: 'Stein mit Push' } });
  const { code } = (await created.json()) as { code: string };
  const { clientHash, ...subscription } = await localSubscription(request);
  await routePushTo(page, subscription);

  await page.goto(`/${code}`);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Benachrichtigung auf diesem Gerät' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dieses Gerät wird benachrichtigt.' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Bei jedem Fund' })).toBeChecked();

  // A find: the Worker sends the message, the push service decrypts it.
  expect((await request.post(`/api/stones/${code}/finds`, { data: { location: 'Dresden' } })).status()).toBe(201);
  await expect
    .poll(async () => (await received(request, clientHash)).map((message) => message.title), { timeout: 15_000 })
    .toEqual(['„Stein mit Push“ wurde gefunden']);

  // The page remembers it; switching off asks the site to forget the subscription.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Dieses Gerät wird benachrichtigt.' })).toBeVisible();
  const stopped = page.waitForResponse((res) => res.url().endsWith(`/api/stones/${code}/push`) && res.request().method() === 'DELETE');
  await page.getByRole('button', { name: 'Ausschalten' }).click();
  expect((await stopped).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Benachrichtigung auf diesem Gerät' })).toBeVisible();
});
