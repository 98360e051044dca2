import { describe, expect, it } from 'vitest';
import { cardGridAttributes, cardGridColumns, columnsUpTo } from '~/lib/shared/card-grid';

/** A last row with one card under rows of two or more. */
function hasOrphan(count: number, columns: number): boolean {
  return columns > 1 && count > columns && count % columns === 1;
}

describe('cardGridColumns', () => {
  it('gives the site’s grids the intended columns', () => {
    expect(cardGridColumns(4)).toEqual({ md: 2, lg: 2, xl: 4 });
    expect(cardGridColumns(5)).toEqual({ md: 1, lg: 3, xl: 3 });
    expect(cardGridColumns(6)).toEqual({ md: 2, lg: 3, xl: 3 });
    expect(cardGridColumns(9)).toEqual({ md: 1, lg: 3, xl: 3 });
  });

  it('never leaves one card alone on the last row, and never loses columns as the page widens', () => {
    for (let count = 1; count <= 40; count++) {
      const { md, lg, xl } = cardGridColumns(count);
      for (const columns of [md, lg, xl])
        expect(hasOrphan(count, columns), `${count} in ${columns}`).toBe(false);
      expect(md).toBeLessThanOrEqual(lg);
      expect(lg).toBeLessThanOrEqual(xl);
      expect([md <= 2, lg <= 3, xl <= 4]).toEqual([true, true, true]);
    }
  });

  it('puts fewer cards than the most columns in one row', () => {
    expect(columnsUpTo(1, 4)).toBe(1);
    expect(columnsUpTo(3, 4)).toBe(3);
    expect(columnsUpTo(0, 4)).toBe(1);
  });

  it('spells the columns as data attributes', () => {
    expect(cardGridAttributes(5)).toEqual({
      'data-count': 5,
      'data-cols-md': 1,
      'data-cols-lg': 3,
      'data-cols-xl': 3,
    });
  });
});
