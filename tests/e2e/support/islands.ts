import { expect, type Page } from '@playwright/test';

/**
 * Every island in <main> has hydrated (Astro drops `ssr` once React has taken over). Islands that
 * wait for the visitor's intent (`client:intent`) are woken as a visitor would wake them: a
 * pointer over them.
 */
export async function hydrated(page: Page): Promise<void> {
  await page
    .locator('main astro-island[ssr]')
    .evaluateAll((islands) =>
      islands.forEach((island) => island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }))),
    );
  await expect(page.locator('main astro-island[ssr]')).toHaveCount(0);
}

/**
 * Resolves once every finite animation and transition running now has finished (a toast sliding
 * in, a menu fading): the event to wait for instead of a fixed pause.
 */
export async function finishedAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Resolves after the browser has drawn two more frames (a wheel or a layout has been applied). */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
