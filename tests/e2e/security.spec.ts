/*
 * The Content-Security-Policy holds in a real browser: no page, island or dialog does anything
 * the policy refuses (an eval probe, an inline script without its hash, a foreign origin).
 */
import { expect, test } from '@playwright/test';
import { cartItem, ShopMock } from './support/shop-mock';

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
  await new ShopMock({ cart: [cartItem(0)] }).install(page);
  for (const path of ['/checkout', '/purchasehistory']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});
