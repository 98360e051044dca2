/**
 * The cleanup job (issue 17, item 6): deletes records no rule reads any more, so the stores do
 * not grow without end and listing them stays cheap. Within a time budget (Netlify stops a
 * scheduled function at 30 s); what is left waits for the next run.
 *
 * - rate limits: window counters older than a day (the longest window), wrong-password and
 *   voided-code records quiet for a day;
 * - account codes: pending sign-ups and resets expired an hour ago, and pointers to them;
 * - sessions: expired ones (30 days old, or idle past their limit), with their markers;
 * - checkouts: done 30 days ago, or begun 30 days ago and never numbered (see `sweepCheckouts`);
 * - the local outbox: e-mails stored a week ago.
 *
 * Orders, accounts, leads and the mail queue are the company's records: never deleted here.
 */
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS, STAFF_SESSION_IDLE_MS } from '~/server/domain/auth/sessions';
import { sweepPendingRequests } from '~/server/storage/account-codes';
import { sweepCheckouts } from '~/server/storage/checkouts';
import { sweepOutbox } from '~/server/storage/outbox';
import { sweepRateLimits } from '~/server/storage/rate-limits';
import { sweepSessions } from '~/server/storage/sessions';
import type { Budget, SweepResult } from '~/server/storage/sweep';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** What one run did, per kind of record. */
export type CleanupSummary = Record<string, { looked: number; deleted: number; done: boolean }>;

const total = (results: readonly SweepResult[]) => ({
  looked: results.reduce((sum, result) => sum + result.looked, 0),
  deleted: results.reduce((sum, result) => sum + result.deleted, 0),
  done: results.every((result) => result.done),
});

/** Runs every sweep in turn while `budget` has time left. */
export async function cleanUpExpired(now: Date, budget: Budget): Promise<CleanupSummary> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const sessionExpired = (session: { createdAt: string; lastSeenAt: string; staff?: true | undefined }) =>
    now.getTime() - Date.parse(session.createdAt) >= SESSION_MAX_AGE_MS ||
    now.getTime() - Date.parse(session.lastSeenAt) >=
      (session.staff ? STAFF_SESSION_IDLE_MS : SESSION_IDLE_MS);
  const sweeps: [string, () => Promise<SweepResult | SweepResult[]>][] = [
    ['rateLimits', () => sweepRateLimits(ago(DAY), ago(DAY), budget)],
    ['accountCodes', () => sweepPendingRequests(ago(HOUR), budget)],
    ['sessions', () => sweepSessions(sessionExpired, budget)],
    ['checkouts', () => sweepCheckouts(ago(30 * DAY), budget)],
    ['outbox', () => sweepOutbox(ago(7 * DAY), budget)],
  ];
  const summary: CleanupSummary = {};
  for (const [name, run] of sweeps) {
    if (!budget.timeLeft()) {
      summary[name] = { looked: 0, deleted: 0, done: false };
      continue;
    }
    const result = await run();
    summary[name] = total(Array.isArray(result) ? result : [result]);
  }
  return summary;
}

/** A budget of `ms` milliseconds from now, by the monotonic clock. */
export function budgetOf(ms: number): Budget {
  const ends = performance.now() + ms;
  return { timeLeft: () => performance.now() < ends };
}
