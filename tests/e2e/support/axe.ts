import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules we hold every page and state to: WCAG 2.2 A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe's violations on the page as it is now, one readable line each (empty when clean).
 *
 * Legacy mode runs `axe.run` in the page itself. The default mode runs axe in every frame and then
 * merges the results in a new blank page, which is there for cross-origin frames; our pages have no
 * frames, so the rules and results are the same, and each run is about 0.6 s faster without the
 * extra page.
 */
export async function axeViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode();
  if (options.include) builder.include(options.include);
  const results = await builder.analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join(', ')})`,
  );
}

/** The two widths every page and state is checked at: a desktop and a phone. */
export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 375, height: 740 } as const;

/** What {@link axeViolationsByWidth} resolves to for a clean page. */
export const NO_VIOLATIONS_BY_WIDTH = { [`${DESKTOP.width} px`]: [], [`${PHONE.width} px`]: [] };

/**
 * axe's violations on `path` at desktop width, then at phone width, keyed by width: the page is
 * loaded at desktop size, then resized and reloaded, as a phone would load it. `ready` waits for
 * what must show before each check.
 */
export async function axeViolationsByWidth(
  page: Page,
  path: string,
  ready: () => Promise<unknown> = async () => undefined,
): Promise<Record<string, string[]>> {
  await page.setViewportSize(DESKTOP);
  await page.goto(path);
  await ready();
  const atDesktop = await axeViolations(page);
  await page.setViewportSize(PHONE);
  await page.reload();
  await ready();
  return { [`${DESKTOP.width} px`]: atDesktop, [`${PHONE.width} px`]: await axeViolations(page) };
}
