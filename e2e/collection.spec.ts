import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { OwnerCollectionView, OwnerStoneView } from '../src/shared/types';
import { expect, mailFor, mailPath, test } from './fixtures';

/** The demo memorial collection the seed writes (scripts/seed-collection.ts): 20 stones, finds in seven countries. */
const DEMO = { id: 'gedenkwege', title: 'Für Oma Lisbeth', ownerToken: 'demo-collection-owner-token-oma-lisbeth-00000' };

/** What each language calls the parts these tests use. */
const TEXT = {
  de: {
    create: 'Stein erstellen',
    kind: 'Eine Sammlung für einen Menschen',
    email: 'Deine E-Mail-Adresse',
    title: 'Titel der Sammlung',
    dedication: 'Widmung (optional)',
    count: 'Anzahl der Steine',
    next: 'Weiter',
    submit: 'Sammlung erstellen',
    warning: 'Dieser Link ist die einzige Möglichkeit, deine Sammlung zu verwalten.',
    open: 'Öffnen',
    showMap: 'Karte anzeigen',
    edit: 'Bearbeiten',
    field: 'Titel',
    save: 'Speichern',
    add: 'Hinzufügen',
    added: '2 Steine wurden hinzugefügt.',
    labels: 'Etiketten aller Steine drucken',
    daily: 'Ein Brief am Tag mit allen neuen Funden aller Steine',
    dailySaved: 'Gespeichert: für alle Steine der Sammlung',
    print: 'Drucken',
  },
  en: {
    create: 'Create a stone',
    kind: 'A collection for one person',
    email: 'Your e-mail address',
    title: 'Title of the collection',
    dedication: 'Dedication (optional)',
    count: 'Number of stones',
    next: 'Next',
    submit: 'Create collection',
    warning: 'This link is the only way to manage your collection.',
    open: 'Open',
    showMap: 'Show the map',
    edit: 'Edit',
    field: 'Title',
    save: 'Save',
    add: 'Add',
    added: '2 stones were added.',
    labels: 'Print all stones’ labels',
    daily: 'One letter a day with all new finds of all stones',
    dailySaved: 'Saved: for every stone of the collection',
    print: 'Print',
  },
} as const;
type Lang = keyof typeof TEXT;

/** axe's findings, as rule id and the elements it found, so a failure names what to fix. */
async function violations(page: Page): Promise<Array<{ rule: string; targets: string[] }>> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

/** Opens the creator and fills a collection's first step. */
async function startCollection(page: Page, t: (typeof TEXT)[Lang], title: string) {
  await page.goto('/');
  await page.getByRole('main').getByRole('button', { name: t.create }).click();
  await expect(page.getByRole('dialog', { name: t.create })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(t.kind) }).check();
  await page.getByRole('textbox', { name: t.email }).fill(`sammlung-${Date.now()}@example.org`);
  await page.getByRole('textbox', { name: t.title }).fill(title);
}

/**
 * A journey for the collection's stone at `index`: finds with a position, as finders log them; the owner accepts
 * those the plausibility check holds back (a test logs them seconds apart), so every leg counts.
 */
async function travel(request: APIRequestContext, collectionToken: string, index: number, places: Array<[string, number, number, string]>) {
  const owned = (await (await request.get(`/api/admin/collections/${collectionToken}`)).json()) as OwnerCollectionView;
  const stone = owned.stones[index];
  if (!stone) throw new Error(`no stone ${index}`);
  for (const [location, latitude, longitude, countryCode] of places) {
    const res = await request.post(`/api/stones/${stone.code}/finds`, { data: { location, latitude, longitude, countryCode } });
    expect(res.status()).toBe(201);
  }
  const { finds } = (await (await request.get(`/api/admin/stones/${stone.adminToken}`)).json()) as OwnerStoneView;
  for (const find of finds.filter((found) => found.flag && !found.flagAccepted)) {
    const res = await request.patch(`/api/admin/stones/${stone.adminToken}/finds/${find.id}`, { data: { accept: true } });
    expect(res.status()).toBe(200);
  }
}

