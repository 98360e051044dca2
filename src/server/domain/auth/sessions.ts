/**
 * Sessions (DECISIONS 4, 27): a random token in an HttpOnly cookie; the server keeps only its
 * hash. A session lasts 30 days from sign-in, or 7 days unused (a staff session: 12 hours
 * unused), then expires server-side. Logout revokes one session; a password reset revokes all of
 * a user's sessions.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type SessionRecord,
  deleteSession,
  getSession,
  listSessionIds,
  saveSession,
  touchSession,
} from '~/server/storage/sessions';

/** Longest life of a session, from sign-in, in milliseconds (30 days). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A session unused this long expires, in milliseconds (7 days). */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** A staff session unused this long expires, in milliseconds (12 hours, issue 19). */
export const STAFF_SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** `lastSeenAt` is written at most this often, in milliseconds (1 hour), to keep reads cheap. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;
/** ... and for staff sessions every 10 minutes, so their 12 hours are counted closely. */
const STAFF_TOUCH_EVERY_MS = 10 * 60 * 1000;

/** The signed-in user a valid session names. */
export interface SessionUser {
  readonly userId: string;
  /** The session's id (the token's hash), never the token. */
  readonly sessionId: string;
  /** True for a staff session (started by an account in STAFF_EMAILS). */
  readonly staff?: boolean;
}

/** A new session: the token for the cookie (shown once, never stored) and when it ends. */
export interface NewSession extends SessionUser {
  readonly token: string;
  /** The absolute end of the session; the cookie expires then too. */
  readonly expiresAt: Date;
}

/** The id under which a token's session is stored: its SHA-256, base64url. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Tokens are 32 random bytes, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Starts a session for `userId`; a staff session (`staff`) expires after 12 hours unused.
 * `device`: the browser and system in words (`deviceOf`), shown on the account page.
 */
export async function createSession(
  userId: string,
  now: Date,
  staff = false,
  device?: string,
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const sessionId = sessionIdOf(token);
  await saveSession(sessionId, {
    userId,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    ...(staff ? { staff: true as const } : {}),
    ...(device === undefined ? {} : { device }),
  });
  return {
    token,
    sessionId,
    userId,
    ...(staff ? { staff } : {}),
    expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
  };
}

/** Whether a stored session has ended (30 days from sign-in, or 7 days / 12 hours unused). */
export function hasExpired(session: SessionRecord, now: Date): boolean {
  const age = now.getTime() - Date.parse(session.createdAt);
  const idle = now.getTime() - Date.parse(session.lastSeenAt);
  return (
    age >= SESSION_MAX_AGE_MS || idle >= (session.staff === true ? STAFF_SESSION_IDLE_MS : SESSION_IDLE_MS)
  );
}

/**
 * The user of the session `token` names, or undefined when there is none, it was revoked, or it
 * expired (an expired session is deleted). Using a session keeps it alive for another 7 days.
 */
export async function resolveSession(token: string, now: Date): Promise<SessionUser | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const sessionId = sessionIdOf(token);
  const session = await getSession(sessionId);
  if (!session) return undefined;
  const staff = session.staff === true;
  if (hasExpired(session, now)) {
    await deleteSession(sessionId, session.userId);
    return undefined;
  }
  const idle = now.getTime() - Date.parse(session.lastSeenAt);
  if (idle >= (staff ? STAFF_TOUCH_EVERY_MS : TOUCH_EVERY_MS))
    await touchSession(sessionId, now.toISOString());
  return { userId: session.userId, sessionId, ...(staff ? { staff } : {}) };
}

/** Ends the session `token` names, if any (logout). */
export async function revokeSession(token: string): Promise<void> {
  if (!TOKEN_PATTERN.test(token)) return;
  const sessionId = sessionIdOf(token);
  const session = await getSession(sessionId);
  if (session) await deleteSession(sessionId, session.userId);
}

/**
 * Ends every session of `userId` (password reset, account closed), or every one but `keep`
 * (password change, 'sign out all other devices').
 */
export async function revokeAllSessions(userId: string, keep?: string): Promise<void> {
  const ids = await listSessionIds(userId);
  await Promise.all(ids.filter((id) => id !== keep).map((sessionId) => deleteSession(sessionId, userId)));
}
