import { describe, expect, it } from 'vitest';
import {
  createSession,
  resolveSession,
  revokeAllSessions,
  revokeSession,
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
  sessionIdOf,
} from '~/server/domain/auth/sessions';
import { openStore } from '~/server/storage/blob-store';
import { SessionRecordSchema } from '~/server/storage/sessions';
import { useBlobsServer } from '../../../../support/blobs-server';

useBlobsServer();

const start = new Date('2026-11-22T06:00:00.000Z');
const later = (ms: number) => new Date(start.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;

describe('sessions', () => {
  it('stores only the hash of the token and resolves the token to its user', async () => {
    const session = await createSession('user-a', start);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.expiresAt).toEqual(later(SESSION_MAX_AGE_MS));
    const keys = await openStore('sessions').list();
    expect(keys.some((key) => key.includes(session.token))).toBe(false);
    expect(keys).toContain(`sessions/${sessionIdOf(session.token)}`);
    expect(await resolveSession(session.token, later(1000))).toEqual({
      userId: 'user-a',
      sessionId: session.sessionId,
    });
  });

  it('knows nothing of a made-up or malformed token', async () => {
    expect(await resolveSession('A'.repeat(43), start)).toBeUndefined();
    expect(await resolveSession('../../etc', start)).toBeUndefined();
  });

  it('expires after 7 days unused, and use keeps it alive', async () => {
    const idle = await createSession('user-b', start);
    expect(await resolveSession(idle.token, later(SESSION_IDLE_MS))).toBeUndefined();
    // Expired sessions are deleted, not just refused.
    expect(
      await openStore('sessions').get(`sessions/${idle.sessionId}`, SessionRecordSchema),
    ).toBeUndefined();

    const used = await createSession('user-b', start);
    expect(await resolveSession(used.token, later(6 * DAY))).toBeDefined();
    expect(await resolveSession(used.token, later(12 * DAY))).toBeDefined();
  });

  it('ends 30 days after sign-in however often it is used', async () => {
    const session = await createSession('user-c', start);
    for (let day = 6; day < 30; day += 6)
      expect(await resolveSession(session.token, later(day * DAY))).toBeDefined();
    expect(await resolveSession(session.token, later(SESSION_MAX_AGE_MS))).toBeUndefined();
  });

  it('logout revokes one session; revoking all ends every session of that user only', async () => {
    const one = await createSession('user-d', start);
    const two = await createSession('user-d', start);
    const other = await createSession('user-e', start);
    await revokeSession(one.token);
    expect(await resolveSession(one.token, start)).toBeUndefined();
    expect(await resolveSession(two.token, start)).toBeDefined();
    await revokeAllSessions('user-d');
    expect(await resolveSession(two.token, start)).toBeUndefined();
    expect(await resolveSession(other.token, start)).toBeDefined();
  });
});
