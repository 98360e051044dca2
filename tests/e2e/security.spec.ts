/*
 * The Content-Security-Policy holds in a real browser: no page, island or dialog does anything
 * the policy refuses (an eval probe, an inline script without its hash, a foreign origin).
 */
import { expect, test } from '@playwright/test';
import { signUpByApi } from './support/accounts';
import { addToCartByApi } from './support/shop';

test('pages with islands (header, forms, cart, history) break no rule of the Content-Security-Policy', async ({
  page,
}) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (line: string) => violations.push(line));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation: (line: string) => void }).reportViolation(
        `${location.pathname}: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      ),
    ),
  );
  for (const path of ['/', '/contact-us', '/login', '/who-we-are/leadership']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // Signed in with a course in the cart: the cart and history islands load their data.
  const { user } = await signUpByApi(page, 'csp');
  await addToCartByApi(page, user.userid, [1]);
  for (const path of ['/checkout', '/purchasehistory']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});

test('after sign-in, a hostile ?next= still lands on this site, and so does the Continue link (issue 22, item 1)', async ({
  page,
  browser,
  baseURL,
}) => {
  const { person } = await signUpByApi(page, 'redirect');
  const hostile = '/.//evil.example/phish';
  const origin = new URL(baseURL!).origin;

  // Signed in already: the page offers to continue, to a place on this site.
  await page.goto(`/login?next=${encodeURIComponent(hostile)}`);
  const continueLink = page.getByRole('main').getByRole('link', { name: /Continue/ });
  await expect(continueLink).toBeVisible();
  const href = await continueLink.evaluate((link) => (link as HTMLAnchorElement).href);
  expect(new URL(href).origin).toBe(origin);

  // Signing in from a fresh browser goes to this site's /evil.example/phish, not to evil.example.
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(`/login?next=${encodeURIComponent(hostile)}`);
  const signIn = fresh.getByRole('main').getByRole('button', { name: 'Sign in' });
  await fresh.getByLabel('E-mail or mobile number').fill(person.email);
  await fresh.getByLabel('Password', { exact: true }).fill(person.password);
  await expect(signIn).toBeEnabled();
  await signIn.click();
  await expect(fresh).toHaveURL(`${origin}/evil.example/phish`, { timeout: 15_000 });
  await fresh.context().close();
});
