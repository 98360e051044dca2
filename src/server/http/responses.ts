/**
 * Response helpers shared by every function: JSON bodies, the error shape of API.md
 * (`{"errors": ["..."]}`) and the headers every API answer carries.
 */

/** Headers on every API answer: never cached, never sniffed, never framed. */
const API_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'Content-Type': 'application/json; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
};

/** A JSON answer with the API headers. `init.headers` are added to them. */
export function json(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(API_HEADERS);
  new Headers(init.headers).forEach((value, name) => headers.set(name, value));
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

/** An error answer in the API's shape: `{"errors": [...]}`, plain sentences for people. */
export function errors(
  status: number,
  messages: readonly string[],
  init: { headers?: HeadersInit } = {},
): Response {
  return json({ errors: messages }, { status, ...init });
}

/** A CSV download (`text/csv`, UTF-8) named `filename`, with the API headers. */
export function csv(text: string, filename: string): Response {
  const headers = new Headers(API_HEADERS);
  headers.set('Content-Type', 'text/csv; charset=utf-8');
  headers.set('Content-Disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
  return new Response(text, { status: 200, headers });
}

/** A calendar file download (`text/calendar`, UTF-8, RFC 5545) named `filename`, with the API headers. */
export function calendarFile(text: string, filename: string): Response {
  const headers = new Headers(API_HEADERS);
  headers.set('Content-Type', 'text/calendar; charset=utf-8');
  headers.set('Content-Disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
  return new Response(text, { status: 200, headers });
}

/**
 * An HTML page a function answers (the test gateway's): its own strict policy, no script at all,
 * styles inline, forms posting only to this site.
 */
export function html(body: string, init: { status?: number } = {}): Response {
  const headers = new Headers(API_HEADERS);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  );
  return new Response(body, { status: init.status ?? 200, headers });
}

/** A 303 See Other to `location` (after a form post: the browser GETs it). */
export function seeOther(location: string): Response {
  const headers = new Headers(API_HEADERS);
  headers.set('Location', location);
  return new Response(null, { status: 303, headers });
}
