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
