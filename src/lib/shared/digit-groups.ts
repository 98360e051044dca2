/**
 * Whole numbers as people read them, written without `Intl`: a page's first Intl formatter starts
 * ICU, 12-25 ms of main thread (four times that on a slow phone), in the middle of the first render
 * of a cart or an invoice (issue 20: TBT). Each gives the text of its Intl twin (unit-tested).
 */

/** `1234567` -> `1,234,567`: `Intl.NumberFormat('en-US')` for a whole, non-negative number. */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** `1234567` -> `12,34,567` (lakh and crore): `Intl.NumberFormat('en-IN')` for a whole, non-negative number. */
export function groupIndian(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${head},${digits.slice(-3)}`;
}
