import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Analytics (Google Analytics 4, after consent) never sees a secret address: an owner's link, a collection owner's
 * link, a mail link's token, the operator's area, the payment's return. The script is answered by a stand-in that
 * behaves as gtag.js does where it matters here: it reports the page's address on `config`, again on every history
 * change (Google's enhanced measurement), and sends nothing while `window['ga-disable-<id>']` is true (Google's
 * documented opt-out). Every report is a request to google-analytics.com, which the test records.
 */

const ANALYTICS_ID = 'G-E2ETEST1';

const STAND_IN = `(() => {
  const id = ${JSON.stringify(ANALYTICS_ID)};
  const send = (kind) => {
    if (window['ga-disable-' + id]) return;
    const hit = new URLSearchParams({ tid: id, en: kind, dl: location.href, dr: document.referrer });
    fetch('https://www.google-analytics.com/g/collect?' + hit, { method: 'POST', mode: 'no-cors', keepalive: true });
  };
  const handle = (command) => {
    const [name, target] = Array.from(command);
    if (name === 'config' && target === id) send('page_view');
    if (name === 'event') send(String(target));
  };
  const layer = (window.dataLayer = window.dataLayer || []);
  for (const command of layer) handle(command);
  const push = layer.push.bind(layer);
  layer.push = (...commands) => { for (const command of commands) handle(command); return push(...commands); };
  for (const method of ['pushState', 'replaceState']) {
    const original = history[method].bind(history);
    history[method] = (...args) => { const result = original(...args); send('page_view'); return result; };
  }
  addEventListener('popstate', () => send('page_view'));
})();`;

interface Traffic {
  scripts: string[];
  hits: URLSearchParams[];
}

/** Answers the analytics script with the stand-in and records every request to Google's hosts. */
async function watchAnalytics(page: Page): Promise<Traffic> {
  const traffic: Traffic = { scripts: [], hits: [] };
  await page.route('https://www.googletagmanager.com/**', (route) => {
    traffic.scripts.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: STAND_IN });
  });
  await page.route('https://www.google-analytics.com/**', (route) => {
    traffic.hits.push(new URL(route.request().url()).searchParams);
    return route.fulfill({ status: 204, body: '' });
  });
  return traffic;
}

/** Everything the stand-in reported, as one text to search. */
const reported = (traffic: Traffic) => traffic.hits.map((hit) => `${hit.get('dl')} ${hit.get('dr')}`).join('\n');

test.describe('with statistics allowed', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('cookieConsent', 'true');
      localStorage.setItem('cookieSettings', JSON.stringify({ necessary: true, analytics: true, marketing: false }));
    });
  });

  test.describe('on every secret screen', () => {
    // The mail links' and the payment's made-up tokens are refused by the API, which the browser logs.
    test.use({ allowConsoleErrors: [/the server responded with a status of 4\d\d/] });

    test('analytics never loads on a secret screen, and its page allows no analytics script', async ({ page, request }) => {
      const traffic = await watchAnalytics(page);
      const created = await request.post('/api/stones', { data: { creatorEmail: 'analytics-e2e@example.org', title: 'Analytik-Probe' } });
      expect(created.status()).toBe(201);
      const { adminToken } = (await created.json()) as { adminToken: string };
      const secretPages = [
        `/admin/stone/${adminToken}`,
        '/admin/sammlung/demo-collection-owner-token-oma-lisbeth-00000',
        '/abo/abmelden?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        '/abo/bestaetigen?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        '/success?payment_intent=pi_e2e&payment_intent_client_secret=pi_e2e_secret_abc',
        '/admin',
      ];
      for (const path of secretPages) {
        const response = await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(response?.headers()['content-security-policy'], path).not.toContain('googletagmanager');
        expect(traffic.scripts, path).toEqual([]);
      }
      expect(traffic.hits).toEqual([]);

      // A public page does load it: the stand-in is in place and would have reported the pages above.
      await page.goto('/A1B-2C3-D4E');
      await expect.poll(() => traffic.scripts.length).toBe(1);
      await expect.poll(() => reported(traffic)).toContain('/A1B-2C3-D4E');
    });
  });

  test('from a page with analytics, a step to a secret screen loads it anew, and no report names it', async ({ page, request }) => {
    const traffic = await watchAnalytics(page);
    const created = await request.post('/api/stones', { data: { creatorEmail: 'analytics-e2e@example.org', title: 'Analytik-Probe' } });
    const { adminToken } = (await created.json()) as { adminToken: string };
    await page.goto('/A1B-2C3-D4E');
    await expect.poll(() => reported(traffic)).toContain('/A1B-2C3-D4E');
    await page.evaluate(() => {
      (window as unknown as { documentBefore: boolean }).documentBefore = true;
    });

    // The router's step to another screen goes through the History API, as every link of the app does.
    await page.evaluate((token) => window.history.pushState(null, '', `/admin/stone/${token}`), adminToken);
    await page.waitForURL(`**/admin/stone/${adminToken}`);
    // A new document: the old one's mark is gone.
    await page.waitForFunction(() => !('documentBefore' in window) && document.documentElement.hasAttribute('data-hydrated'));
    await page.waitForLoadState('networkidle');
    expect(reported(traffic)).not.toContain('/admin');
    expect(reported(traffic)).not.toContain(adminToken);
    expect(traffic.scripts).toHaveLength(1);
  });

  test('back to a secret screen within a page that has analytics loads it anew too, unreported', async ({ page, request }) => {
    const traffic = await watchAnalytics(page);
    const created = await request.post('/api/stones', { data: { creatorEmail: 'analytics-e2e@example.org', title: 'Analytik-Probe' } });
    const { adminToken } = (await created.json()) as { adminToken: string };
    // A history entry of a secret screen before analytics started: opened at a public page without consent yet.
    // The stone has welcomed this reader before, so no welcome dialog covers the cookie settings.
    await page.addInitScript(() => {
      localStorage.setItem('cookieSettings', JSON.stringify({ necessary: true, analytics: false, marketing: false }));
      localStorage.setItem('welcome-shown:A1B-2C3-D4E', 'seen');
    });
    await page.goto('/A1B-2C3-D4E');
    await page.evaluate((token) => {
      window.history.pushState(null, '', `/admin/stone/${token}`);
      window.history.back();
    }, adminToken);
    await page.waitForURL('**/A1B-2C3-D4E');
    // Statistics allowed now, on the public page: analytics starts.
    await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
    await dialog.getByRole('switch', { name: /Statistik/ }).check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => reported(traffic)).toContain('/A1B-2C3-D4E');
    await page.evaluate(() => {
      (window as unknown as { documentBefore: boolean }).documentBefore = true;
    });

    await page.goForward();
    await page.waitForURL(`**/admin/stone/${adminToken}`);
    await page.waitForFunction(() => !('documentBefore' in window) && document.documentElement.hasAttribute('data-hydrated'));
    await page.waitForLoadState('networkidle');
    expect(reported(traffic)).not.toContain('/admin');
    expect(reported(traffic)).not.toContain(adminToken);
  });
});
