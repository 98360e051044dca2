/**
 * The session cookie (API.md): `session`, HttpOnly, SameSite=Lax, Secure over https, Path=/. It
 * holds the random token; the server keeps only its hash (src/server/domain/auth/sessions.ts).
 */
import { resolveSession, type NewSession, type SessionUser } from '~/server/domain/auth/sessions';
import { readCookie, setCookie } from '~/server/http/cookies';

export const SESSION_COOKIE = 'session';

/** The session token the request carries, if any. */
export function sessionTokenOf(request: Request): string | undefined {
  return readCookie(request, SESSION_COOKIE) || undefined;
}

/** The signed-in user of the request, or undefined. */
export async function sessionUserOf(request: Request, now: Date): Promise<SessionUser | undefined> {
  const token = sessionTokenOf(request);
  return token === undefined ? undefined : resolveSession(token, now);
}

/** The Set-Cookie value that hands a new session to the browser until the session ends. */
export function sessionCookie(request: Request, session: NewSession, now: Date): string {
  return setCookie(request, SESSION_COOKIE, session.token, {
    httpOnly: true,
    maxAgeSeconds: (session.expiresAt.getTime() - now.getTime()) / 1000,
  });
}

/** The Set-Cookie value that removes the session cookie. */
export function clearSessionCookie(request: Request): string {
  return setCookie(request, SESSION_COOKIE, '', { httpOnly: true, maxAgeSeconds: 0 });
}
