/**
 * One step of `<carousel-autoplay>` (carousel-autoplay.ts), apart from the element so it can be
 * tested without a DOM; imported by the element only, so it stays inside the element's script.
 */

/** Where the row scrolls next: one slide on, or back to the start from the last position. */
export function nextScroll(scrollLeft: number, step: number, maxScroll: number): number {
  return scrollLeft + 1 >= maxScroll ? 0 : Math.min(scrollLeft + step, maxScroll);
}
