import { expect, test } from '@playwright/test';
import { canonicalPaths } from '../../src/lib/shared/routes';

const products = canonicalPaths.filter((path) => path.startsWith('/products/'));
// The SEO page is a placeholder (tested below); every other service is a full page.
const services = canonicalPaths.filter(
  (path) => path.startsWith('/services/') && path !== '/services/search-engine-optimization',
);

for (const path of [...products, ...services]) {
  const isProduct = path.startsWith('/products/');
  test(`${path} is a full page: ${isProduct ? 'modules' : 'offerings'}, features, audience, a quote link`, async ({
    page,
  }) => {
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 2, name: isProduct ? 'Modules' : 'What we offer', exact: true }),
    ).toBeVisible();
    expect(await main.locator('.cards__item').count()).toBeGreaterThanOrEqual(4);
    await expect(
      main.getByRole('heading', { level: 2, name: isProduct ? 'Features' : 'What you get', exact: true }),
    ).toBeVisible();
    expect(await main.locator('.checklist li').count()).toBeGreaterThanOrEqual(6);
    await expect(main.getByRole('heading', { level: 2, name: 'Who it is for', exact: true })).toBeVisible();
    expect(await main.locator('.audience__item').count()).toBeGreaterThanOrEqual(3);
    const quote = main.locator('.cta a');
    // The contact form opens with the page's subject (issue 23, item 9).
    await expect(quote).toHaveAttribute('href', /^\/contact-us\?about=[^&]+$/);
    if (isProduct) await expect(quote).toHaveText('Get Quote');

    // Pictures of the product (a screen in the hero, one lower down) or the service's steps.
    const pictures = main.locator('img[src^="/images/products/"], img[src^="/images/services/"]');
    await expect(pictures).toHaveCount(isProduct ? 2 : 1);
    for (const picture of await pictures.all()) await expect(picture).toHaveAttribute('alt', /.{20,}/);
    const hero = pictures.first();
    expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    if (isProduct) await expect(main.locator('figure figcaption')).toHaveText(/.{20,}/);
  });
}

test('the SEO page is a placeholder pointing to digital marketing', async ({ page }) => {
  await page.goto('/services/search-engine-optimization');
  await expect(page.getByRole('main').locator('.cards__item')).toHaveCount(0);
  await expect(page.getByRole('main').locator('a[href="/services/digital-marketing"]')).toHaveCount(1);
});
