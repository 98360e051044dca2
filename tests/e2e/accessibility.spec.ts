import { expect, test } from '@playwright/test';
import { siteRoutes } from '../../src/lib/shared/routes';
import { axeViolations, axeViolationsByWidth, DESKTOP, NO_VIOLATIONS_BY_WIDTH, PHONE } from './support/axe';
import { publicationSamples } from './support/publications';

// One test per route serves both widths (a reload at phone size, as a phone would load it).
test.describe('axe (WCAG 2.2 AA) at desktop and phone widths', () => {
  // A post, a tag listing and a case study stand for the pages the content collections add (DECISIONS 65).
  for (const path of [...siteRoutes.map((route) => route.path), ...publicationSamples, '/no-such-page']) {
    test(`${path} has no violations at ${DESKTOP.width} or ${PHONE.width} px`, async ({ page }) => {
      expect(await axeViolationsByWidth(page, path)).toEqual(NO_VIOLATIONS_BY_WIDTH);
    });
  }
});

test('an open menu has no violations either', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
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
    await page.setViewportSize(DESKTOP);
    await page.route(/\/_astro\/.*\.js$/, (route) => route.abort());
    await page.goto(path);
    const row = page.locator('.carousel .swiper');
    expect(await row.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await expect(row).toHaveAttribute('tabindex', '0');
    expect(await axeViolations(page)).toEqual([]);
  });
}
