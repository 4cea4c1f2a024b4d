import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, mailFor, test } from './fixtures';

/** A free stone of its own for each test (tests share one database), its creator's mails in German. */
async function freeStone(request: APIRequestContext, creatorEmail: string, title: string) {
  const res = await request.post('/api/stones', { data: { creatorEmail, title }, headers: { 'accept-language': 'de-DE' } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { code: string; adminToken: string };
}

/** The path of the first link in a mail's text that leads to `prefix`. */
function linkPath(text: string, prefix: string): string {
  const link = text.split(/\s+/).find((word) => word.startsWith('http') && new URL(word).pathname.startsWith(prefix)) ?? '';
  return new URL(link).pathname;
}

test.describe('the owner’s links and data', () => {
  // The old link's page answers 404, which the browser logs for the document.
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('the owner downloads their data, makes every owner link invalid, and only the new mailed link works', async ({ page, request }) => {
    const creator = `links-${Date.now()}@example.org`;
    const { code, adminToken } = await freeStone(request, creator, 'Ein Stein mit Schlüsseln');
    expect(
      (await request.post(`/api/stones/${code}/finds`, { data: { location: 'Lübeck', finderEmail: 'finderin-e2e@example.org' } })).status(),
    ).toBe(201);

    await page.goto(`/admin/stone/${adminToken}`);
    await expect(page.getByRole('heading', { name: 'Deine Links und Daten' })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Meine Daten herunterladen' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`reisestein-${code}.json`);
    const text = await readFile(await file.path(), 'utf8');
    const data = JSON.parse(text) as { kind: string; stone: { code: string; creatorEmail: string; finds: Array<{ location: string }> } };
    expect(data).toMatchObject({ kind: 'stone', stone: { code, creatorEmail: creator } });
    expect(data.stone.finds.map((find) => find.location)).toEqual(['Lübeck']);
    expect(text).not.toContain('finderin-e2e@example.org');

    const revoke = page.getByRole('button', { name: 'Alle Verwaltungslinks ungültig machen' });
    await expect(page.getByText(`Wir schicken dir sofort einen neuen Link an ${creator}`)).toBeVisible();
    // Asked first, and nothing happens without a yes.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(
        `Alle Admin-Links dieses Steins werden ungültig – auch der, den du gerade benutzt. Ein neuer Link geht an ${creator}. Fortfahren?`,
      );
      void dialog.dismiss();
    });
    await revoke.click();
    await expect(page.getByRole('heading', { name: 'Deine Links und Daten' })).toBeVisible();
    expect((await request.get(`/api/admin/stones/${adminToken}`)).status()).toBe(200);

    page.once('dialog', (dialog) => void dialog.accept());
    await revoke.click();
    await expect(page.getByRole('heading', { name: 'Alle Admin-Links sind ungültig' })).toBeVisible();
    await expect(page.getByText(`Dein neuer Link ist unterwegs an ${creator}`)).toBeVisible();

    const old = await page.goto(`/admin/stone/${adminToken}`);
    expect(old?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Dieser Admin-Link gilt nicht (mehr)' })).toBeVisible();
    await expect(page.getByText('Links aus späteren E-Mails gelten 30 Tage')).toBeVisible();
    await expect(page.getByText('Dein Stein? Admin-Link per E-Mail anfordern')).toBeVisible();

    const mail = await mailFor(request, (m) => m.to === creator && m.subject === 'Dein neuer Admin-Link für „Ein Stein mit Schlüsseln“');
    expect(mail.text).toContain('Ab jetzt gilt nur noch dieser neue Link');
    await page.goto(linkPath(mail.text, '/admin/stone/'));
    await expect(page.getByRole('heading', { name: `Stein ${code} verwalten` })).toBeVisible();
  });

  test('a collection’s owner makes every link of the collection and its stones invalid', async ({ page, request }) => {
    const creator = `collection-links-${Date.now()}@example.org`;
    const res = await request.post('/api/collections', {
      data: { title: 'Für Tante Grete', creatorEmail: creator, count: 2, recaptchaToken: 'token' },
      headers: { 'accept-language': 'de-DE' },
    });
    expect(res.status()).toBe(201);
    const created = (await res.json()) as { adminToken: string; stones: Array<{ adminToken: string }> };

    await page.goto(`/admin/sammlung/${created.adminToken}`);
    await expect(page.getByRole('heading', { name: 'Links und Daten der Sammlung' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Meine Daten herunterladen' }).click();
    expect((await download).suggestedFilename()).toMatch(/^reisestein-sammlung-[a-z2-9]{10}\.json$/);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Alle Verwaltungslinks ungültig machen' }).click();
    await expect(page.getByRole('heading', { name: 'Alle Admin-Links sind ungültig' })).toBeVisible();

    const old = await page.goto(`/admin/sammlung/${created.adminToken}`);
    expect(old?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Dieser Admin-Link gilt nicht (mehr)' })).toBeVisible();
    for (const stone of created.stones) expect((await request.get(`/api/admin/stones/${stone.adminToken}`)).status()).toBe(404);

    const mail = await mailFor(
      request,
      (m) => m.to === creator && m.subject === 'Dein neuer Admin-Link für die Sammlung „Für Tante Grete“',
    );
    await page.goto(linkPath(mail.text, '/admin/sammlung/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Für Tante Grete' })).toBeVisible();
  });
});
