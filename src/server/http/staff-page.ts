/**
 * Pages only staff may see (issue 19). The page itself is pre-rendered like every other
 * (`src/pages/staff-console.astro`); this serves its HTML at the staff address, or the site's
 * 404 page with status 404 to anyone else, so the address tells a stranger nothing. Both come
 * from the site's own CDN with their security headers (CSP, HSTS, ...), which are kept.
 */

/** The pre-rendered shell of the console. */
export const CONSOLE_SHELL_PATH = '/staff-console';
/** A path no page has: the CDN answers it with the site's 404 page. */
const NOT_FOUND_PATH = '/404';

const DROPPED_HEADERS = [
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'etag',
  'last-modified',
  'age',
];

/**
 * Answers `/console`: the console shell (200) for staff, the 404 page (404) for anyone else;
 * never cached, since the same address answers differently per visitor.
 */
export async function consolePage(request: Request, staff: boolean, fetchPage = fetch): Promise<Response> {
  const source = new URL(staff ? CONSOLE_SHELL_PATH : NOT_FOUND_PATH, request.url);
  const page = await fetchPage(source, { headers: { accept: 'text/html' } });
  const headers = new Headers(page.headers);
  for (const name of DROPPED_HEADERS) headers.delete(name);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Cache-Control', 'no-store');
  headers.set('Vary', 'Cookie');
  const status = staff && page.ok ? 200 : 404;
  return new Response(request.method === 'HEAD' ? null : await page.text(), { status, headers });
}
