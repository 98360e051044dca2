import { expect, test } from '@playwright/test';
import { siteRoutes } from '../../src/lib/shared/routes';
import { axeViolations } from './support/axe';

const widths = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 740 },
];

for (const viewport of widths) {
  test.describe(`axe (WCAG 2.2 AA) at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const path of [...siteRoutes.map((route) => route.path), '/no-such-page']) {
      test(`${path} has no violations`, async ({ page }) => {
        await page.goto(path);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

test('an open menu has no violations either', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Products' }).click();
  expect(await axeViolations(page)).toEqual([]);
});

// Islands hydrate in idle time: until then (or without their scripts) a carousel is a row that
// scrolls natively, and the keyboard must reach it even when its slides hold no link.
for (const path of ['/', '/who-we-are/leadership']) {
  test(`${path} before its carousel hydrates: the row scrolls, by keyboard too, and axe finds nothing`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.route(/\/_astro\/.*\.js$/, (route) => route.abort());
    await page.goto(path);
    const row = page.locator('.carousel .swiper');
    expect(await row.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await expect(row).toHaveAttribute('tabindex', '0');
    expect(await axeViolations(page)).toEqual([]);
  });
}
