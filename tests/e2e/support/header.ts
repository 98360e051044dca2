import { expect, type Page } from '@playwright/test';

/**
 * Opens `path` and waits until the header island has hydrated (`data-ready` on its bar). It
 * hydrates on the visitor's first intent; before that its menus work by CSS only (hover, focus), so
 * tests of the scripted behaviour (clicks, keys, aria-expanded) start after it.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // The header hydrates on the visitor's first intent (issue 20): a pointer over it.
  await page
    .locator('.site-header astro-island')
    .evaluate((island) => island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true })));
  await expect(page.locator('.site-header__bar')).toHaveAttribute('data-ready', '');
}
