/**
 * Pages only staff may see (issue 19; DECISIONS 39, 53). The page itself is pre-rendered like
 * every other (`src/pages/staff-console.astro`), then taken out of the published folder into
 * `dist-staff/` (integrations/staff-pages.mjs), so no address of the CDN serves it. This serves
 * its HTML at the staff address, or the site's 404 page with status 404 to anyone else, so the
 * address tells a stranger nothing. Both go out with the 404 page's headers from the site's own
 * CDN (CSP, HSTS, ...: the same for every page), which are kept.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The pre-rendered shell of the console, as Astro's dev server serves it (`npm run dev`). */
const CONSOLE_SHELL_PATH = '/staff-console';
/** The built shell of the console, beside the published folder (the function carries it). */
const CONSOLE_SHELL_FILE = 'dist-staff/staff-console.html';
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
 * The console shell's HTML: the built file (a deploy, `npm start`), or under `npm run dev`, where
 * nothing is built, the page Astro's dev server renders. Undefined when neither has it.
 */
async function consoleShell(request: Request, fetchPage: typeof fetch): Promise<string | undefined> {
  const root = process.env['LAMBDA_TASK_ROOT'] ?? process.cwd();
  try {
    return await readFile(join(root, CONSOLE_SHELL_FILE), 'utf8');
  } catch {
    // Sent without the visitor's cookies: a deploy's /staff-console is this function's 404.
    const page = await fetchPage(new URL(CONSOLE_SHELL_PATH, request.url), {
      headers: { accept: 'text/html' },
    });
    return page.ok ? page.text() : undefined;
  }
}

/**
 * Answers `/console`: the console shell (200) for staff, the 404 page (404) for anyone else;
 * never cached, since the same address answers differently per visitor.
 */
export async function consolePage(request: Request, staff: boolean, fetchPage = fetch): Promise<Response> {
  const notFound = await fetchPage(new URL(NOT_FOUND_PATH, request.url), {
    headers: { accept: 'text/html' },
  });
  const headers = new Headers(notFound.headers);
  for (const name of DROPPED_HEADERS) headers.delete(name);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Cache-Control', 'no-store');
  headers.set('Vary', 'Cookie');
  const shell = staff ? await consoleShell(request, fetchPage) : undefined;
  const body = shell ?? (await notFound.text());
  return new Response(request.method === 'HEAD' ? null : body, { status: shell ? 200 : 404, headers });
}
