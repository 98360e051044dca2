/** The share image of a post or case study (DECISIONS 65): 1200 x 630 PNG, its title wrapped to fit. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SHARE_HEIGHT, SHARE_WIDTH, shareCardPng, shareCardSvg, wrapTitle } from '~/lib/build/share-card';

describe('share card', () => {
  it('wraps a title into lines no wider than the card, or says it does not fit', () => {
    const lines = wrapTitle('Barcode scanning in the godown: where it pays, and how to roll it out', 68);
    expect(lines).toBeDefined();
    expect(lines!.join(' ')).toBe('Barcode scanning in the godown: where it pays, and how to roll it out');
    expect(lines!.length).toBeGreaterThan(1);
    expect(wrapTitle('word '.repeat(60), 68)).toBeUndefined();
  });

  it('outlines every word, so no font is needed to draw it', () => {
    const svg = shareCardSvg({ kind: 'Blog', title: 'A short title', footer: 'Arjun Bhide' });
    expect(svg).not.toContain('<text');
    expect(svg).toContain('<use href="#g');
  });

  it('draws a 1200 x 630 PNG', { timeout: 20_000 }, async () => {
    const png = await shareCardPng({
      kind: 'Sahyadri Infotech · Case study',
      title: 'One patient record across OPD, wards, pharmacy and billing',
      footer: 'Healthcare',
    });
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', SHARE_WIDTH, SHARE_HEIGHT]);
    expect([SHARE_WIDTH, SHARE_HEIGHT]).toEqual([1200, 630]);
  });
});
