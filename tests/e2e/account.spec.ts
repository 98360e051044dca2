/**
 * Your account (DECISIONS 62-63), journeys through the built site: the e-mail changed
 * by a code and used to sign in; the password changed in one browser and another browser signed
 * out; the account closed and the address signed up again; the data file with the order in it;
 * and axe at 1280 and 375 px, with screenshots of a full account (two devices, saved billing).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations, axeViolationsByWidth, NO_VIOLATIONS_BY_WIDTH } from './support/axe';
import { newPerson, signUpByApi, xsrfOf } from './support/accounts';
import { gotoHydrated } from './support/header';
import { pressAtOnce } from './support/keys';
import { codeMailedTo, subjectsTo } from './support/mail';
import { MAHARASHTRA, pageAs, shopper } from './support/shop';

// Each journey signs up (scrypt hashing) and signs in again: more time than a single check.
test.describe.configure({ timeout: 60_000 });

/**
 * How long an answer that checks or hashes a password (scrypt), or the island's first load, may take
 * on a machine busy with other tests.
 */
const SCRYPT_MS = 15_000;

const header = (page: Page) => page.getByRole('banner');
const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/**
 * Opens /account and waits for its cards: the island hydrates at idle for a remembered user, then
 * asks for the profile, both slow on a machine busy with other tests.
 */
async function openAccount(page: Page): Promise<void> {
  await page.goto('/account');
  await expect(card(page, 'Profile')).toBeVisible({ timeout: SCRYPT_MS });
}

/** Signs `email` in through the API in a new browser context: another device of the same person. */
async function otherDevice(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await page.request.get('/api/courses');
  const answer = await page.request.post('/api/account/login', {
    data: { mobile: email, password, clientCode: 'sispl' },
    headers: { 'X-XSRF-TOKEN': await xsrfOf(page) },
  });
  expect(answer.status()).toBe(200);
  const user = (await answer.json()) as unknown;
  await page.evaluate((value) => localStorage.setItem('user', JSON.stringify(value)), user);
  return page;
}

