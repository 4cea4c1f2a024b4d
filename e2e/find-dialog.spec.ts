import { expect, OMA, test } from './fixtures';

/** Spec: the welcome dialog shows 500 ms after a stone page loads (features/welcome-dialog). */
const WELCOME_DELAY_MS = 500;

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Stein finden' }).click();
});

test('typed code entry keeps hex only, uppercases and inserts hyphens up to 11 characters', async ({ page }) => {
  const input = page.getByLabel('Stein-Code');
  await input.pressSequentially('a1b-2xc3 d4e99');
  await expect(input).toHaveValue('A1B-2C3-D4E');
});

test('letters that look like digits are read as the digits, and the dialog says so', async ({ page }) => {
  const input = page.getByLabel('Stein-Code');
  await expect(page.getByText('Buchstaben, die wie Ziffern aussehen')).toHaveCount(0);
  await input.pressSequentially('abo-ilo-sde');
  await expect(input).toHaveValue('AB0-110-5DE');
  await expect(input).toHaveAccessibleDescription(
    'Buchstaben, die wie Ziffern aussehen, lesen wir als Ziffern: O als 0, I und L als 1, S als 5.',
  );
});

test('typing or deleting in the middle of the code keeps the caret where the person is typing', async ({ page }) => {
  const input = page.getByLabel('Stein-Code');
  const caret = () => input.evaluate((element: HTMLInputElement) => [element.selectionStart, element.selectionEnd]);
  await input.pressSequentially('abc123');
  await expect(input).toHaveValue('ABC-123');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  expect(await caret()).toEqual([4, 4]);

  await page.keyboard.type('9');
  await expect(input).toHaveValue('ABC-912-3');
  expect(await caret()).toEqual([5, 5]);
  await page.keyboard.type('f');
  await expect(input).toHaveValue('ABC-9F1-23');
  expect(await caret()).toEqual([6, 6]);
  // A character that is no code character changes nothing, not even the caret.
  await page.keyboard.type('x');
  await expect(input).toHaveValue('ABC-9F1-23');
  expect(await caret()).toEqual([6, 6]);

  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(input).toHaveValue('ABC-123');
  expect(await caret()).toEqual([4, 4]);
  await page.keyboard.type('d');
  await expect(input).toHaveValue('ABC-D12-3');
  expect(await caret()).toEqual([5, 5]);
});

test('an incomplete code shows the invalid-code message', async ({ page }) => {
  await page.getByLabel('Stein-Code').fill('ABC12');
  await page.getByRole('button', { name: 'Stein suchen' }).click();
  await expect(page.getByRole('alert')).toContainText('Ungültiger Code');
  await expect(page.getByRole('alert')).toContainText('Der Code muss das Format XXX-XXX-XXX haben');
});

test.describe('with a code nobody registered', () => {
  test.use({ allowConsoleErrors: [/404 \(Not Found\)/] });
  test('says that no stone has it', async ({ page }) => {
    await page.getByLabel('Stein-Code').fill('FFFFFFFFF');
    await page.getByRole('button', { name: 'Stein suchen' }).click();
    await expect(page.getByRole('alert')).toContainText('Mit diesem Code wurde kein Stein gefunden.');
  });
});

test('a known code offers to log a find or just view; viewing opens the read-only page', async ({ page }) => {
  await page.getByLabel('Stein-Code').fill(OMA.replace(/-/g, '').toLowerCase());
  await page.getByRole('button', { name: 'Stein suchen' }).click();
  const modal = page.getByRole('dialog', { name: `Stein ${OMA} gefunden` });
  await expect(modal.getByRole('button', { name: 'Fund jetzt eintragen' })).toBeVisible();
  await modal.getByRole('button', { name: 'Nur ansehen' }).click();
  await expect(page).toHaveURL(`/view/${OMA}`);
  await expect(page.getByTestId('read-only-badge')).toHaveText('Nur Ansicht');
  await expect(page.getByRole('heading', { name: 'Fund eintragen' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Benachrichtigt werden' })).toBeVisible();
});

test('"log find now" opens the stone page at the find form without the welcome dialog', async ({ page }) => {
  await page.getByLabel('Stein-Code').fill(OMA);
  await page.getByRole('button', { name: 'Stein suchen' }).click();
  await expect(page.getByRole('button', { name: 'Fund jetzt eintragen' })).toBeVisible();
  // From here the page's timers wait for the test: the welcome dialog's delay passes only when it says so.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByRole('button', { name: 'Fund jetzt eintragen' }).click();
  await expect(page).toHaveURL(`/${OMA}#find-form`);
  await expect(page.getByRole('heading', { name: 'Fund eintragen' })).toBeInViewport();
  // The page remembers at once that this finder skips the dialog; a dialog on its way is remembered only when due,
  // which the stopped clock does not let happen.
  const remembered = () => page.evaluate((code) => localStorage.getItem(`welcome-shown:${code}`), OMA);
  await expect.poll(remembered).not.toBeNull();
  const skippedAt = await remembered();
  await page.clock.runFor(WELCOME_DELAY_MS);
  expect(await remembered()).toBe(skippedAt);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('closing the dialog returns focus to the button that opened it', async ({ page }) => {
  await expect(page.getByLabel('Stein-Code')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Stein finden' })).toBeFocused();
});
