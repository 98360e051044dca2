import { expect, type Page } from '@playwright/test';

/**
 * Opens `path` and waits until the whole header is ready: its menus taken over by `<site-menus>`
 * (`data-ready` on its bar, at once: the script is inline) and its React islands (the account
 * control, the cart's count) hydrated. Those hydrate on the visitor's first intent (issue 20; the
 * menus never wait for them, issue 42, item 2), so tests of the account control and the dialog
 * start after a pointer over them, as a visitor's would be.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('.site-header__bar')).toHaveAttribute('data-ready', '');
  await page
    .locator('.site-header astro-island')
    .evaluateAll((islands) =>
      islands.forEach((island) => island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }))),
    );
  await expect(page.locator('.site-header astro-island[ssr]')).toHaveCount(0);
}
