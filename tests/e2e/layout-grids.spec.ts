import { expect, test, type Page } from '@playwright/test';
import { canonicalPaths } from '../../src/lib/shared/routes';
import { pageAs, shopper } from './support/shop';

/**
 * No card grid leaves one card alone on its last row under rows of two or more, at any width from
 * a small phone to a wide desktop (the columns come from src/lib/shared/card-grid.ts).
 */
const widths = [360, 600, 768, 1024, 1280, 1440];
// The home page, the course catalogue, and every product and service page with cards (PageSections).
const paths = [
  '/',
  '/career/training',
  ...canonicalPaths.filter(
    (path) =>
      path.startsWith('/products/') ||
      (path.startsWith('/services/') && path !== '/services/search-engine-optimization'),
  ),
];

interface GridRows {
  readonly name: string;
  /** Cards per row, top to bottom. */
  readonly rows: readonly number[];
}

/** The rows of every shown list laid out as a grid in `main`, from the tops of its items. */
async function gridRows(page: Page): Promise<GridRows[]> {
  return page.locator('main').evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>('ul, ol')]
      .filter((list) => getComputedStyle(list).display === 'grid' && list.checkVisibility())
      .map((list) => {
        const rows = new Map<number, number>();
        for (const item of list.children) {
          const top = Math.round(item.getBoundingClientRect().top);
          rows.set(top, (rows.get(top) ?? 0) + 1);
        }
        const sorted = [...rows].sort(([a], [b]) => a - b).map(([, count]) => count);
        return { name: `${list.tagName.toLowerCase()}.${[...list.classList].join('.')}`, rows: sorted };
      }),
  );
}

for (const path of paths) {
  test(`${path}: no card grid leaves a card alone on its last row, 360 to 1440 px`, async ({ page }) => {
    await page.setViewportSize({ width: widths[0] ?? 360, height: 900 });
    await page.goto(path);
    await expect(page.locator('main .card-grid').first()).toBeAttached();
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      const grids = await gridRows(page);
      expect(grids.filter((grid) => grid.name.includes('card-grid')).length, `${width} px`).toBeGreaterThan(
        0,
      );
      for (const { name, rows } of grids) {
        const last = rows.at(-1) ?? 0;
        const orphan = rows.length > 1 && last === 1 && rows.slice(0, -1).some((count) => count > 1);
        expect(orphan, `${name} at ${width} px has rows ${rows.join(' + ')}`).toBe(false);
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        `${width} px`,
      ).toBe(0);
    }
  });
}

/**
 * The cart's batch select (issue 42, item 8: cut off at 1366 and 1280 px): at every width from a
 * small phone to a wide desktop, each line's select lies inside its line and the scrolling cart,
 * and is wide enough for the batch it shows (a select shows one line and cuts off the rest).
 */
test('/checkout: each cart line shows its whole batch in a select inside the line, 360 to 1440 px', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const who = await shopper(browser, 'batch-select', { cart: [1, 2, 9] });
  const page = await pageAs(browser, who);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/checkout');
  const selects = page.getByRole('combobox', { name: 'Batch' });
  await expect(selects).toHaveCount(3);
  // The batches are in: each select shows its line's batch, not 'Loading…'.
  for (const select of await selects.all()) await expect(select).toHaveText(/\d{4} · /);
  for (const width of [360, 375, 414, 600, 768, 1024, 1280, 1366, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const boxes = await selects.evaluateAll((all) =>
      all.map((element) => {
        const select = element as HTMLSelectElement;
        const box = select.getBoundingClientRect();
        const line = select.closest('.cart-item')!.getBoundingClientRect();
        const cart = select.closest('.checkout__scroll')!.getBoundingClientRect();
        // What the select needs for its chosen batch: a twin holding that option alone, sized to it.
        const twin = document.createElement('select');
        twin.style.cssText = 'position: absolute; visibility: hidden; width: auto;';
        twin.append(new Option(select.selectedOptions[0]?.textContent ?? ''));
        select.parentElement!.append(twin);
        const needed = twin.getBoundingClientRect().width;
        twin.remove();
        return {
          text: select.selectedOptions[0]?.textContent,
          insideLine: box.left >= line.left - 0.5 && box.right <= line.right + 0.5,
          insideCart: box.left >= cart.left - 0.5 && box.right <= cart.right + 0.5,
          showsWholeBatch: needed <= box.width + 0.5,
        };
      }),
    );
    for (const box of boxes)
      expect(box, `${width} px`).toEqual({
        text: box.text,
        insideLine: true,
        insideCart: true,
        showsWholeBatch: true,
      });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `${width} px`,
    ).toBe(0);
  }
});
