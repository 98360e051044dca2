import { expect, type Page } from '@playwright/test';

/** Every island in <main> has hydrated (Astro drops `ssr` once React has taken over). */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('main astro-island[ssr]')).toHaveCount(0);
}
