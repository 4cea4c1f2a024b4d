import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, MISSING, test } from './fixtures';

/** axe's findings, as rule id and the elements it found, so a failure names what to fix. */
async function violations(page: Page): Promise<Array<{ rule: string; targets: string[] }>> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

async function newStone(request: APIRequestContext, title: string): Promise<{ code: string; adminToken: string }> {
  const res = await request.post('/api/stones', { data: { creatorEmail: 'zustand@example.org', title } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { code: string; adminToken: string };
}

/** Searches an address in the find form and logs the find there, with or without "I'll keep it for a while". */
async function logFindAt(page: Page, address: string, place: string, keep: boolean) {
  await page.getByRole('searchbox', { name: 'Adresse suchen' }).fill(address);
  await page.getByRole('searchbox', { name: 'Adresse suchen' }).press('Enter');
  await expect(page.getByRole('textbox', { name: 'Fundort' })).toHaveValue(place);
  if (keep) await page.getByRole('checkbox', { name: 'Ich behalte ihn eine Weile' }).check();
  const sent = page.waitForRequest((req) => req.method() === 'POST' && /\/api\/stones\/[^/]+\/finds$/.test(req.url()));
  await page.getByRole('button', { name: 'Fund eintragen', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Fund erfolgreich eingetragen!' })).toBeVisible();
  return (await sent).postDataJSON() as { keep: boolean; countryCode: string | null };
}

// Colours are checked as they are, not halfway through a transition.
test.use({ reducedMotion: 'reduce' });

test('a finder who keeps the stone shows it resting; its owner marks it missing and its page asks finders to log it', async ({
  page,
  request,
}) => {
  const { code, adminToken } = await newStone(request, 'Zustandsstein');
  await page.goto(`/${code}#find-form`);
  const state = page.getByTestId('stone-state');
  await expect(state).toHaveAttribute('data-status', 'travelling');
  await expect(state).toContainText(/Unterwegs seit \d{2}\.\d{2}\.\d{4}/);

  const body = await logFindAt(page, 'Brandenburger Tor', 'Brandenburger Tor, Pariser Platz, Berlin, 10117, Deutschland', true);
  expect(body).toMatchObject({ keep: true, countryCode: 'DE' });
  await expect(state).toHaveAttribute('data-status', 'resting');
  await expect(state).toContainText('Ruht gerade bei einem Finder seit');
  await expect(state).toContainText('Zuletzt gesehen: Brandenburger Tor, Pariser Platz, Berlin, 10117, Deutschland');
  await expect(page.getByTestId('finds-list').getByRole('listitem').first()).toContainText('Der Finder behält ihn eine Weile');
  await expect(page.getByRole('checkbox', { name: 'Ich behalte ihn eine Weile' })).not.toBeChecked();
  expect(await violations(page)).toEqual([]);

  await page.goto(`/admin/stone/${adminToken}`);
  const card = page.getByRole('region', { name: 'Zustand' });
  await expect(card.getByTestId('owner-state')).toContainText('Ruht gerade bei einem Finder');
  await card.getByRole('button', { name: 'Als vermisst melden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Der Stein ist als vermisst gemeldet' })).toBeVisible();
  await expect(card.getByTestId('owner-state')).toHaveAttribute('data-status', 'missing');
  await expect(card.getByRole('button', { name: 'Wieder als unterwegs markieren' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto(`/${code}#find-form`);
  await expect(state).toHaveAttribute('data-status', 'missing');
  await expect(state).toContainText('Vermisst seit');
  const ask = page.getByTestId('missing-ask');
  await expect(ask).toContainText('Dieser Stein wird vermisst. Hast du ihn? Dann trag bitte ein, wo er ist.');
  expect(await violations(page)).toEqual([]);
  await ask.getByRole('link', { name: 'Fund eintragen' }).click();
  await expect(page.locator('#find-form :focus')).toHaveCount(1);
});

test('a find makes a missing stone travelling again, and its list says after how many days it was found', async ({ page }) => {
  await page.goto(`/${MISSING}#find-form`);
  const state = page.getByTestId('stone-state');
  await expect(state).toHaveAttribute('data-status', 'missing');
  await expect(state).toContainText('Zuletzt gesehen: Lübeck, Holstentor');
  await expect(page.getByTestId('missing-ask')).toBeVisible();
  // Reaching for the map starts it at once; it marks where the stone was last seen.
  await page.getByTestId('stone-map').dispatchEvent('pointerdown');
  await expect(page.getByTestId('stone-map')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('last-seen-marker')).toHaveAttribute('aria-label', 'Zuletzt gesehen: Lübeck, Holstentor');

  await logFindAt(page, 'Marienplatz München', 'Marienplatz, Altstadt, München, Bayern, 80331, Deutschland', false);
  await expect(state).toHaveAttribute('data-status', 'travelling');
  await expect(page.getByTestId('missing-ask')).toHaveCount(0);
  await expect(page.getByTestId('finds-list').getByRole('listitem').first()).toContainText('Nach 40 Tagen wiedergefunden');
  await expect(page.getByTestId('last-seen-marker')).toHaveAttribute(
    'aria-label',
    'Zuletzt gesehen: Marienplatz, Altstadt, München, Bayern, 80331, Deutschland',
  );
  expect(await violations(page)).toEqual([]);
});

test.describe('in English', () => {
  test.use({ locale: 'en-GB' });

  test('the stone page names each state, and axe finds nothing in any of them', async ({ page, request }) => {
    const { code, adminToken } = await newStone(request, 'State stone');
    const setStatus = async (status: string) =>
      expect((await request.patch(`/api/admin/stones/${adminToken}`, { data: { status } })).status()).toBe(200);
    const state = page.getByTestId('stone-state');

    await setStatus('missing');
    await page.goto(`/${code}#find-form`);
    await expect(state).toContainText(/Missing since \d{2}\.\d{2}\.\d{4}/);
    await expect(page.getByTestId('missing-ask')).toContainText('This stone is missing. Do you have it? Then please log where it is.');
    await expect(page.getByTestId('missing-ask').getByRole('link', { name: 'Log a find' })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    expect((await request.post(`/api/stones/${code}/finds`, { data: { location: 'Kew Gardens', keep: true } })).status()).toBe(201);
    await page.reload();
    await expect(state).toContainText('Resting with a finder since');
    await expect(state).toContainText('Last seen: Kew Gardens');
    await expect(page.getByTestId('finds-list')).toContainText('Found again after 0 days');
    await expect(page.getByTestId('finds-list')).toContainText('The finder keeps it for a while');
    expect(await violations(page)).toEqual([]);

    await setStatus('travelling');
    await page.reload();
    await expect(state).toContainText('Travelling since');
    expect(await violations(page)).toEqual([]);
  });
});
