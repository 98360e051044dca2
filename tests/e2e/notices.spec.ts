/**
 * The notices beside the forms that collect personal data (DECISIONS 63): visible beside the
 * contact form and the sign-up form, linked to the privacy policy, clean for axe at phone and
 * desktop widths with "More" open, and the version shown is the one the form sends.
 */
import { expect, test, type Page } from '@playwright/test';
import { notices } from '../../src/content/ui/notices';
import { axeViolations, DESKTOP, PHONE } from './support/axe';

const POLICY = '/who-we-are/privacy-policy';

/** axe at desktop, then at phone width (reloaded, as a phone loads it), after `show` each time. */
async function axeAtBothWidths(page: Page, path: string, show: () => Promise<void>) {
  const found: Record<string, string[]> = {};
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto(path);
    await show();
    found[`${size.width} px`] = await axeViolations(page);
  }
  return found;
}

test('the contact form: its notice beside it, linked to the privacy policy, and its version sent with the message', async ({
  page,
}) => {
  const shown = async () => {
    const notice = page.locator('#contact-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(notices.contact.summary[0]!);
    await expect(notice.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', POLICY);
    await notice.getByText('More about your data').click();
    await expect(notice.getByText(notices.contact.more[0]!)).toBeVisible();
  };
  expect(await axeAtBothWidths(page, '/contact-us', shown)).toEqual({
    [`${DESKTOP.width} px`]: [],
    [`${PHONE.width} px`]: [],
  });

  // The form sends the version it showed.
  const form = page.getByRole('form', { name: 'Send Us A Message' });
  await form.hover();
  await expect(page.locator('astro-island', { has: form })).not.toHaveAttribute('ssr');
  await form.getByLabel('Name').fill('Priya Deshmukh');
  await form.getByLabel('Phone').fill('9876543210');
  await form.getByLabel('Email').fill('priya.notice@example.com');
  await form.getByLabel('Message').fill('Please call about training.');
  const sent = page.waitForRequest('**/api/contact/sendmail');
  await form.getByRole('button', { name: 'Send message' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ notice: notices.contact.version, form: 'contact' });
});

test('the sign-up form: its notice beside it, linked to the privacy policy, clean for axe', async ({
  page,
}) => {
  // The sign-up form shows first on /login for a browser that chose it last (`logintype`).
  await page.addInitScript(() => localStorage.setItem('logintype', 'false'));
  const shown = async () => {
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Sign up' })).toBeVisible();
    const notice = main.locator('.form-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(notices.signUp.summary[0]!);
    await expect(notice.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', POLICY);
    await notice.getByText('More about your data').click();
    await expect(notice.getByText(notices.signUp.more[0]!)).toBeVisible();
  };
  expect(await axeAtBothWidths(page, '/login', shown)).toEqual({
    [`${DESKTOP.width} px`]: [],
    [`${PHONE.width} px`]: [],
  });
});
