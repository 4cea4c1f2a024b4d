import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E_OPERATOR } from './global-setup';

/** A free stone with finds at these places, its owner link, and the finds' ids by place. */
async function stoneWithFinds(request: APIRequestContext, title: string, locations: string[]) {
  const res = await request.post('/api/stones', { data: { creatorEmail: 'moderation-e2e@example.org', title } });
  expect(res.status()).toBe(201);
  const { code, adminToken } = (await res.json()) as { code: string; adminToken: string };
  for (const location of locations) expect((await request.post(`/api/stones/${code}/finds`, { data: { location } })).status()).toBe(201);
  const stone = (await (await request.get(`/api/stones/${code}`)).json()) as { id: string; finds: Array<{ id: string; location: string }> };
  return {
    code,
    adminToken,
    stoneId: stone.id,
    idOf: (location: string) => stone.finds.find((find) => find.location === location)?.id ?? '',
  };
}

/** The operator hides a find of the stone through the operator's API, as the stone dialog of /admin does. */
async function operatorHides(request: APIRequestContext, stoneId: string, findId: string) {
  const login = await request.post('/api/admin/login', { data: E2E_OPERATOR });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const res = await request.patch(`/api/admin/stones/id/${stoneId}/finds/${findId}`, {
    data: { hidden: true },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
}

test('the owner page says a find the operator hid was hidden by the operator and offers no way to show it, in German and English', async ({
  page,
  browser,
  request,
}) => {
  const { adminToken, stoneId, idOf } = await stoneWithFinds(request, 'Moderierter Stein', ['Lübeck', 'Voller Name']);
  await operatorHides(request, stoneId, idOf('Voller Name'));

  await page.goto(`/admin/stone/${adminToken}`);
  const finds = page.getByTestId('owner-finds').getByRole('listitem');
  const hidden = finds.filter({ hasText: 'Voller Name' });
  await expect(hidden.getByText('Vom Betreiber ausgeblendet')).toBeVisible();
  await expect(hidden.getByTestId('owner-find-operator-hidden')).toHaveText('Nur der Betreiber kann diesen Fund wieder zeigen.');
  await expect(hidden.getByRole('button')).toHaveCount(0);
  // The owner's own finds keep their button.
  await expect(finds.filter({ hasText: 'Lübeck' }).getByRole('button', { name: 'Ausblenden' })).toBeVisible();

  const english = await browser.newContext({ locale: 'en-GB' });
  const englishPage = await english.newPage();
  await englishPage.goto(`/admin/stone/${adminToken}`);
  const hiddenEnglish = englishPage.getByTestId('owner-finds').getByRole('listitem').filter({ hasText: 'Voller Name' });
  await expect(hiddenEnglish.getByText('Hidden by the operator')).toBeVisible();
  await expect(hiddenEnglish.getByTestId('owner-find-operator-hidden')).toHaveText('Only the operator can show this find again.');
  await expect(hiddenEnglish.getByRole('button', { name: 'Show again' })).toHaveCount(0);
  await english.close();
});
