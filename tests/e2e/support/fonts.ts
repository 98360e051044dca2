import { expect, type Page } from '@playwright/test';

/**
 * The fonts the layout tests force on a page, so their result does not depend on the fonts of the
 * machine that runs them (issue 32: a machine with only DejaVu, like a bare Debian with Chromium,
 * fell back to a wider font than the one the widths had been tried with).
 *
 * Both are made from DejaVu Sans, which every Debian with fontconfig has (fonts-dejavu-core) and
 * which is the widest common fallback of the site's font stack:
 * - `wide` is DejaVu Sans itself;
 * - `narrow` is DejaVu Sans at 72 % of its size (the @font-face `size-adjust` descriptor), whose
 *   letters are as wide as those of a condensed font such as Liberation Sans Narrow or Arial
 *   Narrow. The page's font sizes and line heights stay what the CSS says; only the text is
 *   narrower, which is what a layout test needs from a narrow font. No font file is shipped.
 * A machine without DejaVu Sans fails the test with a sentence saying so instead of measuring
 * another font.
 */
const TEST_FONTS = {
  wide: { family: 'Layout test wide', sizeAdjust: '100%' },
  narrow: { family: 'Layout test narrow', sizeAdjust: '72%' },
} as const;

export type TestFont = keyof typeof TEST_FONTS;

/** Makes `font` the page's only font (the site's --font-body) and waits until it is in use. */
export async function forceFont(page: Page, font: TestFont): Promise<void> {
  const { family, sizeAdjust } = TEST_FONTS[font];
  const faces = [
    { weight: '100 550', local: 'DejaVu Sans' },
    { weight: '551 1000', local: 'DejaVu Sans Bold' },
  ]
    .map(
      (face) =>
        `@font-face { font-family: '${family}'; src: local('${face.local}'); ` +
        `font-weight: ${face.weight}; size-adjust: ${sizeAdjust}; }`,
    )
    .join('\n');
  await page.addStyleTag({
    content: `${faces}\n:root { --font-body: '${family}', monospace !important; }`,
  });
  const loaded = await page.evaluate(async (name) => {
    try {
      const faces = await Promise.all(
        ['400', '700'].map((weight) => document.fonts.load(`${weight} 16px '${name}'`)),
      );
      return faces.every((found) => found.length > 0 && found.every((face) => face.status === 'loaded'));
    } catch {
      return false; // A local() font that is not installed rejects the load.
    }
  }, family);
  expect(loaded, 'DejaVu Sans (regular and bold) is installed: Debian package fonts-dejavu-core').toBe(true);
}
