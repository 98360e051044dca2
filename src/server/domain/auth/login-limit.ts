/**
 * The sign-in limit per account (DECISIONS 43): wrong passwords count against the account,
 * whichever identifier named it (e-mail or mobile), so an owner and an attacker share one budget
 * instead of getting one per identifier. The first `FREE_FAILURES` in a quarter hour cost
 * nothing; each further one blocks the account's sign-in for a wait that doubles (30 s, 1 min,
 * 2 min, ... up to an hour) instead of locking the owner out for good. The count starts again
 * only after a quiet quarter hour past the last wait; a right password clears it. An identifier
 * that names no account is counted under a key of its own, so the answers never tell a
 * registered address from an unknown one.
 */
import { sha256 } from '~/server/domain/auth/codes';
import { RateLimited, type WaitSentence } from '~/server/domain/errors';
import {
  clearLoginFailures,
  getLoginFailures,
  recordLoginFailure,
  type LoginFailures,
} from '~/server/storage/rate-limits';

/** Wrong passwords per account before sign-in starts to wait. */
export const FREE_FAILURES = 10;
/** A count with no new failure for this long starts again (15 minutes). */
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const FIRST_WAIT_MS = 30 * 1000;
const LONGEST_WAIT_MS = 60 * 60 * 1000;

/** How long sign-in waits after the `failures`-th wrong password (0 within the free ones). */
function waitAfter(failures: number): number {
  const over = failures - FREE_FAILURES;
  if (over <= 0) return 0;
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(over - 1, 20));
}

/** The key an account's failures are kept under. */
export const accountKey = (userId: string) => `user-${userId}`;
/** The key for an identifier that names no account. */
export const unknownKey = (identifier: string) => `none-${sha256(identifier)}`;

/** Seconds until `record` lets sign-in try again (0: now). */
function secondsBlocked(record: LoginFailures | undefined, now: Date): number {
  if (!record?.blockedUntil) return 0;
  return Math.max(0, Math.ceil((Date.parse(record.blockedUntil) - now.getTime()) / 1000));
}

/** The accounts' current records, read once per sign-in. */
export async function loginFailuresOf(
  keys: readonly string[],
): Promise<ReadonlyMap<string, LoginFailures | undefined>> {
  const records = await Promise.all(keys.map(getLoginFailures));
  return new Map(keys.map((key, index) => [key, records[index]]));
}

/** The keys whose sign-in may try a password now, or RateLimited when none may. */
export function keysAllowedNow(
  records: ReadonlyMap<string, LoginFailures | undefined>,
  now: Date,
  message: WaitSentence,
): string[] {
  const allowed = [...records].filter(([, record]) => secondsBlocked(record, now) === 0).map(([key]) => key);
  if (allowed.length > 0) return allowed;
  const waits = [...records.values()].map((record) => secondsBlocked(record, now));
  throw new RateLimited(Math.max(1, Math.min(...waits)), message);
}

/**
 * Counts a wrong password against each key. Throws RateLimited (with the longest new wait) when
 * one of them is now past its free failures; otherwise resolves.
 */
export async function countWrongPassword(
  keys: readonly string[],
  now: Date,
  message: WaitSentence,
): Promise<void> {
  const stored = await Promise.all(
    keys.map((key) =>
      recordLoginFailure(key, (current) => {
        // The count starts again only after a quiet quarter hour past any wait.
        const quietSince =
          current === undefined
            ? 0
            : Math.max(
                Date.parse(current.lastFailureAt),
                Date.parse(current.blockedUntil ?? current.lastFailureAt),
              );
        const fresh = current === undefined || now.getTime() - quietSince > FAILURE_WINDOW_MS;
        const failures = fresh ? 1 : current.failures + 1;
        const wait = waitAfter(failures);
        return {
          failures,
          lastFailureAt: now.toISOString(),
          ...(wait > 0 ? { blockedUntil: new Date(now.getTime() + wait).toISOString() } : {}),
        };
      }),
    ),
  );
  const wait = Math.max(...stored.map((record) => secondsBlocked(record, now)));
  if (wait > 0) throw new RateLimited(wait, message);
}

/** Forgets the failures of a key that just signed in (only when it had some). */
export async function clearWrongPasswords(
  key: string,
  records: ReadonlyMap<string, LoginFailures | undefined>,
): Promise<void> {
  if (records.get(key) !== undefined) await clearLoginFailures(key);
}
