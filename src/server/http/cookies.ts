/** Reading the Cookie header and writing Set-Cookie values, shared by the XSRF and session code. */

/**
 * Reads one cookie from a request's Cookie header. A value that cannot be URL-decoded counts as
 * absent: a malformed cookie must never turn every answer into an error.
 */
export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Options of a Set-Cookie value. */
export interface CookieOptions {
  /** Seconds until it expires; 0 deletes it. Omitted: a browser-session cookie. */
  readonly maxAgeSeconds?: number;
  /** Hidden from the page's script. */
  readonly httpOnly?: boolean;
}

/** A Set-Cookie value for `request`'s site: Path=/, SameSite=Lax, and Secure over https. */
export function setCookie(
  request: Request,
  name: string,
  value: string,
  options: CookieOptions = {},
): string {
  const parts = [`${name}=${value}`, 'Path=/', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined)
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (new URL(request.url).protocol === 'https:') parts.push('Secure');
  return parts.join('; ');
}