/** A later page load in `page`'s browser shows nobody signed in. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Sign in to see your account' })).toBeVisible({
    timeout: SCRYPT_MS,
  });
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
}

test('change the name and the e-mail address by the code sent to it, then sign out and sign in with the new address', async ({
  page,
}) => {
  const { person } = await signUpByApi(page, 'acct-email');
  // The page's clock is Playwright's: 'Send the code again' is offered a minute after a code.
  await page.clock.install();
  await openAccount(page);

  // Profile: a hint after the first Save, gone as the number is fixed; then 'Saved.' and the header's new name.
  const profile = card(page, 'Profile');
  await profile.getByLabel('Mobile number').fill('12345');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByText(/^Mobile number must be 10 digits/)).toBeVisible();
  await profile.getByLabel('Mobile number').fill(person.mobile);
  await expect(profile.getByText(/^Mobile number must be 10 digits/)).toHaveCount(0);
  await profile.getByLabel('Name').fill('Kavya Renamed');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByRole('status')).toHaveText('Saved.');
  await expect(header(page).getByRole('button', { name: 'Account: Kavya Renamed' })).toBeVisible();

  // E-mail: the new address and the password, a code to the new address, sent again, confirmed.
  const email = card(page, 'E-mail');
  await expect(email).toContainText(person.email);
  const newEmail = newPerson('acct-moved').email;
  await email.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(email.getByLabel('New e-mail address')).toBeFocused();
  await email.getByLabel('New e-mail address').fill(newEmail);
  await email.getByLabel('Your password').fill('not-my-password');
  await email.getByRole('button', { name: 'Send code' }).click();
  await expect(email.getByRole('alert')).toHaveText('Your current password is wrong.', {
    timeout: SCRYPT_MS,
  });
  await email.getByLabel('Your password').fill(person.password);
  await email.getByRole('button', { name: 'Send code' }).click();
  await expect(email.getByText(`We sent a 6-digit code to ${newEmail}.`, { exact: false })).toBeVisible({
    timeout: SCRYPT_MS,
  });
  await codeMailedTo(newEmail);
  await expect(email.getByRole('button', { name: 'Send the code again' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.clock.runFor(61_000);
  await email.getByRole('button', { name: 'Send the code again' }).click();
  await expect(email.getByRole('status').filter({ hasText: 'We sent a new code' })).toBeVisible({
    timeout: SCRYPT_MS,
  });
  const code = await codeMailedTo(newEmail, 1);
  await email.getByLabel('Code from the e-mail').fill(code);
  await email.getByRole('button', { name: 'Confirm' }).click();
  await expect(email.getByRole('status').filter({ hasText: 'Your e-mail address is now' })).toHaveText(
    `Your e-mail address is now ${newEmail}. We told your old address, ${person.email}, of the change.`,
    // The confirmation checks the code (a scrypt hash) and mails the old address: at load 15 a
    // fresh clone's CI saw it still 'Confirming…' after the default 5 s.
    { timeout: SCRYPT_MS },
  );
  await expect(email.getByTestId('account-email')).toHaveText(newEmail);
  await expect
    .poll(() => subjectsTo(person.email))
    .toContainEqual(expect.stringMatching(/account was changed$/));

  // Signed out, the new address signs in; the old one no longer does.
  await gotoHydrated(page, '/');
  await header(page).getByRole('button', { name: 'Account: Kavya Renamed' }).click();
  const homeLoaded = page.waitForEvent('load');
  await header(page).getByRole('button', { name: 'Sign out' }).click();
  await homeLoaded;
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel('E-mail or mobile number').fill(person.email);
  await main.getByLabel('Password', { exact: true }).fill(person.password);
  await expect(main.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await main.getByLabel('Password', { exact: true }).press('Enter');
  await expect(main.getByRole('alert')).toContainText('Wrong e-mail, mobile number or password.', {
    timeout: SCRYPT_MS,
  });
  await main.getByLabel('E-mail or mobile number').fill(newEmail);
  await main.getByLabel('Password', { exact: true }).press('Enter');
  await expect(header(page).getByRole('button', { name: 'Account: Kavya Renamed' })).toBeVisible({
    timeout: SCRYPT_MS,
  });
});

test('sign out another device, and change the password: the other browser is signed out at its next page load', async ({
  page,
  browser,
}) => {
  const { person } = await signUpByApi(page, 'acct-password');
  const laptop = await otherDevice(browser, person.email, person.password);
  await openAccount(page);

  // Two devices, this one marked; the other signed out by its own button.
  const devices = card(page, 'Signed-in devices');
  await expect(devices.getByTestId('device')).toHaveCount(2);
  await expect(devices.getByTestId('device').first()).toContainText('This device');
  await devices.getByRole('button', { name: /^Sign out .*, last seen / }).click();
  await expect(devices.getByRole('status')).toHaveText('That device is signed out.');
  await expect(devices.getByTestId('device')).toHaveCount(1);
  await expectSignedOut(laptop);

  // Signed in there again, then the password changes here.
  const again = await otherDevice(browser, person.email, person.password);
  await openAccount(page);
  await expect(card(page, 'Signed-in devices').getByTestId('device')).toHaveCount(2);
  const password = card(page, 'Password');
  await password.getByLabel('Current password').fill(person.password);
  await password.getByLabel('New password', { exact: true }).fill('monsoon-ferry-77');
  await password.getByLabel('New password again').fill('monsoon-ferry-78');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Passwords do not match.')).toBeVisible();
  await password.getByLabel('New password again').fill('monsoon-ferry-77');
  await expect(password.getByText('Passwords do not match.')).toHaveCount(0);
  await password.getByRole('button', { name: 'Change password' }).click();
  // Hashing the new password (scrypt) takes a while on a busy machine.
  await expect(password.getByRole('status')).toHaveText(
    'Password changed. Every other device is signed out.',
    { timeout: SCRYPT_MS },
  );
  await expect(card(page, 'Signed-in devices').getByTestId('device')).toHaveCount(1);
  await expect(card(page, 'Signed-in devices')).toContainText('You are signed in on this device only.');

  // The other browser's next page load shows it signed out; this one is still signed in.
  await expectSignedOut(again);
  await openAccount(page);
});

test('delete the account from the confirm dialog, then sign up again with the same e-mail', async ({
  page,
  browser,
}) => {
  const { person } = await signUpByApi(page, 'acct-close');
  await openAccount(page);
  const close = card(page, 'Delete my account');
  await expect(close).toContainText('CGST Act, section 36');

  // Escape closes the dialog and gives focus back to its opener.
  const opener = close.getByRole('button', { name: 'Delete my account…' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Type DELETE to confirm')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  // Escape, then Enter before the page has run anything else (a quick typist on a busy page): the
  // dialog's late 'close' event must not shut the one the Enter opened (issue 42, item 11).
  await pressAtOnce(page, ['Escape', 'Enter']);
  await expect(dialog.getByLabel('Type DELETE to confirm')).toBeFocused();
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Type DELETE in capitals to confirm.')).toBeVisible();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your current password is wrong.', {
    timeout: SCRYPT_MS,
  });
  await dialog.getByLabel('Your password').fill(person.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page.getByRole('heading', { name: 'Your account is closed.' })).toBeFocused({
    timeout: SCRYPT_MS,
  });
  await expect(page.getByText(`We sent a confirmation to ${person.email}.`)).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect
    .poll(() => subjectsTo(person.email))
    .toContainEqual(expect.stringMatching(/account is closed$/));
  await expectSignedOut(page);

  // The address is free: it signs up again, as a new account.
  const fresh = await (await browser.newContext()).newPage();
  const { user } = await signUpByApi(fresh, 'acct-again', person.email);
  await openAccount(fresh);
  await expect(card(fresh, 'E-mail').getByTestId('account-email')).toHaveText(person.email);
  expect(user.username).toBe('Kavya acct-again');
});

test('download my data: one JSON file with the profile and the order', async ({ browser }) => {
  const buyer = await shopper(browser, 'acct-data', { orders: [[1]] });
  const page = await pageAs(browser, buyer);
  await openAccount(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card(page, 'Download my data')
      .getByRole('link', { name: /^Download my data/ })
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await readFile((await download.path())!, 'utf8');
  expect(() => JSON.parse(file) as unknown).not.toThrow();
  expect(file).toContain(buyer.email);
  expect(file).toContain(buyer.orderNos[0]);
});

test('/account passes axe at 1280 and 375 px with two devices and saved billing, and fits each width', async ({
  page,
  browser,
}, testInfo) => {
  const { person } = await signUpByApi(page, 'acct-axe');
  await otherDevice(browser, person.email, person.password);
  const saved = await page.request.post('/api/account/profile', {
    data: {
      billing: {
        ...MAHARASHTRA,
        gstin: '27AAPFU0939F1ZV',
        address: { line: '14 FC Road, Shivajinagar', city: 'Pune', postalCode: '411005' },
      },
    },
    headers: { 'X-XSRF-TOKEN': await xsrfOf(page) },
  });
  expect(saved.status()).toBe(200);
  const ready = () =>
    expect(card(page, 'Signed-in devices').getByTestId('device')).toHaveCount(2, { timeout: SCRYPT_MS });
  expect(await axeViolationsByWidth(page, '/account', ready)).toEqual(NO_VIOLATIONS_BY_WIDTH);
  await expect(card(page, 'Billing details').getByLabel('GSTIN (optional)')).toHaveValue('27AAPFU0939F1ZV');

  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`account-${width}.png`), fullPage: true });
  }
});

test('/account asks a signed-out visitor to sign in', async ({ page }) => {
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Sign in to see your account' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});
