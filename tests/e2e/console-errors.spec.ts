/**
 * Every page with an island, in a production build, logs no console error once all its islands
 * have hydrated (issue 42, item 8): a hydration that does not match the server's HTML is React
 * error #418 in the console, and the tree is thrown away and drawn again. Signed out, signed in
 * with an order and a cart (in India, where prices and dates take the Indian forms), and with
 * what a browser remembers between visits (the sign-up form last chosen, a reset code waiting).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { hydrated } from './support/islands';
import { catalogue, pageAs, shopper, type Shopper } from './support/shop';

/** The pages with islands: home, training, a course, the shop's pages, the account's, /login. */
const pages = (orderNo: string) => [
  '/',
  '/career/training',
  `/courses/${catalogue[0]!.slug}`,
  '/checkout',
  '/purchasehistory',
  `/invoice?id=${orderNo}`,
  '/account',
  '/my-courses',
  '/login',
];

/** What the page logs as an error: console errors and uncaught exceptions. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${new URL(page.url()).pathname}: ${error.message}`));
  return errors;
}

/** Opens `path` and wakes every island on it (header and footer too), as a visitor's pointer would. */
async function openAndHydrate(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page
    .locator('astro-island[ssr]')
    .evaluateAll((islands) =>
      islands.forEach((island) => island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }))),
    );
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await hydrated(page);
  // What the islands ask for once awake (the session, the cart, the batches) has come back.
  await page.waitForLoadState('networkidle');
}

let buyerOnce: Promise<Shopper> | undefined;
const buyer = (browser: Browser) =>
  (buyerOnce ??= shopper(browser, 'console-errors', { orders: [[2]], cart: [1, 3] }));

test.describe('no console error on any page with an island', () => {
  test('signed out', async ({ browser }) => {
    test.setTimeout(120_000);
    const { orderNos } = await buyer(browser);
    const page = await pageAs(browser, undefined);
    const errors = errorsOf(page);
    for (const path of pages(orderNos[0]!)) await openAndHydrate(page, path);
    expect(errors).toEqual([]);
  });

  test('signed in, in India, with an order and a cart', async ({ browser }) => {
    test.setTimeout(120_000);
    const who = await buyer(browser);
    const context = await browser.newContext({
      storageState: who.state,
      timezoneId: 'Asia/Kolkata',
      locale: 'en-IN',
    });
    const page = await context.newPage();
    const errors = errorsOf(page);
    for (const path of pages(who.orderNos[0]!)) await openAndHydrate(page, path);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('/login remembering the sign-up form, then a reset code waiting: no #418', async ({ page }) => {
    const errors = errorsOf(page);
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('logintype', 'false'));
    await openAndHydrate(page, '/login');
    // The form this browser chose last, drawn after hydration without taking focus.
    await expect(page.getByRole('main').getByRole('heading', { name: 'Sign up', exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByLabel('Name', { exact: true })).not.toBeFocused();
    await page.evaluate(() =>
      sessionStorage.setItem(
        'usercode',
        JSON.stringify({
          usercode: 'c'.repeat(24),
          userkey: 'k'.repeat(24),
          purpose: 'reset',
          email: 'a@example.com',
        }),
      ),
    );
    await openAndHydrate(page, '/login');
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'Reset Password', exact: true }),
    ).toBeVisible();
    expect(errors).toEqual([]);
  });
});
