import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { intlTag, LANGUAGE_NAMES, LOCALES } from '../src/shared/i18n/locale';
import { catalogTexts, expect, OMA, test } from './fixtures';

/** Spec: the welcome dialog shows 500 ms after a stone page loads (features/welcome-dialog). */
const WELCOME_DELAY_MS = 500;
/** On a phone the header is one row, at most this tall, so the page's main action is on the first screen. */
const HEADER_MAX_PX = 72;

/** What each language calls the parts these tests use. */
const TEXTS = {
  de: {
    locale: 'de-DE',
    nav: 'Hauptnavigation',
    menu: 'Menü',
    find: 'Stein finden',
    create: 'Stein erstellen',
    guide: 'Stein vorbereiten',
    heroFind: 'Ich habe einen Stein gefunden',
    heroCreate: 'Stein erstellen',
    heroHow: "So funktioniert's",
    language: 'Sprache',
  },
  en: {
    locale: 'en-US',
    nav: 'Main navigation',
    menu: 'Menu',
    find: 'Find a stone',
    create: 'Create a stone',
    guide: 'Prepare a stone',
    heroFind: 'I found a stone',
    heroCreate: 'Create a stone',
    heroHow: 'How it works',
    language: 'Language',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

const nav = (page: Page, t: Texts) => page.getByRole('navigation', { name: t.nav });
const menuButton = (page: Page, t: Texts) => nav(page, t).getByRole('button', { name: t.menu, exact: true });

/** The panel a disclosure's button controls (aria-controls). */
async function controlled(page: Page, button: Locator): Promise<Locator> {
  const id = await button.getAttribute('aria-controls');
  expect(id, 'the button names the panel it opens').toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

async function headerHeight(page: Page): Promise<number> {
  const box = await page.getByRole('banner').boundingBox();
  if (!box) throw new Error('no header on the page');
  return box.height;
}

/** The three hero actions' sizes, as [width, height]. */
async function heroSizes(page: Page, t: Texts): Promise<number[][]> {
  const hero = page.getByRole('main').locator('section').first();
  const actions = [
    hero.getByRole('button', { name: t.heroFind }),
    hero.getByRole('button', { name: t.heroCreate }),
    hero.getByRole('link', { name: t.heroHow }),
  ];
  const sizes: number[][] = [];
  for (const action of actions) {
    const box = await action.boundingBox();
    if (!box) throw new Error(`${action} is not on the page`);
    sizes.push([Math.round(box.width), Math.round(box.height)]);
  }
  return sizes;
}

for (const [language, t] of Object.entries(TEXTS)) {
  test.describe(`on a 390 × 844 phone in ${language}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, locale: t.locale });

    test('the header is one row with "find a stone" and the menu; the hero\'s main action is on the first screen', async ({ page }) => {
      for (const path of ['/', `/view/${OMA}`]) {
        await page.goto(path);
        await expect(menuButton(page, t)).toBeVisible();
        await expect(nav(page, t).getByRole('button', { name: t.find, exact: true })).toBeVisible();
        // The places wait in the closed menu.
        await expect(nav(page, t).getByRole('link', { name: 'FAQ' })).toBeHidden();
        expect(await headerHeight(page)).toBeLessThanOrEqual(HEADER_MAX_PX);
      }
      await page.goto('/');
      await expect(page.getByRole('button', { name: t.heroFind })).toBeInViewport({ ratio: 1 });
    });

    test("the hero's three actions share one size", async ({ page }) => {
      await page.goto('/');
      const [first, ...others] = await heroSizes(page, t);
      for (const size of others) expect(size).toEqual(first);
    });
  });
}

test.describe('on a 360 × 740 phone', () => {
  for (const [language, t] of Object.entries(TEXTS)) {
    test.describe(language, () => {
      test.use({ viewport: { width: 360, height: 740 }, locale: t.locale });
      test("the hero's main action is on the first screen", async ({ page }) => {
        await page.goto('/');
        await expect(page.getByRole('button', { name: t.heroFind })).toBeInViewport({ ratio: 1 });
        expect(await headerHeight(page)).toBeLessThanOrEqual(HEADER_MAX_PX);
      });
    });
  }
});

/** `home.hero.find` of every language, as the home page says it. */
const heroFind = (locale: string): string => catalogTexts(locale, ['home'])['home.hero.find'] ?? '';

test.describe('a first visit to the home page, with the cookie banner open', () => {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 390, height: 844 },
  ])
    for (const locale of LOCALES)
      test.describe(`${viewport.width} × ${viewport.height}, ${locale}`, () => {
        test.use({ viewport, locale: intlTag[locale], consent: 'undecided' });
        test('shows the main action on the first screen, above the banner', async ({ page }) => {
          await page.goto('/');
          const action = page.getByRole('button', { name: heroFind(locale), exact: true });
          await expect(action).toBeInViewport({ ratio: 1 });
          const banner = await page.locator('[data-cookie-banner]').boundingBox();
          const box = await action.boundingBox();
          if (!banner || !box) throw new Error('the banner or the main action is missing');
          expect(box.y + box.height).toBeLessThanOrEqual(banner.y);
        });
      });
});

test.describe('on a 320 px screen, the narrowest', () => {
  for (const [language, t] of Object.entries(TEXTS)) {
    test.describe(language, () => {
      test.use({ viewport: { width: 320, height: 568 }, locale: t.locale });
      test('the header stays one row', async ({ page }) => {
        await page.goto(`/view/${OMA}`);
        await expect(menuButton(page, t)).toBeVisible();
        expect(await headerHeight(page)).toBeLessThanOrEqual(HEADER_MAX_PX);
        // The product's name may give way to its mark, not to nothing: the home link keeps its name.
        await expect(nav(page, t).getByRole('link', { name: 'Reisesteine' })).toBeVisible();
      });

      // The German legal titles ("Datenschutzerklärung", "Allgemeine Geschäftsbedingungen") were wider than a
      // phone's screen in the size of a wide one.
      test('no page that is read first is wider than the screen', async ({ page }) => {
        for (const path of [
          '/',
          `/${OMA}`,
          '/stein-vorbereiten',
          '/blog',
          '/blog/willkommen-bei-den-reisesteinen',
          '/impressum',
          '/datenschutz',
          '/agb',
          '/entwickler',
        ]) {
          await page.goto(path);
          await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, path).toBeLessThanOrEqual(320);
        }
      });
    });
  }
});

test.describe('the phone menu', () => {
  const t = TEXTS.de;
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens and closes by keyboard, in the order of the page, with focus back on its button', async ({ page }) => {
    await page.goto('/');
    const menu = menuButton(page, t);
    const panel = await controlled(page, menu);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();

    // Tab reaches the menu right after "find a stone", with a visible focus ring.
    await nav(page, t).getByRole('button', { name: t.find, exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(menu).toBeFocused();
    await expect(menu).toHaveCSS('outline-style', 'solid');

    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('link', { name: 'FAQ' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: t.create })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
    await expect(menu).toBeFocused();

    await page.keyboard.press('Space');
    await expect(panel).toBeVisible();
    // Escape from a link inside closes it too.
    await panel.getByRole('link', { name: 'Blog' }).focus();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(menu).toBeFocused();

    // Choosing a place closes the menu and goes there.
    await page.keyboard.press('Enter');
    await panel.getByRole('link', { name: 'FAQ' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/#faq');
    await expect(page.getByRole('heading', { name: 'Häufige Fragen' })).toBeInViewport();
    await expect(panel).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true });
    test('opens with a tap; a tapped link leads there and closes the menu', async ({ page }) => {
      await page.goto(`/view/${OMA}`);
      const menu = menuButton(page, t);
      const panel = await controlled(page, menu);
      await menu.tap();
      await expect(panel).toBeVisible();
      await menu.tap();
      await expect(panel).toBeHidden();
      // A tap on the page beside the open menu closes it.
      await menu.tap();
      await expect(panel).toBeVisible();
      await page.touchscreen.tap(8, 600);
      await expect(panel).toBeHidden();
      await menu.tap();
      await panel.getByRole('link', { name: t.guide }).tap();
      await expect(page.getByRole('heading', { level: 1, name: 'Stein vorbereiten' })).toBeVisible();
      await expect(panel).toBeHidden();
      expect(await headerHeight(page)).toBeLessThanOrEqual(HEADER_MAX_PX);
    });
  });

  test('axe finds nothing with the menu open', async ({ page }) => {
    await page.goto('/');
    await menuButton(page, t).click();
    await expect(await controlled(page, menuButton(page, t))).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) })),
    ).toEqual([]);
  });
});

test.describe('the language switch', () => {
  const t = TEXTS.de;

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
    test('lists every language by its own name in the menu, and the choice is remembered', async ({ page }) => {
      await page.goto('/');
      await menuButton(page, t).tap();
      const list = nav(page, t).getByRole('list', { name: t.language });
      await expect(list).toBeVisible();
      await expect(list.getByRole('button')).toHaveCount(LOCALES.length);
      for (const locale of LOCALES) {
        const item = list.getByRole('button', { name: LANGUAGE_NAMES[locale], exact: true });
        await expect(item).toHaveAttribute('lang', locale);
        await expect(item).toHaveAttribute('aria-current', String(locale === 'de'));
      }
      await list.getByRole('button', { name: 'English' }).tap();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(menuButton(page, TEXTS.en)).toBeVisible();
      expect(await headerHeight(page)).toBeLessThanOrEqual(HEADER_MAX_PX);
      await page.goto(`/view/${OMA}`);
      await menuButton(page, TEXTS.en).tap();
      await expect(
        nav(page, TEXTS.en).getByRole('list', { name: TEXTS.en.language }).getByRole('button', { name: 'English' }),
      ).toHaveAttribute('aria-current', 'true');
    });
  });

  test("on a wide screen: a button with the language's code opens the list, Escape closes it", async ({ page }) => {
    await page.goto('/');
    await expect(menuButton(page, t)).toBeHidden();
    // The places stand in the header's one row.
    await expect(nav(page, t).getByRole('link', { name: 'FAQ' })).toBeVisible();
    const button = nav(page, t).getByRole('button', { name: `${t.language} DE` });
    const list = await controlled(page, button);
    await expect(list).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(list.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    await list.getByRole('button', { name: 'English' }).focus();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();
  });
});

test.describe('a first visit to a stone page', () => {
  // "Accept all" asks for Google's analytics script, which this offline test server cannot reach.
  test.use({ consent: 'undecided', viewport: { width: 390, height: 844 }, allowConsoleErrors: [/ERR_NAME_NOT_RESOLVED/] });

  for (const choice of ['Alle akzeptieren', 'Nur notwendige', 'Speichern'] as const) {
    test(`meets the cookie banner first, the welcome dialog after "${choice}", never both at once`, async ({ page }) => {
      // Whether the welcome dialog was ever on the page together with the banner (seen) or its settings.
      await page.addInitScript(() => {
        const record = () => {
          const dialogs = [...document.querySelectorAll('[role="dialog"]')].map((dialog) => dialog.textContent ?? '');
          const welcome = dialogs.some((text) => text.includes('Omas Gartenstein'));
          const banner =
            document.documentElement.hasAttribute('data-cookie-banner-open') && document.querySelector('[data-cookie-banner]') !== null;
          const settings = dialogs.some((text) => text.includes('Cookie-Einstellungen'));
          if (welcome && (banner || settings)) (window as unknown as { bothOpen: boolean }).bothOpen = true;
        };
        new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true });
      });
      // The page's timers wait for the test: the welcome dialog's delay passes only when it says so.
      await page.clock.install();
      await page.goto(`/${OMA}`);
      const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
      await expect(banner).toBeVisible();
      // Long past the dialog's delay: a dialog that did not wait would have been remembered as shown.
      await page.clock.runFor(WELCOME_DELAY_MS * 4);
      const remembered = () => page.evaluate((code) => localStorage.getItem(`welcome-shown:${code}`), OMA);
      expect(await remembered()).toBeNull();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      if (choice === 'Speichern') {
        await banner.getByRole('button', { name: 'Anpassen' }).click();
        const settings = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
        await expect(settings).toBeVisible();
        await page.clock.runFor(WELCOME_DELAY_MS * 4);
        expect(await remembered()).toBeNull();
        await settings.getByRole('button', { name: 'Speichern' }).click();
      } else {
        await banner.getByRole('button', { name: choice }).click();
      }
      await expect(banner).toBeHidden();
      await page.clock.runFor(WELCOME_DELAY_MS);
      await expect(page.getByRole('dialog', { name: 'Du hast Omas Gartenstein gefunden!' })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { bothOpen?: boolean }).bothOpen ?? false)).toBe(false);
    });
  }
});
