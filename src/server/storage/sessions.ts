/**
 * Signed-in sessions in the `sessions` store (DECISIONS 4, 27). The browser holds a random token;
 * only its SHA-256 hash (the session id) is stored. Key formats:
 * - `sessions/<sessionId>`: the session;
 * - `by-user/<userId>/<sessionId>`: an empty marker per session, so all of a user's sessions can
 *   be found and revoked. It is written before the session, so no session is ever missing one.
 */
import * as z from '~/lib/shared/zod';
import { sweep, type Budget, type SweepResult } from '~/server/storage/sweep';
import { openStore, SKIP } from '~/server/storage/blob-store';

/** A stored session. */
export const SessionRecordSchema = z.object({
  userId: z.string().check(z.minLength(1)),
  /** When the user signed in (ISO 8601); the session ends 30 days later at the latest. */
  createdAt: z.iso.datetime(),
  /** Last time the session was used (ISO 8601, updated at most hourly). */
  lastSeenAt: z.iso.datetime(),
  /** A staff session (the company console): it expires after 12 hours unused instead of 7 days. */
  staff: z.optional(z.literal(true)),
  /** The browser and system in words ('Chrome on Android'); sessions started before it have none. */
  device: z.optional(z.string().check(z.maxLength(100))),
});

export type SessionRecord = z.infer<typeof SessionRecordSchema>;

const MarkerSchema = z.object({});
const store = openStore('sessions');
const sessionKey = (sessionId: string) => `sessions/${sessionId}`;
const userPrefix = (userId: string) => `by-user/${userId}/`;

/** Stores a new session (marker first). */
export async function saveSession(sessionId: string, session: SessionRecord): Promise<void> {
  await store.create(`${userPrefix(session.userId)}${sessionId}`, MarkerSchema, {});
  await store.create(sessionKey(sessionId), SessionRecordSchema, session);
}

/** The session with this id, or undefined. */
export function getSession(sessionId: string): Promise<SessionRecord | undefined> {
  return store.get(sessionKey(sessionId), SessionRecordSchema);
}

/** Sets `lastSeenAt` of a session that still exists; a revoked session stays revoked. */
export async function touchSession(sessionId: string, lastSeenAt: string): Promise<void> {
  await store.update(sessionKey(sessionId), SessionRecordSchema, (current) =>
    current ? { ...current, lastSeenAt } : SKIP,
  );
}

/** Deletes a session and its marker. */
export async function deleteSession(sessionId: string, userId: string): Promise<void> {
  await store.delete(sessionKey(sessionId));
  await store.delete(`${userPrefix(userId)}${sessionId}`);
}

/** Ids of every session of `userId` (including ones that have expired but not been cleaned up). */
export async function listSessionIds(userId: string): Promise<string[]> {
  const prefix = userPrefix(userId);
  return (await store.list(prefix)).map((key) => key.slice(prefix.length));
}

/** Every stored session of `userId` with its id (expired ones included until swept). */
export async function listSessionsOf(
  userId: string,
): Promise<{ sessionId: string; session: SessionRecord }[]> {
  const ids = await listSessionIds(userId);
  const sessions = await Promise.all(
    ids.map(async (sessionId) => ({ sessionId, session: await getSession(sessionId) })),
  );
  return sessions.flatMap(({ sessionId, session }) =>
    session && session.userId === userId ? [{ sessionId, session }] : [],
  );
}

/** Deletes the sessions `expired` picks, with their markers (issue 17, item 6). */
export function sweepSessions(
  expired: (session: SessionRecord) => boolean,
  budget: Budget,
): Promise<SweepResult> {
  return sweep(store, 'sessions/', SessionRecordSchema, expired, budget, (key, session) =>
    deleteSession(key.slice('sessions/'.length), session.userId),
  );
}
