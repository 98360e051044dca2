/**
 * Column counts of a card grid (the `.card-grid` class of src/styles/global.css), chosen from its
 * number of cards so that the last row never holds one card alone under fuller rows. One column
 * on phones; then at most 2 columns from 600 px, 3 from 900 px and 4 from 1100 px (at those
 * widths a column stays at least ~15rem wide). For example 4 cards: 1, 2, 2, 4 columns; 5 cards:
 * 1, 1, 3, 3; 6 cards: 1, 2, 3, 3; 9 cards: 1, 1, 3, 3.
 */

/** Columns of a card grid from 600 px (`md`), 900 px (`lg`) and 1100 px (`xl`). */
export interface CardGridColumns {
  readonly md: number;
  readonly lg: number;
  readonly xl: number;
}

/**
 * The most columns, up to `maxColumns`, that leave no single card on the last row; one column
 * fewer when that fills every row and the most do not (6 cards: 3 + 3 rather than 4 + 2).
 */
export function columnsUpTo(count: number, maxColumns: number): number {
  if (count <= maxColumns) return Math.max(count, 1);
  for (let columns = maxColumns; columns >= 2; columns--) {
    if (count % columns === 1) continue;
    if (count % columns !== 0 && columns > 2 && count % (columns - 1) === 0) return columns - 1;
    return columns;
  }
  return 1;
}

export function cardGridColumns(count: number): CardGridColumns {
  return { md: columnsUpTo(count, 2), lg: columnsUpTo(count, 3), xl: columnsUpTo(count, 4) };
}

/** The attributes that give a `.card-grid` of `count` cards its columns, to spread on its element. */
export function cardGridAttributes(count: number): Record<`data-${string}`, number> {
  const { md, lg, xl } = cardGridColumns(count);
  return { 'data-count': count, 'data-cols-md': md, 'data-cols-lg': lg, 'data-cols-xl': xl };
}
