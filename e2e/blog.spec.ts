import { expect, test } from './fixtures';
import { E2E_OPERATOR } from './global-setup';

test('readers find the seeded article on /blog and read it, with its reading time and tags', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  // Reached inside the app: the title comes from the screen's own texts, which arrive with its code.
  await expect(page).toHaveTitle('Blog – Reisesteine');
  const card = page.getByRole('article').filter({ hasText: 'Willkommen bei den Reisesteinen' });
  await expect(card).toContainText('von redaktion');
  await card.getByRole('link', { name: 'Weiterlesen – Willkommen bei den Reisesteinen' }).click();
  await expect(page).toHaveURL(/\/blog\/willkommen-bei-den-reisesteinen$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen bei den Reisesteinen' })).toBeVisible();
  await expect(page.getByText('1 Minute Lesezeit')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Anleitung' })).toBeVisible();
  // A link to a page of this site keeps its path (and needs no rel: it does not leave the site).
  await page.getByRole('link', { name: 'Anleitung zum Vorbereiten' }).click();
  await expect(page).toHaveURL(/\/stein-vorbereiten$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Stein vorbereiten' })).toBeVisible();
});

test.describe('an address of no article', () => {
  // The page itself answers 404, which the browser logs.
  test.use({ allowConsoleErrors: [/404 \(Not Found\)/] });

  test('an unknown article says so with a way back', async ({ page }) => {
    const response = await page.goto('/blog/gibt-es-nicht');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog-Artikel nicht gefunden' })).toBeVisible();
    await page.getByRole('link', { name: 'Zurück zum Blog' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  });
});

test('blog management without a stored token leads to the admin login', async ({ page }) => {
  await page.goto('/admin/blog');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
});

test.describe('with an article image on another site', () => {
  // The browser tests have no network: the article's https image cannot load, which the browser logs.
  test.use({ allowConsoleErrors: [/ERR_NAME_NOT_RESOLVED/] });

  test('the operator writes a draft, publishes it, readers see it, and the operator deletes it', async ({ page }) => {
    await page.goto('/admin');
    await page.getByLabel('E-Mail').fill(E2E_OPERATOR.email);
    await page.getByLabel('Passwort').fill(E2E_OPERATOR.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('link', { name: 'Blog verwalten' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blog verwalten' })).toBeVisible();
    await expect(page).toHaveTitle('Blog verwalten – Reisesteine');

    await page.getByRole('button', { name: 'Neuer Artikel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Artikel' });
    await dialog.getByLabel('Titel *').fill('Steine am Rhein');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByText('Bitte füllen Sie alle Pflichtfelder aus.').first()).toBeVisible();
    await dialog.getByLabel('Zusammenfassung *').fill('Drei Steine reisen den Rhein hinab.');
    await dialog
      .getByLabel('Inhalt *')
      .fill(
        '<p>Erste Zeile\nzweite Zeile</p><img src="https://bilder.example/x.jpg" onerror="alert(1)" alt="Rhein"><script>alert(2)</script>',
      );
    await dialog.getByLabel('Tags (durch Kommas getrennt)').fill('Rhein, Reise, Fluss, Sommer');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Artikel erstellt' })).toBeVisible();
    const card = page.getByRole('region', { name: 'Steine am Rhein' });
    await expect(card.getByText('Entwurf')).toBeVisible();
    await expect(card.getByRole('link', { name: '„Steine am Rhein“ ansehen' })).toHaveCount(0);
    expect((await page.request.get('/api/blog/steine-am-rhein')).status()).toBe(404);

    await card.getByRole('button', { name: '„Steine am Rhein“ bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Artikel bearbeiten' });
    await edit.getByRole('switch', { name: 'Veröffentlicht' }).check();
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Artikel aktualisiert' })).toBeVisible();
    await expect(card.getByText('Veröffentlicht')).toBeVisible();

    await card.getByRole('link', { name: '„Steine am Rhein“ ansehen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Steine am Rhein' })).toBeVisible();
    await expect(page.getByText('Drei Steine reisen den Rhein hinab.')).toBeVisible();
    // The line break shows as one; the image stays without its handler; the script is gone.
    await expect(page.locator('article br')).toHaveCount(1);
    await expect(page.getByRole('img', { name: 'Rhein' })).not.toHaveAttribute('onerror');
    await expect(page.locator('article script')).toHaveCount(0);

    await page.goto('/blog');
    const listed = page.getByRole('article').filter({ hasText: 'Steine am Rhein' });
    await expect(listed.getByRole('listitem')).toHaveText(['Rhein', 'Reise', 'Fluss', '+1']);

    await page.goto('/admin/blog');
    page.once('dialog', (confirm) => {
      expect(confirm.message()).toBe('Sind Sie sicher, dass Sie diesen Blog-Artikel löschen möchten?');
      void confirm.accept();
    });
    await page.getByRole('button', { name: '„Steine am Rhein“ löschen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Artikel gelöscht' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Steine am Rhein' })).toHaveCount(0);
  });
});

test.describe('with an operator whose session has ended', () => {
  // The blog admin's first call is answered 401, which the browser logs.
  test.use({ allowConsoleErrors: [/the server responded with a status of 401/] });

  test('blog management sends them to the login with a message and forgets the token', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('adminToken', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.abc'));
    await page.goto('/admin/blog');
    await expect(page).toHaveURL(/\/admin\?session=expired$/);
    await expect(page.getByText('Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  });
});

test('a reader pages back to older articles', async ({ page, request }) => {
  const login = await request.post('/api/admin/login', { data: E2E_OPERATOR });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const ids: string[] = [];
  try {
    // A full first page of newer articles pushes the seeded one onto the second.
    for (let i = 1; i <= 12; i++) {
      const res = await request.post('/api/admin/blog', {
        headers: { authorization: token },
        data: { title: `Neuigkeit ${i}`, slug: `neuigkeit-${i}`, excerpt: 'Kurz.', content: '<p>Text</p>', published: true },
      });
      expect(res.status()).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    await page.goto('/blog');
    await expect(page.getByRole('article')).toHaveCount(12);
    await expect(page.getByRole('article').filter({ hasText: 'Willkommen bei den Reisesteinen' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Ältere Artikel' }).click();
    await expect(page.getByRole('article').filter({ hasText: 'Willkommen bei den Reisesteinen' })).toBeVisible();
    // Older articles come below the first page; they do not replace it.
    await expect(page.getByRole('heading', { level: 2, name: 'Neuigkeit 12', exact: true })).toBeVisible();
    // The second page was not full: there is nothing older.
    await expect(page.getByRole('button', { name: 'Ältere Artikel' })).toHaveCount(0);
  } finally {
    for (const id of ids) await request.delete(`/api/admin/blog/${id}`, { headers: { authorization: token } });
  }
});
