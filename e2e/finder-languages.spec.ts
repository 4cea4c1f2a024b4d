import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { IntlMessageFormat } from 'intl-messageformat';
import { intlTag, LOCALES, type Locale } from '../src/shared/i18n/locale';
import { catalogTexts, expect, mailFor, mailPath, test } from './fixtures';

/**
 * A finder whose browser speaks any of the eleven languages finds a stone by its code, logs a find,
 * follows the stone and unsubscribes again without meeting another language, and axe finds nothing on the way.
 */

type Catalog = Record<string, string>;
const FINDER_NAMESPACES = ['consent', 'find-dialog', 'home', 'mail-links', 'stone', 'stone-aside', 'older-finds', 'affiliate'];

/** The texts of a language the finder's path shows: the core, the namespaces of its screens, the Worker's. */
const texts = (locale: Locale): Catalog => catalogTexts(locale, ['', ...FINDER_NAMESPACES, 'worker']);

/** A message of `locale` with its values, as the app formats it. */
function say(locale: Locale, id: string, values?: Record<string, string | number>): string {
  const message = texts(locale)[id];
  if (message === undefined) throw new Error(`no text ${id} in ${locale}`);
  return String(new IntlMessageFormat(message, intlTag[locale]).format(values));
}

/**
 * Whole sentences of the German and English catalogs that this language does not share: none of them may be on a
 * page in this language. Short texts ("Blog", "Code") and texts with values are left out, since languages share
 * those by right.
 */
function foreignSentences(locale: Locale): string[] {
  const own = Object.values(texts(locale));
  return (['de', 'en'] as const)
    .filter((other) => other !== locale)
    .flatMap((other) => Object.values(texts(other)))
    .filter((text) => text.length >= 16 && !/[{}<>']/.test(text) && !own.some((mine) => mine.includes(text)));
}

async function expectOnlyLanguage(page: Page, locale: Locale) {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  // biome-ignore lint/performance/useDomNodeTextContent: what the reader sees counts, not the text of closed parts
  const shown = await page.locator('body').innerText();
  expect(foreignSentences(locale).filter((sentence) => shown.includes(sentence))).toEqual([]);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

// Colours are checked as they are, not halfway through a transition.
test.use({ reducedMotion: 'reduce', geolocation: { latitude: 43.508, longitude: 16.44 }, permissions: ['geolocation'] });

for (const locale of LOCALES) {
  test.describe(`a finder reading ${locale}`, () => {
    test.use({ locale: intlTag[locale], consent: 'undecided' });

    test('finds a stone by its code, logs a find, follows it and unsubscribes, all in their language', async ({ page, request }) => {
      const title = `Kamen ${locale.toUpperCase()} ${Date.now() % 100_000}`;
      const created = await request.post('/api/stones', { data: { creatorEmail: 'e2e-owner@example.org', title } });
      const { code } = (await created.json()) as { code: string };
      const follower = `e2e-${locale}-${Date.now()}@example.org`;

      // The start page and the cookie banner, in the browser's language.
      await page.goto('/');
      await expect(page.getByRole('region', { name: say(locale, 'consent.title') })).toBeVisible();
      await expectOnlyLanguage(page, locale);
      await page.getByRole('button', { name: say(locale, 'consent.necessaryOnly') }).click();

      // Found by its code.
      await page.getByRole('button', { name: say(locale, 'home.hero.find') }).click();
      await page.getByLabel(say(locale, 'find-dialog.codeLabel')).fill(code);
      await page.getByRole('button', { name: say(locale, 'find-dialog.submit') }).click();
      await page.getByRole('button', { name: say(locale, 'find-dialog.findModal.log') }).click();
      await expect(page).toHaveURL(new RegExp(`/${code}`));
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });

      // The find, from the phone's position.
      await page.getByRole('button', { name: say(locale, 'stone.find.useGps') }).click();
      await page.getByRole('button', { name: say(locale, 'stone.find.submit'), exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: say(locale, 'stone.find.success') })).toBeVisible();
      await expectOnlyLanguage(page, locale);

      // Followed, confirmed from the mail in the same language.
      await page.getByRole('textbox', { name: say(locale, 'stone-aside.subscribe.email'), exact: true }).fill(follower);
      await page.getByRole('button', { name: say(locale, 'stone-aside.subscribe.submit'), exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: say(locale, 'stone-aside.subscribe.confirmHint') })).toBeVisible();
      const confirmation = await mailFor(
        request,
        (mail) => mail.to === follower && mail.subject === say(locale, 'server.mail.confirm.subject', { title }),
      );
      await page.goto(mailPath(confirmation, '/abo/bestaetigen'));
      await expect(page.getByRole('heading', { name: say(locale, 'mail-links.abo.confirm.title') })).toBeVisible();
      await expectOnlyLanguage(page, locale);
      await page.getByRole('button', { name: say(locale, 'mail-links.abo.confirm.button') }).click();
      await expect(page.getByText(say(locale, 'mail-links.abo.confirm.done', { title }))).toBeVisible();

      // The next find (another finder, in German) brings a mail in the follower's language; its link unsubscribes.
      const found = await request.post(`/api/stones/${code}/finds`, {
        data: { location: 'Riva, Split', latitude: 43.5081, longitude: 16.4402 },
        headers: { 'accept-language': 'de', 'cf-connecting-ip': `2001:db8:f1d:${LOCALES.indexOf(locale).toString(16)}::2` },
      });
      expect(found.status()).toBe(201);
      const findMail = await mailFor(
        request,
        (mail) => mail.to === follower && mail.subject === say(locale, 'server.mail.find.subscriberSubject', { title }),
      );
      await page.goto(mailPath(findMail, '/abo/abmelden'));
      await expectOnlyLanguage(page, locale);
      await page.getByRole('button', { name: say(locale, 'mail-links.abo.unsubscribe.button') }).click();
      await expect(page.getByText(say(locale, 'mail-links.abo.unsubscribe.done', { title }))).toBeVisible();
    });
  });
}

test.describe('the legal pages for a reader of a language they are not binding in', () => {
  test.use({ locale: 'hr-HR' });

  test('say in Croatian which text binds, sum up the privacy notice, and mark the English text as English', async ({ page }) => {
    const croatian = (id: string) => say('hr', id);
    const legal = catalogTexts('hr', ['legal']);
    await page.goto('/datenschutz');
    const summary = page.getByTestId('legal-summary');
    await expect(summary.getByRole('heading', { name: legal['legal.summary.heading'] })).toBeVisible();
    await expect(summary).toContainText(legal['legal.binding'] ?? '');
    await expect(summary.getByRole('listitem')).toHaveCount(6);
    await expect(page.locator('[lang="en"]').getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await page.goto('/impressum');
    await expect(page.getByTestId('legal-summary')).toContainText(legal['legal.binding'] ?? '');
    await expect(page.getByTestId('legal-summary').getByRole('heading')).toHaveCount(0);
    await expect(page).toHaveTitle(new RegExp(croatian('core.legal.imprint')));
  });
});
