import { expect, test } from '@playwright/test';

test.describe('footer', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('call to action, contacts, social and help links are all there', async ({ page }) => {
    await page.goto('/products/erp');
    const footer = page.getByRole('contentinfo');
    await expect(
      footer.getByRole('heading', { name: 'Ready To Promote Your website Online?' }),
    ).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Contact us', exact: true })).toHaveAttribute(
      'href',
      '/contact-us',
    );
    const phones = footer.locator('a[href^="tel:+91"]');
    await expect(phones).toHaveCount(2);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="https://wa.me/"]')).toHaveCount(1);
    await expect(footer.getByRole('link', { name: /LinkedIn|Facebook|YouTube|^X / })).toHaveCount(4);
    for (const [name, href] of [
      ['Plan & Pricing', '/who-we-are/plan-pricing'],
      ['FAQs', '/who-we-are/FAQs'],
      ['Terms of Service', '/who-we-are/service-terms'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  });

  test('every internal footer link leads to a page that answers 200', async ({ page, request }) => {
    await page.goto('/');
    const hrefs = await page
      .getByRole('contentinfo')
      .locator('a[href^="/"]')
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href') ?? ''))]);
    expect(hrefs.length).toBeGreaterThanOrEqual(10);
    for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
  });

  test('the copyright year follows the clock, so it is right after New Year without a rebuild', async ({
    page,
  }) => {
    await page.clock.setFixedTime(new Date('2031-01-01T00:00:05+05:30'));
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toContainText('© 2031 Sahyadri Infotech Solutions Pvt. Ltd.');
  });
});

test.describe('page transitions', () => {
  test('home and about opt into a 300 ms slide; other pages do not', async ({ page }) => {
    const optsIn = () =>
      [...document.styleSheets].some((sheet) =>
        [...sheet.cssRules].some(function walk(rule): boolean {
          if (rule.cssText.startsWith('@view-transition')) return true;
          return 'cssRules' in rule && [...(rule as CSSGroupingRule).cssRules].some(walk);
        }),
      );
    await page.goto('/');
    expect(await page.evaluate(optsIn)).toBe(true);
    await page.goto('/who-we-are/about-us');
    expect(await page.evaluate(optsIn)).toBe(true);
    await page.goto('/products/erp');
    expect(await page.evaluate(optsIn)).toBe(false);
  });

  test('with reduced motion the slide is off', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/who-we-are/about-us');
    const active = await page.evaluate(() => matchMedia('(prefers-reduced-motion: no-preference)').matches);
    expect(active).toBe(false);
    await context.close();
  });

  test('a route change lands at the top of the new page', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/about-us$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
