/**
 * Cross-site request forgery protection (DECISIONS 8 and 44). Every non-GET `/api/*` call carries
 * header `X-XSRF-TOKEN` equal to cookie `XSRF-TOKEN`, and that token must be one the server made:
 * `<nonce>.<HMAC-SHA256(key, nonce + session)>`, where the session is a hash of the session
 * cookie the request carries (none before sign-in). So a value an attacker sets as both cookie
 * and header is refused, and a token stops working when the session it was made for changes.
 * The handler renews it whenever an answer sets or clears the session cookie (sign-in, sign-out).
 * A state change whose `Sec-Fetch-Site` says cross-site, or whose `Origin` is another site, is
 * refused whatever its token.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { xsrfKey } from '~/server/domain/auth/xsrf-key';
import { serverEnv } from '~/server/env';
import { readCookie, setCookie } from '~/server/http/cookies';
import { SESSION_COOKIE } from '~/server/http/session';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Methods that change nothing and so need no token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a token is bound to: a hash of the session cookie, or '' without one. */
const bindingOf = (session: string | undefined) =>
  session ? createHash('sha256').update(session).digest('base64url') : '';

async function macOf(nonce: string, session: string | undefined): Promise<string> {
  return createHmac('sha256', await xsrfKey())
    .update(`${nonce}.${bindingOf(session)}`)
    .digest('base64url');
}

/** A new token for a browser whose session cookie is `session` (undefined: signed out). */
export async function issueXsrfToken(session: string | undefined): Promise<string> {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${await macOf(nonce, session)}`;
}

const TOKEN = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})$/;

/** True when `token` is one this server made for the session cookie `session`. */
async function isServerToken(token: string | undefined, session: string | undefined): Promise<boolean> {
  const match = TOKEN.exec(token ?? '');
  if (!match) return false;
  const expected = Buffer.from(await macOf(match[1]!, session));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The hosts a same-site request may name as its `Origin`. */
function ownHosts(request: Request): Set<string> {
  const hosts = new Set([new URL(request.url).host]);
  for (const header of ['host', 'x-forwarded-host']) {
    const value = request.headers.get(header);
    if (value) hosts.add(value.split(',')[0]!.trim().toLowerCase());
  }
  try {
    hosts.add(new URL(serverEnv().siteUrl).host);
  } catch {
    // A malformed SITE_URL names no host.
  }
  return hosts;
}

/** True when the browser says the request comes from another site. */
function isCrossSite(request: Request): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  try {
    return !ownHosts(request).has(new URL(origin).host.toLowerCase());
  } catch {
    // `Origin: null` (a sandboxed frame, a data: page) or garbage: not our site.
    return true;
  }
}

/**
 * True when the request may proceed: a safe method, or a same-site request whose header and
 * cookie hold the same token, made by this server for the session the request carries.
 */
export async function hasValidXsrfToken(request: Request): Promise<boolean> {
  if (SAFE_METHODS.has(request.method)) return true;
  if (isCrossSite(request)) return false;
  const cookie = readCookie(request, XSRF_COOKIE);
  const header = request.headers.get(XSRF_HEADER);
  if (!cookie || !header) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return false;
  return isServerToken(cookie, readCookie(request, SESSION_COOKIE) || undefined);
}

/** The session cookie's value an answer sets: a token, '' when it clears it, undefined when it leaves it. */
function sessionSetBy(response: Response): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    if (!cookie.startsWith(`${SESSION_COOKIE}=`)) continue;
    const value = cookie
      .slice(SESSION_COOKIE.length + 1)
      .split(';')[0]!
      .trim();
    return /;\s*Max-Age=0(?:;|$)/i.test(cookie) ? '' : value;
  }
  return undefined;
}

/**
 * The `Set-Cookie` value that gives the browser a fresh token, or undefined when it keeps its
 * own: renewed when the answer signs in or out, made when the request's token is missing or not
 * valid for its session. Readable by the page's script (not HttpOnly) by design: the page copies
 * it into the header, which another site cannot do.
 */
export async function xsrfCookieFor(request: Request, response: Response): Promise<string | undefined> {
  const newSession = sessionSetBy(response);
  if (newSession !== undefined) {
    return setCookie(request, XSRF_COOKIE, await issueXsrfToken(newSession || undefined));
  }
  const session = readCookie(request, SESSION_COOKIE) || undefined;
  if (await isServerToken(readCookie(request, XSRF_COOKIE), session)) return undefined;
  return setCookie(request, XSRF_COOKIE, await issueXsrfToken(session));
}
