/**
 * Fixed-window request counters in the `rate-limits` store, keyed `<bucket>/<client>/<window>`.
 * Each window's counter is its own key, so old windows never need rewriting (a cleanup job may
 * delete keys of past windows).
 */
import * as z from '~/lib/shared/zod';
import { openStore } from '~/server/storage/blob-store';
import { sweep, sweepByKey, type Budget, type SweepResult } from '~/server/storage/sweep';

const store = openStore('rate-limits');
const CounterSchema = z.object({ count: z.int().check(z.gte(0)) });

/**
 * Adds one to the counter of `client` in `bucket` for the window starting at `windowStart`
 * (epoch ms) and resolves to the new count. Concurrent calls all count.
 */
export async function incrementWindowCounter(
  bucket: string,
  client: string,
  windowStart: number,
): Promise<number> {
  const key = `${bucket}/${client}/${windowStart}`;
  const next = await store.update(key, CounterSchema, (current) => ({ count: (current?.count ?? 0) + 1 }));
  return next.count;
}

/** Wrong passwords against one account (DECISIONS 43), kept at `login-failures/<account key>`. */
const LoginFailuresSchema = z.object({
  /** Wrong passwords since the count last started. */
  failures: z.int().check(z.gte(0)),
  lastFailureAt: z.iso.datetime(),
  /** No password is checked for this account before this instant. */
  blockedUntil: z.optional(z.iso.datetime()),
});
export type LoginFailures = z.infer<typeof LoginFailuresSchema>;
const failuresKey = (account: string) => `login-failures/${account}`;

/** The account's wrong-password record, or undefined when it has none. */
export function getLoginFailures(account: string): Promise<LoginFailures | undefined> {
  return store.get(failuresKey(account), LoginFailuresSchema);
}

/** Counts one more wrong password with `next`; resolves to the record as stored. */
export function recordLoginFailure(
  account: string,
  next: (current: LoginFailures | undefined) => LoginFailures,
): Promise<LoginFailures> {
  return store.update(failuresKey(account), LoginFailuresSchema, next);
}

/** Forgets the account's wrong passwords (after a right one). */
export function clearLoginFailures(account: string): Promise<void> {
  return store.delete(failuresKey(account));
}

/** Codes voided by wrong guesses for one e-mail address, kept at `code-voids/<sha256 of e-mail>`. */
const CodeVoidsSchema = z.object({
  voids: z.int().check(z.gte(1)),
  lastVoidAt: z.iso.datetime(),
});
export type CodeVoids = z.infer<typeof CodeVoidsSchema>;
const voidsKey = (emailHash: string) => `code-voids/${emailHash}`;

/** The address's voided codes, or undefined when it has none. */
export function getCodeVoids(emailHash: string): Promise<CodeVoids | undefined> {
  return store.get(voidsKey(emailHash), CodeVoidsSchema);
}

/** Counts one more voided code with `next`; resolves to the record as stored. */
export function recordCodeVoid(
  emailHash: string,
  next: (current: CodeVoids | undefined) => CodeVoids,
): Promise<CodeVoids> {
  return store.update(voidsKey(emailHash), CodeVoidsSchema, next);
}

/**
 * Deletes what no rule reads any more (issue 17, item 6): window counters whose window began
 * before `windowsBefore` (the longest window is a day), and wrong-password and voided-code
 * records quiet since `quietBefore`.
 */
export async function sweepRateLimits(
  windowsBefore: Date,
  quietBefore: Date,
  budget: Budget,
): Promise<SweepResult[]> {
  const quiet = (...instants: (string | undefined)[]) =>
    Math.max(...instants.map((at) => (at ? Date.parse(at) : 0))) < quietBefore.getTime();
  const windows = await sweepByKey(
    store,
    '',
    (key) => {
      if (key.startsWith('login-failures/') || key.startsWith('code-voids/')) return false;
      const start = Number(key.split('/').at(-1));
      return Number.isInteger(start) && start < windowsBefore.getTime();
    },
    budget,
  );
  const failures = await sweep(
    store,
    'login-failures/',
    LoginFailuresSchema,
    (record) => quiet(record.lastFailureAt, record.blockedUntil),
    budget,
  );
  const voids = await sweep(
    store,
    'code-voids/',
    CodeVoidsSchema,
    (record) => quiet(record.lastVoidAt),
    budget,
  );
  return [windows, failures, voids];
}
