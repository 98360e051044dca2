import { expect, type Page } from '@playwright/test';

/**
 * Opens `path` and waits until the header island has hydrated (`data-ready` on its bar). It
 * hydrates when the browser is idle; before that its menus work by CSS only (hover, focus), so
 * tests of the scripted behaviour (clicks, keys, aria-expanded) start after it.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('.site-header__bar')).toHaveAttribute('data-ready', '');
}
