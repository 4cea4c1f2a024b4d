import { existsSync } from 'node:fs';
import { type APIRequestContext, test as plain } from '@playwright/test';
import { SEED_COLLECTION } from '../scripts/seed-collection';
import { seedBlogPost, seedStones } from '../scripts/seed-data';
import { LOCALES, type Locale } from '../src/shared/i18n/locale';
import { matchRoute, pathTo, type ScreenName, screens } from '../src/shared/routes';
import { describeErrors, validateHtml } from '../tests/support/html-validator';
import { ANY_CODE, expect, test } from './fixtures';
import { E2E_OPERATOR } from './global-setup';

/**
 * Every screen of the registry, in every language it has texts in, is valid HTML by the W3C's rules (the Nu Html
 * Checker, tests/support/html-validator.ts): the server-rendered page of each, with real data — the seeded stone with
 * finds, a photo and a story, a missing stone and one not found yet, the memorial collection, the blog article, the
 * owners' pages through their owner links — and the 404 pages of an unknown stone, collection, article or address,
 * read without a browser as a crawler or a first visit reads them. The operator's pages show their data only once
 * the operator has logged in, in the browser: those are checked as the browser has built them.
 */

const stone = (match: (s: (typeof seedStones)[number]) => boolean) => {
  const found = seedStones.find(match);
  if (!found) throw new Error('the seeded stones have changed');
  return found;
};
const withStory = stone((s) => s.hasStory && s.hasPhotos && s.finds.length > 0);
/** A code in the right form that no stone has. */
const UNKNOWN_CODE = 'FFF-FFF-FF0';
const NOT_FOUND = 404;

/**
 * What the test makes before it reads the pages: a missing stone and one not found yet, of its own (other tests log
 * finds on the seeded ones, and find the seeded missing stone again).
 */
interface Made {
  /** A find of the stone with a story, as its page links it for reporting. */
  findId: string;
  missing: NewStone;
  notFoundYet: NewStone;
}

interface NewStone {
  code: string;
  adminToken: string;
}

interface Address {
  path: string;
  status?: typeof NOT_FOUND;
}

/**
 * The addresses that show each screen. A screen added to the registry is a type error here until it has one, and the
 * test below fails while one lacks an address.
 */
const addresses: Record<ScreenName, (made: Made) => Address[]> = {
  home: () => [{ path: '/' }],
  checkout: () => [{ path: '/checkout' }],
  success: () => [{ path: `/success?code=${withStory.code}&paid=true` }],
  label: () => [{ path: `/etikett/${withStory.code}` }],
  guide: () => [{ path: '/stein-vorbereiten' }],
  blog: () => [{ path: '/blog' }],
  blogPost: () => [{ path: `/blog/${seedBlogPost.slug}` }, { path: '/blog/gibt-es-nicht', status: NOT_FOUND }],
  imprint: () => [{ path: '/impressum' }],
  privacy: () => [{ path: '/datenschutz' }],
  terms: () => [{ path: '/agb' }],
  developer: () => [{ path: '/entwickler' }],
  operatorBlog: () => [{ path: '/admin/blog' }],
  operator: () => [{ path: '/admin' }],
  ownerWithoutToken: () => [{ path: '/admin/stone' }],
  owner: ({ missing }) => [{ path: `/admin/stone/${withStory.ownerToken}` }, { path: `/admin/stone/${missing.adminToken}` }],
  collectionOwner: () => [{ path: `/admin/sammlung/${SEED_COLLECTION.ownerToken}` }],
  // Mail links carry a token, which the page sends to the API once its JavaScript runs.
  confirmSubscription: () => [{ path: '/abo/bestaetigen?token=0123456789abcdef0123456789abcdef' }],
  unsubscribe: () => [{ path: '/abo/abmelden?token=0123456789abcdef0123456789abcdef' }],
  notificationPreferences: () => [{ path: '/abo/einstellungen?token=0123456789abcdef0123456789abcdef' }],
  collection: () => [{ path: `/sammlung/${SEED_COLLECTION.id}` }, { path: '/sammlung/abcdefgh23', status: NOT_FOUND }],
  collectionLabels: () => [{ path: `/sammlung/${SEED_COLLECTION.id}/etiketten` }],
  reportFind: ({ findId }) => [{ path: `/${withStory.code}/fund/${findId}/melden` }],
  findReported: ({ findId }) => [{ path: `/${withStory.code}/fund/${findId}/gemeldet` }],
  view: () => [{ path: `/view/${withStory.code}` }],
  stone: ({ missing, notFoundYet }) => [
    { path: `/${withStory.code}` },
    { path: `/${missing.code}` },
    { path: `/${notFoundYet.code}` },
    { path: `/${UNKNOWN_CODE}`, status: NOT_FOUND },
  ],
  notFound: () => [{ path: '/gibt-es/nicht', status: NOT_FOUND }],
};

