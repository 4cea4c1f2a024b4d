import { existsSync, readFileSync } from 'node:fs';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { CODE_PATTERN } from '../src/shared/code';

/**
 * Every page must load without a console error or an uncaught exception — hydration mismatches, CSP
 * violations and failed requests all end up there. A test may list messages it provokes on purpose.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: Playwright types a fixture without a value as void.
export const test = base.extend<{ allowConsoleErrors: RegExp[]; consent: 'decided' | 'undecided'; consoleGuard: void }>({
  allowConsoleErrors: [[], { option: true }],
  // A visitor who already chose "necessary only", so the cookie banner covers nothing a test clicks; the
  // consent tests meet the banner as a first visitor does.
  consent: ['decided', { option: true }],
  // Each test is a client of its own (as Cloudflare would send it), so the abuse limits of the app count every
  // test apart, as they count people apart: one test's stones and finds never use up another's allowance.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  extraHTTPHeaders: async ({}, use) => {
    const [a = 0, b = 0] = crypto.getRandomValues(new Uint16Array(2));
    await use({ 'cf-connecting-ip': `2001:db8:${a.toString(16)}:${b.toString(16)}::1` });
  },

  // Like a person, a test acts once the page is interactive: goto and reload wait for hydration.
  page: async ({ page, consent }, use) => {
    if (consent === 'decided') {
      await page.addInitScript(() => {
        if (localStorage.getItem('cookieConsent')) return;
        localStorage.setItem('cookieConsent', 'true');
        localStorage.setItem('cookieSettings', JSON.stringify({ necessary: true, analytics: false, marketing: false }));
      });
    }
    const hydrated = () => page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await hydrated();
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await hydrated();
      return response;
    };
    await use(page);
  },
  consoleGuard: [
    async ({ page, allowConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error' && !/hydrat/i.test(message.text())) return;
        if (allowConsoleErrors.some((pattern) => pattern.test(message.text()))) return;
        problems.push(`console.${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await use();
      expect(problems, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Seeded demo stones (scripts/seed-data.ts). */
export const OMA = 'A1B-2C3-D4E';
export const PAPA = 'B0B-CAF-E42';
export const WANDERER = 'C0D-E00-001';
/** Missing for 5 days, last seen 40 days ago in Lübeck. */
export const MISSING = 'D0D-0FF-404';

/** Any stone's code within a text (the code's own pattern, shared/code.ts, without its anchors). */
export const ANY_CODE = new RegExp(`\\b${CODE_PATTERN.source.slice(1, -1)}\\b`);

/** The paths of the pages the service worker keeps for offline use (run in the page). */
export async function keptPages(): Promise<string[]> {
  const paths: string[] = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith('reisesteine-pages-')) continue;
    for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
  }
  return paths;
}

/** The service worker controls the page and keeps a copy of this stone page. */
export async function offlineReady(page: Page, path: string) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller));
  await expect.poll(() => page.evaluate(keptPages)).toContain(path);
}

/** A free stone of its own for each test, with finds (the tests share one database). */
export async function stoneWithFinds(request: APIRequestContext, title: string, locations: string[]): Promise<string> {
  const res = await request.post('/api/stones', { data: { creatorEmail: 'ersteller-e2e@example.org', title } });
  expect(res.status()).toBe(201);
  const { code } = (await res.json()) as { code: string };
  for (const location of locations) {
    expect((await request.post(`/api/stones/${code}/finds`, { data: { location, comment: `Kommentar ${location}` } })).status()).toBe(201);
  }
  return code;
}

/**
 * Waits until React has hydrated this element. A part of a page that loads lazily (lib/lazy-page.ts lazyPart: the
 * stone page's side column, its photo gallery) is in the HTML at once but hydrates only once its module has
 * arrived, after `html[data-hydrated]`; a test that presses one of its buttons waits for it, as a person sees a
 * button work only once the page is ready.
 */
export async function hydratedElement(locator: Locator) {
  await expect.poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')))).toBe(true);
  return locator;
}

/**
 * Holds back the files `pattern` matches until the returned function is called: a test taps before a page's (or a
 * part's) code has arrived, then lets it arrive.
 */
export async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A mail the development transport kept (`/dev/mail.json`). */
export interface DevMail {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** The newest mail the development transport kept that `match`es, once the queue has delivered it. */
export async function mailFor(request: APIRequestContext, match: (mail: DevMail) => boolean): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get('/dev/mail.json')).json()) as { messages: DevMail[] };
        found = messages.find(match);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as DevMail;
}

/** The mail's link to `path`, as a path with its query (the mails link the site's public address). */
export function mailPath(mail: DevMail, path: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith('http') && new URL(word).pathname === path) ?? '';
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/**
 * The texts of one language as the site has them: the core (`''`) and the named namespaces of src/shared/i18n, or
 * `worker` for the Worker's finder texts; a catalog the language does not have adds nothing.
 */
export function catalogTexts(locale: string, catalogs: readonly string[]): Record<string, string> {
  const file = (catalog: string) =>
    catalog === 'worker' ? `src/worker/i18n/${locale}.json` : `src/shared/i18n/${catalog ? `${catalog}/` : ''}${locale}.json`;
  return Object.assign(
    {},
    ...catalogs.map((catalog) =>
      existsSync(file(catalog)) ? (JSON.parse(readFileSync(file(catalog), 'utf8')) as Record<string, string>) : {},
    ),
  );
}

/**
 * The totals a page of the home page was rendered with (its server-rendered end values): another test file, running
 * beside this one, may make a stone or log a find between a request of the test's own and the page's.
 */
export function renderedTotals(html: string): Record<'distance' | 'stones' | 'finds', string> {
  const total = (id: string) => {
    const value = new RegExp(`data-testid="stat-${id}"[^]*?<dd[^>]*>([^<]*)</dd>`).exec(html)?.[1];
    if (value === undefined) throw new Error(`no stat-${id} in the page`);
    return value;
  };
  return { distance: total('distance'), stones: total('stones'), finds: total('finds') };
}
