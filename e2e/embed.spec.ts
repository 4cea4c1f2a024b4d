import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { EMBED_HEIGHT, EMBED_WIDTH, embedSnippet } from '../src/shared/embed';
import { expect, OMA, test } from './fixtures';

/**
 * A stone's embeddable card as another site shows it: a page on another origin frames `/embed/{code}`,
 * and Chromium renders it; the stone page itself refuses to be framed. The card has no script of its own, so its
 * pages are opened as they are, without waiting for a hydration that never comes.
 */

const SEEDED_TITLE = 'Omas Gartenstein';

/** Another site: a tiny server on another port of 127.0.0.1, which answers every request with `html`. */
async function otherSite(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

const blogWith = (body: string) =>
  `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>Mein Blog</title></head><body><h1>Mein Blog</h1>${body}</body></html>`;

/**
 * A page of this test's browser context that is not the fixture's (which waits for the app to hydrate), with the
 * console errors it logs and the requests that failed. The generic share image may not be in this build yet: a
 * 404 for it is expected (the console names no address, so failed loads are told apart by their responses).
 */
async function plainPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (response.status() >= 400 && !path.startsWith('/share/') && !path.startsWith('/embed/FFF-'))
      errors.push(`${response.status()} ${path}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

test('another site frames the card, and Chromium shows the stone in it with a link that leaves the frame', async ({ context, baseURL }) => {
  const site = await otherSite(blogWith(embedSnippet(baseURL ?? '', OMA, `Reisestein „${SEEDED_TITLE}“`)));
  try {
    const { page, errors } = await plainPage(context);
    await page.goto(site.url);
    const frame = page.frameLocator(`iframe[title="Reisestein „${SEEDED_TITLE}“"]`);
    await expect(frame.getByRole('heading', { level: 1, name: SEEDED_TITLE })).toBeVisible();
    await expect(frame.getByText(/^[\d.]+,\d km unterwegs · \d+ Funde?$/)).toBeVisible();
    await expect(frame.getByRole('img', { name: `Bild zur Reise des Steins „${SEEDED_TITLE}“` })).toBeAttached();
    const box = await page.locator('iframe').boundingBox();
    expect([box?.width, box?.height]).toEqual([EMBED_WIDTH, EMBED_HEIGHT]);
    // The card runs no script inside the other site's page.
    const card = page.frames().find((f) => f.url().includes(`/embed/${OMA}`));
    expect(await card?.evaluate(() => document.scripts.length)).toBe(0);

    const link = frame.getByRole('link', { name: /Zur Reise des Steins/ });
    await expect(link).toHaveAttribute('target', '_blank');
    const opened = page.waitForEvent('popup');
    await link.click();
    const stonePage = await opened;
    await stonePage.waitForURL(`${baseURL}/${OMA}`);
    expect(page.url()).toBe(site.url);
    expect(errors).toEqual([]);
  } finally {
    site.server.close();
  }
});

test("another site cannot frame the stone's page itself", async ({ context, baseURL }) => {
  const site = await otherSite(blogWith(`<iframe src="${baseURL}/${OMA}" width="600" height="400" title="Stein"></iframe>`));
  try {
    const { page } = await plainPage(context);
    const refused = page.waitForEvent('console', (message) => /frame-ancestors 'none'/.test(message.text()));
    await page.goto(site.url);
    await refused;
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(await frame?.evaluate(() => document.querySelector('h1')?.textContent ?? null).catch(() => null)).not.toBe(SEEDED_TITLE);
  } finally {
    site.server.close();
  }
});

test.describe('the card fits a frame from 280 to 600 px wide', () => {
  for (const width of [280, 400, 600]) {
    test(`at ${width} px`, async ({ context }) => {
      const { page, errors } = await plainPage(context);
      await page.setViewportSize({ width, height: EMBED_HEIGHT });
      await page.goto(`/embed/${OMA}`);
      const link = page.getByRole('link', { name: /Zur Reise des Steins/ });
      await expect(link).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(EMBED_HEIGHT);
      expect(errors).toEqual([]);
    });
  }
});

test.describe('axe finds nothing on the card', () => {
  for (const [path, heading] of [
    [`/embed/${OMA}`, SEEDED_TITLE],
    [`/embed/${OMA}?lang=en`, SEEDED_TITLE],
    ['/embed/FFF-FFF-FFF', 'Stein nicht gefunden'],
    ['/embed/FFF-FFF-FFF?lang=en', 'Stone not found'],
  ] as const) {
    test(`on ${path}`, async ({ context }) => {
      const { page } = await plainPage(context);
      await page.setViewportSize({ width: EMBED_WIDTH, height: EMBED_HEIGHT });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }))).toEqual([]);
    });
  }
});

test('the owner page shows the snippet and copies it', async ({ page, context, request, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const res = await request.post('/api/stones', { data: { creatorEmail: 'embed-e2e@example.org', title: 'Stein für den Blog' } });
  expect(res.status()).toBe(201);
  const { code, adminToken } = (await res.json()) as { code: string; adminToken: string };
  await page.goto(`/admin/stone/${adminToken}`);
  const card = page.getByRole('region', { name: 'Auf deiner Website zeigen' });
  const snippet = card.getByRole('textbox', { name: 'HTML-Code zum Einbetten' });
  await expect(snippet).toHaveValue(embedSnippet(baseURL ?? '', code, 'Reisestein „Stein für den Blog“'));
  await expect(snippet).toHaveAttribute('readonly', '');
  await card.getByRole('button', { name: 'Code kopieren' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Code kopiert!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet.inputValue());
  await expect(card.getByRole('link', { name: 'Karte ansehen (neuer Tab)' })).toHaveAttribute('href', `/embed/${code}`);
});
