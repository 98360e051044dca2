import axe from 'axe-core';
import type { Page } from '@playwright/test';

/** The rules we hold every page and state to: WCAG 2.2 A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** A violation as read back from the page: what the report line needs, nothing more. */
interface Violation {
  readonly id: string;
  readonly help: string;
  readonly nodes: readonly { readonly target: string; readonly failureSummary: string }[];
}

/**
 * axe's violations on the page as it is now, one readable line each (empty when clean); with
 * `include` (a selector), on that part of it only: rules about the whole page (its title, language,
 * landmarks, skip link) then find nothing to check.
 *
 * axe runs in the page itself (`axe.run`, as @axe-core/playwright's legacy mode did: our pages have
 * no frames), injected once per document rather than twice per run, and only the violations come
 * back, not the passes with every node they checked. Issue 42, item 11: on the home page with the
 * sign-in dialog open, at load 7-12 on two cores (medians of 5), a whole-page run took 0.8-1.1 s
 * through @axe-core/playwright, of which `axe.run` itself was 0.2-0.3 s.
 */
export async function axeViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ include, tags }): Promise<Violation[]> => {
      const { axe: inPage } = window as unknown as { axe: typeof axe };
      const results = await inPage.run(include ?? document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations.map((v) => ({
        id: v.id,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), failureSummary: n.failureSummary ?? '' })),
      }));
    },
    { include: options.include, tags: TAGS },
  );
  return violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target}: ${n.failureSummary}`).join(', ')})`,
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