/** The languages a screen is in: those that have every namespace of its texts (the others are German and English only). */
function languagesOf(name: ScreenName): Locale[] {
  const namespaces = screens[name].messages ?? [];
  return LOCALES.filter((locale) => namespaces.every((ns) => existsSync(`src/shared/i18n/${ns}/${locale}.json`)));
}

/** The find to report, a stone with a find that its owner reports missing, and a stone not found yet. */
async function make(request: APIRequestContext): Promise<Made> {
  const html = await (await request.get(`/${withStory.code}`)).text();
  const findId = new RegExp(`/${withStory.code}/fund/([^/"]+)/melden`).exec(html)?.[1];
  if (!findId) throw new Error(`no report link on /${withStory.code}`);
  // A client of its own, as each browser test is (e2e/fixtures.ts): the abuse limits count per client.
  const headers = { 'cf-connecting-ip': '2001:db8:4d1:0::1' };
  const newStone = async (title: string) => {
    const created = await request.post('/api/stones', { headers, data: { creatorEmail: 'gueltig-e2e@example.org', title } });
    expect(created.status()).toBe(201);
    const { code, adminToken } = (await created.json()) as NewStone;
    return { code, adminToken };
  };
  const missing = await newStone('Vermisst in Lübeck');
  const found = await request.post(`/api/stones/${missing.code}/finds`, { headers, data: { location: 'Lübeck', comment: 'Am Tor' } });
  expect(found.status()).toBe(201);
  const reported = await request.patch(`/api/admin/stones/${missing.adminToken}`, { headers, data: { status: 'missing' } });
  expect(reported.status()).toBe(200);
  return { findId, missing, notFoundYet: await newStone('Noch nie gefunden') };
}

plain('every screen of the registry, in every language it is in, is valid HTML', async ({ request }) => {
  // The Java process starts once for all of them (about two seconds); reading the pages takes about as long.
  plain.setTimeout(180_000);
  const made = await make(request);
  const pages: Array<{ name: string; path: string; locale: Locale; status: number }> = [];
  for (const name of Object.keys(screens) as ScreenName[]) {
    const list = addresses[name]?.(made) ?? [];
    expect(list, `${name}: an address to check it at`).not.toEqual([]);
    for (const { path, status = 200 } of list) {
      expect(matchRoute(new URL(path, 'http://x').pathname).name, `${path} shows ${name}`).toBe(name);
      for (const locale of languagesOf(name)) pages.push({ name: `${name} ${path} (${locale})`, path, locale, status });
    }
  }

  const documents = new Map<string, string>();
  const wrong: string[] = [];
  // Four requests at a time: the server renders while the next answer is read.
  const queue = [...pages];
  const read = async () => {
    for (let page = queue.shift(); page; page = queue.shift()) {
      const res = await request.get(page.path, { headers: { cookie: `lang=${page.locale}`, accept: 'text/html' }, maxRedirects: 0 });
      const html = await res.text();
      if (res.status() !== page.status) wrong.push(`${page.name}: status ${res.status()}, not ${page.status}`);
      else if (!html.includes(`<html lang="${page.locale}"`)) wrong.push(`${page.name}: not in its language`);
      documents.set(page.name, html);
    }
  };
  await Promise.all([read(), read(), read(), read()]);
  expect(wrong).toEqual([]);

  const errors = describeErrors(await validateHtml(documents));
  expect(errors, `${errors.length} HTML errors in ${documents.size} pages`).toEqual([]);
});

/**
 * What each of the operator's screens shows once it has read its data with the operator's token: the dashboard a
 * stone's code (the newest stones come first, and other browser tests make stones beside this one), the blog's list
 * the seeded article.
 */
const operatorData: Partial<Record<ScreenName, string | RegExp>> = {
  operator: ANY_CODE,
  operatorBlog: seedBlogPost.title,
};

test("the operator's pages, logged in, with the seeded stones and article, are valid HTML in each of their languages", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const login = await request.post('/api/admin/login', { data: E2E_OPERATOR });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await page.addInitScript((value) => localStorage.setItem('adminToken', value), token);
  const documents = new Map<string, string>();
  const operatorScreens = (Object.keys(screens) as ScreenName[]).filter((name) => screens[name].secret === 'operator');
  expect(operatorScreens).not.toEqual([]);
  for (const name of operatorScreens) {
    const shown = operatorData[name];
    expect(shown, `${name}: what it shows once logged in`).toBeDefined();
    for (const locale of languagesOf(name)) {
      await page.context().addCookies([{ name: 'lang', value: locale, url: baseURL ?? '' }]);
      await page.goto(pathTo(name));
      await expect(page.getByText(shown ?? '').first()).toBeVisible();
      documents.set(`${name} logged in (${locale})`, await page.content());
    }
  }
  const errors = describeErrors(await validateHtml(documents));
  expect(errors, `${errors.length} HTML errors in ${documents.size} pages`).toEqual([]);
});
