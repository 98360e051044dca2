/**
 * Where a carousel stands, in its own words: `template` is a phrase such as "{index} of {total}".
 * One slide in view reads "2 of 4"; several read as a range, "1–3 of 4".
 */
export function positionText(template: string, index: number, inView: number, total: number): string {
  const first = Math.min(index + 1, total);
  const last = Math.min(index + Math.max(inView, 1), total);
  return template
    .replace('{index}', first === last ? String(first) : `${first}–${last}`)
    .replace('{total}', String(total));
}

/** product-spec section 1: a carousel moves every 5000 ms (the home slider keeps the same pace). */
export const AUTOPLAY_MS = 5000;

/** Which slide a row scrolled by `scrollLeft` shows first (slides `slideWidth` wide, `gap` apart). */
export function startingSlide(scrollLeft: number, slideWidth: number, gap: number, slides: number): number {
  if (slideWidth <= 0 || slides <= 0) return 0;
  return Math.min(slides - 1, Math.max(0, Math.round(scrollLeft / (slideWidth + gap))));
}