for (const lang of ['de', 'en'] as const) {
  const t = TEXT[lang];
  test.describe(`in ${lang}`, () => {
    test.use({ locale: lang === 'de' ? 'de-DE' : 'en-US', reducedMotion: 'reduce' });

    test('a collection of 3 from the creator: its owner page, its page with the lines on the map, rename, 2 more stones, 5 labels', async ({
      page,
      request,
    }) => {
      const title = lang === 'de' ? `Für Opa Heinz ${Date.now()}` : `For Grandpa Heinz ${Date.now()}`;
      await startCollection(page, t, title);
      await page.getByRole('textbox', { name: t.dedication }).fill('Er liebte das Meer.');
      await page.getByRole('button', { name: t.next }).click();
      await page.getByRole('spinbutton', { name: t.count }).fill('3');
      await page.getByRole('button', { name: t.next }).click();
      await page.getByRole('button', { name: t.submit }).click();

      // The creator lands on the collection's owner page, told to keep its link.
      await expect(page).toHaveURL(/\/admin\/sammlung\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(t.warning)).toBeVisible();
      const stones = page.getByTestId('collection-owner-stone');
      await expect(stones).toHaveCount(3);
      const ownerUrl = page.url();
      const token = ownerUrl.split('/').at(-1) ?? '';

      // Two stones travel: two lines on the map, numbered as in the list.
      await travel(request, token, 0, [
        ['Berlin', 52.52, 13.405, 'DE'],
        ['Wien', 48.2082, 16.3738, 'AT'],
      ]);
      await travel(request, token, 1, [
        ['Paris', 48.8566, 2.3522, 'FR'],
        ['Brüssel', 50.8503, 4.3517, 'BE'],
      ]);
      await page.getByRole('link', { name: t.open, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByTestId('collection-stone')).toHaveCount(3);
      await page.getByRole('button', { name: t.showMap }).click();
      const map = page.getByTestId('collection-map');
      await expect(map).toHaveAttribute('data-ready', 'true');
      await expect(map).toHaveAttribute('data-lines', '2');
      await expect(map.locator('.find-marker', { hasText: /^1$/ })).toBeVisible();
      await expect(map.locator('.find-marker', { hasText: /^2$/ })).toBeVisible();

      // The owner renames it and adds two stones; the label sheet has all five.
      await page.goto(ownerUrl);
      await page.getByRole('button', { name: t.edit }).click();
      await page.getByRole('textbox', { name: t.field, exact: true }).fill(`${title} (neu)`);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await expect(page.getByTestId('collection-owner-title')).toHaveText(`${title} (neu)`);
      await page.getByRole('spinbutton', { name: t.count }).fill('2');
      await page.getByRole('button', { name: t.add, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: t.added })).toBeVisible();
      await expect(stones).toHaveCount(5);
      // One letter a day for all its stones instead of a mail per find.
      await page.getByRole('radio', { name: t.daily }).check();
      await expect(page.getByRole('status').filter({ hasText: t.dailySaved })).toBeVisible();
      const owner = (await (await request.get(`/api/admin/collections/${token}`)).json()) as { notify: string };
      expect(owner.notify).toBe('daily');
      await page.getByRole('link', { name: t.labels }).click();
      await expect(page.getByTestId('collection-label')).toHaveCount(5);
      await expect(page.getByRole('button', { name: t.print })).toBeVisible();
    });

    test('axe finds nothing on the collection page, its owner page, its label sheet and the creator’s collection step', async ({
      page,
    }) => {
      for (const path of [`/sammlung/${DEMO.id}`, `/admin/sammlung/${DEMO.ownerToken}`, `/sammlung/${DEMO.id}/etiketten`]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await violations(page), path).toEqual([]);
      }
      await startCollection(page, t, 'Barrierefrei');
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: t.next }).click();
      await expect(page.getByRole('spinbutton', { name: t.count })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}

test('the collection page without JavaScript already shows its title, totals and every stone', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
  const page = await context.newPage();
  const res = await page.goto(`/sammlung/${DEMO.id}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: DEMO.title })).toBeVisible();
  await expect(page.getByTestId('collection-distance')).toHaveText(/\d.*km/);
  await expect(page.getByTestId('collection-finds')).not.toHaveText('0');
  await expect(page.getByTestId('collection-countries')).toContainText('Österreich');
  await expect(page.getByTestId('collection-stone')).toHaveCount(20);
  await expect(page.getByTestId('collection-stone').first()).toContainText('C01-1EC-001');
  // Each stone's state in words: the seed has resting and missing ones.
  await expect(page.getByTestId('collection-stone').filter({ hasText: 'C01-1EC-002' })).toContainText('ruht gerade');
  await expect(page.getByTestId('collection-stone').filter({ hasText: 'C01-1EC-004' })).toContainText('vermisst');
  await context.close();
});

test.describe('an unknown collection', () => {
  test.use({ allowConsoleErrors: [/404 \(Not Found\)/] });
  test('answers 404 with its own notice', async ({ page }) => {
    const res = await page.goto('/sammlung/abcdefgh23');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Sammlung nicht gefunden' })).toBeVisible();
  });
});

test('a stone of a collection names it on its page, with a link to it', async ({ page }) => {
  await page.goto('/C01-1EC-001');
  await page.getByRole('link', { name: `Teil der Sammlung „${DEMO.title}“` }).click();
  await expect(page).toHaveURL(new RegExp(`/sammlung/${DEMO.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: DEMO.title })).toBeVisible();
});

