// @ts-check
/**
 * Which of several matching function routes wins, as Netlify routes: exact paths first, then the
 * pattern with the most fixed text (`/api/orders/:id` before `/api/*`), then by function name so
 * the order never depends on the file system. Shared by `npm start`'s router
 * (./warm-functions.mjs) and the function tests' router (tests/support/function-router.ts).
 *
 * @param {{ literal?: string | undefined, pattern?: string | undefined, name?: string | undefined }} a
 * @param {{ literal?: string | undefined, pattern?: string | undefined, name?: string | undefined }} b
 * @returns {number}
 */
export function byPrecedence(a, b) {
  const exact = Number(b.literal !== undefined) - Number(a.literal !== undefined);
  if (exact !== 0) return exact;
  /** @param {{ pattern?: string | undefined }} route */
  const fixedLength = (route) => String(route.pattern ?? '').replace(/:[^/]+|\*/g, '').length;
  return fixedLength(b) - fixedLength(a) || String(a.name ?? '').localeCompare(String(b.name ?? ''));
}
