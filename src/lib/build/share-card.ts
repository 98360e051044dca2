/**
 * The share image of a post or case study (DECISIONS 65): a 1200 x 630 PNG drawn at build, with
 * the page's title in the site's own font (outlined, so no system font is needed) over the brand
 * colours. Open Graph and X/Twitter cards show it when the page is shared.
 */
import sharp from 'sharp';
import { measure, takeGlyphDefs, text } from '../../../scripts/art/outlined-text.mjs';

export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

/** What a share image says. */
export interface ShareCard {
  /** Small capitals above the title, e.g. "Sahyadri Infotech · Blog". */
  kind: string;
  /** The page title, wrapped onto at most four lines. */
  title: string;
  /** One line under the title, e.g. the writer and the date. */
  footer: string;
}

const MARGIN = 80;
const TEXT_WIDTH = SHARE_WIDTH - 2 * MARGIN;

/**
 * `title` wrapped into lines no wider than `width` at `size` (bold), or undefined when they need
 * more than `maxLines`.
 */
export function wrapTitle(
  title: string,
  size: number,
  width = TEXT_WIDTH,
  maxLines = 3,
): string[] | undefined {
  const lines: string[] = [];
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const line = lines.at(-1);
    const joined = line === undefined ? word : `${line} ${word}`;
    if (line !== undefined && measure(joined, size, 700) <= width) lines[lines.length - 1] = joined;
    else lines.push(word);
  }
  return lines.length <= maxLines && lines.every((line) => measure(line, size, 700) <= width)
    ? lines
    : undefined;
}

/** The largest title size (68 px down to 40 px) at which the title fits in three, then four, lines. */
function titleLayout(title: string): { size: number; lines: string[] } {
  for (const maxLines of [3, 4])
    for (let size = 68; size >= 40; size -= 4) {
      const lines = wrapTitle(title, size, TEXT_WIDTH, maxLines);
      if (lines) return { size, lines };
    }
  throw new Error(`The title "${title}" does not fit a share image: shorten it`);
}

/** The share image as SVG, every word outlined. */
export function shareCardSvg(card: ShareCard): string {
  const { size, lines } = titleLayout(card.title);
  const lineHeight = Math.round(size * 1.18);
  // The block of lines centred on y = 330 (Inter's capitals are 0.73 em tall).
  const firstBaseline = 330 - ((lines.length - 1) * lineHeight) / 2 + (size * 0.73) / 2;
  const body =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#06201f"/><stop offset="1" stop-color="#115e59"/></linearGradient></defs>` +
    `<rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="url(#bg)"/>` +
    // The ridge of the page banners, twice, faint.
    `<path d="M0 630V520l100-50 75 33 117-75 92 58 75-25 133 67 100-58 108 42 125-83 92 50 100-25 83 42v126Z" fill="#ffffff" opacity=".06"/>` +
    `<path d="M0 630V575l140-40 110 30 150-55 120 45 160-35 130 40 170-50 120 35 100-20v105Z" fill="#ffffff" opacity=".06"/>` +
    `<rect x="${MARGIN}" y="86" width="64" height="8" rx="4" fill="#fbbf24"/>` +
    text(card.kind.toUpperCase(), { x: MARGIN, y: 140, size: 26, weight: 700, fill: '#ccfbf1' }) +
    lines
      .map((line, index) =>
        text(line, {
          x: MARGIN - 3,
          y: firstBaseline + index * lineHeight,
          size,
          weight: 700,
          fill: '#ffffff',
        }),
      )
      .join('') +
    text(card.footer, { x: MARGIN, y: 560, size: 28, weight: 500, fill: '#fbbf24' });
  const defs = takeGlyphDefs();
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}">` +
    `<defs>${defs.join('')}</defs>${body}</svg>`
  );
}

/** The share image as PNG bytes, 1200 x 630. */
export async function shareCardPng(card: ShareCard): Promise<Uint8Array<ArrayBuffer>> {
  const png = await sharp(Buffer.from(shareCardSvg(card)))
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new Uint8Array(png);
}