test('the collection page asks for its owner link by mail, and says the same whatever the address', async ({ page }) => {
  await page.goto(`/sammlung/${DEMO.id}`);
  await page.getByText('Ist das deine Sammlung? Besitzerlink anfordern').click();
  await page.getByRole('textbox', { name: 'Deine E-Mail-Adresse' }).fill('jemand@example.org');
  await page.getByRole('button', { name: 'Admin-Link senden' }).click();
  await expect(page.getByText('Wenn diese Adresse zur Sammlung gehört, ist der Besitzerlink unterwegs.')).toBeVisible();
});

test('follow a whole collection from its page: confirm from the mail, hear of a find on any of its stones, unsubscribe', async ({
  page,
  request,
}) => {
  const created = await request.post('/api/collections', {
    data: { title: 'Für Opa Heinz', creatorEmail: 'e2e-family@example.org', count: 2, recaptchaToken: '' },
  });
  expect(created.status()).toBe(201);
  const collection = (await created.json()) as { id: string; stones: Array<{ code: string }> };
  const follower = `e2e-follow-${Date.now()}@example.org`;

  await page.goto(`/sammlung/${collection.id}`);
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(follower);
  await page.getByRole('button', { name: 'Abonnieren' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Benachrichtigungen erfolgreich abonniert!' })).toBeVisible();

  const confirmation = await mailFor(request, (mail) => mail.to === follower && /Sammlung „Für Opa Heinz“/.test(mail.subject));
  await page.goto(mailPath(confirmation, '/abo/bestaetigen'));
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(
    page.getByText('Bestätigt! Ab jetzt bekommst du eine E-Mail, wann immer ein Stein der Sammlung „Für Opa Heinz“ gefunden wird.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Zur Sammlung' }).click();
  await expect(page).toHaveURL(new RegExp(`/sammlung/${collection.id}$`));

  const second = collection.stones[1]?.code ?? '';
  expect((await request.post(`/api/stones/${second}/finds`, { data: { location: 'Rostock, Hafen' } })).status()).toBe(201);
  const findMail = await mailFor(
    request,
    (mail) => mail.to === follower && /aus der Sammlung „Für Opa Heinz“ wurde gefunden/.test(mail.subject),
  );
  expect(findMail.subject).toBe('„Für Opa Heinz #2“ aus der Sammlung „Für Opa Heinz“ wurde gefunden');
  expect(findMail.text).toContain('Rostock, Hafen');

  await page.goto(mailPath(findMail, '/abo/abmelden'));
  await page.getByRole('button', { name: 'Abbestellen' }).click();
  await expect(page.getByText('Erledigt: Du bekommst keine E-Mails mehr zu „Für Opa Heinz“.')).toBeVisible();
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('the collection’s owner gives the whole collection a memorial day, 29 February, and sees it after a reload', async ({
    page,
    request,
  }) => {
    const created = await request.post('/api/collections', {
      data: { title: 'For Aunt Edith', creatorEmail: `memorial-${Date.now()}@example.org`, count: 2, recaptchaToken: '' },
    });
    expect(created.status()).toBe(201);
    const { adminToken } = (await created.json()) as { adminToken: string };
    const owner = async () => (await (await request.get(`/api/admin/collections/${adminToken}`)).json()) as OwnerCollectionView;

    await page.goto(`/admin/sammlung/${adminToken}`);
    const card = page.getByRole('region', { name: 'Memorial day' });
    const day = card.getByRole('combobox', { name: 'Day', exact: true });
    const month = card.getByRole('combobox', { name: 'Month' });
    await expect(
      card.getByText(/^Without a memorial day, the letter comes on the anniversary of the collection’s creation: on \d{1,2} \p{L}+\.$/u),
    ).toBeVisible();
    await expect(card.getByRole('checkbox', { name: 'Send me the letter of the year' })).toBeChecked();
    await month.selectOption({ label: 'February' });
    await day.selectOption('29');
    await card.getByRole('button', { name: 'Save the memorial day' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved: memorial day on 29 February' })).toBeVisible();
    expect(await owner()).toEqual(expect.objectContaining({ memorialDay: '02-29', memorialLetter: true }));

    await page.reload();
    await expect(day).toHaveValue('29');
    await expect(month).toHaveValue('2');
    await expect(card.getByRole('button', { name: 'Remove the memorial day' })).toBeVisible();

    // A stone of the collection without a day of its own is told in the collection's letter, and its owner page says so.
    const [stone] = (await owner()).stones;
    if (!stone) throw new Error('no stone');
    await page.goto(stone.adminUrl);
    await expect(
      page
        .getByRole('region', { name: 'Memorial day' })
        .getByText('Without a memorial day of its own, the letter of the collection “For Aunt Edith” tells of this stone.'),
    ).toBeVisible();
  });
});
