/**
 * Cross-site request forgery protection by double submit (DECISIONS 8): every non-GET `/api/*`
 * call carries header `X-XSRF-TOKEN` equal to cookie `XSRF-TOKEN`; any answer to a request
 * without that cookie sets it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readCookie, setCookie } from '~/server/http/cookies';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Methods that change nothing and so need no token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request may proceed: a safe method, or header and cookie present and equal. */
export function hasValidXsrfToken(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const cookie = readCookie(request, XSRF_COOKIE);
  const header = request.headers.get(XSRF_HEADER);
  if (!cookie || !header || cookie.length < 32) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The `Set-Cookie` value that gives a browser a fresh token, or undefined when the request
 * already carries one. Readable by the page's script (not HttpOnly) by design: the page copies
 * it into the header, which another site cannot do.
 */
export function xsrfCookieFor(request: Request): string | undefined {
  if (readCookie(request, XSRF_COOKIE)) return undefined;
  return setCookie(request, XSRF_COOKIE, randomBytes(32).toString('base64url'));
}
