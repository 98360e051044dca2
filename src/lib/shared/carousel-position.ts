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
