/**
 * The account flows' rate limits (API.md): code requests per e-mail (hourly and daily) and per
 * client address, sign-ins per client address, and the growing wait after a code voided by wrong
 * guesses. Wrong passwords per account are `login-limit.ts`'s.
 */
import { sha256 } from '~/server/domain/auth/codes';
import { ACCOUNT_ERRORS } from '~/server/domain/auth/account-deps';
import { RateLimited } from '~/server/domain/errors';
import { consumeRateLimit, type RateLimitPolicy } from '~/server/domain/rate-limit';
import { getCodeVoids, recordCodeVoid } from '~/server/storage/rate-limits';

const MINUTE = 60 * 1000;

/**
 * The limits: per e-mail strictly (5 codes an hour, 10 a day), per client address generously,
 * `perAddress` code requests an hour and as many sign-ins a quarter hour (AUTH_RATE_LIMIT, 200): a
 * college lab or an office behind one address signs up 60 people in an hour (issue 42, item 7),
 * while one person asking over and over meets the per-e-mail limit.
 */
export function accountRateLimits(perAddress: number) {
  const policy = (bucket: string, limit: number, windowMs: number): RateLimitPolicy => ({
    bucket,
    limit,
    windowMs,
    message: ACCOUNT_ERRORS.tooMany,
  });
  return {
    codesPerEmail: policy('code-email', 5, 60 * MINUTE),
    // Guesses per address per day stay bounded: 10 codes of 5 tries (issue 22, item 7).
    codesPerEmailPerDay: policy('code-email-day', 10, 24 * 60 * MINUTE),
    codesPerAddress: policy('code-address', perAddress, 60 * MINUTE),
    loginsPerAddress: policy('login-address', perAddress, 15 * MINUTE),
  } as const;
}

/** The wait before a new code after the `voids`-th voided one: 5 minutes, doubling, at most a day. */
function waitAfterVoids(voids: number): number {
  return Math.min(24 * 60 * MINUTE, 5 * MINUTE * 2 ** Math.min(voids - 1, 10));
}

/**
 * Counts a request for a code (sign-up or reset) against the per-address and per-e-mail limits
 * (hourly and daily), and refuses it while the address waits after a voided code.
 */
export async function consumeCodeRequest(
  email: string,
  clientAddress: string,
  now: Date,
  perAddress: number,
): Promise<void> {
  const limits = accountRateLimits(perAddress);
  await consumeRateLimit(limits.codesPerAddress, clientAddress, now);
  const voided = await getCodeVoids(sha256(email));
  if (voided && now.getTime() - Date.parse(voided.lastVoidAt) < 24 * 60 * MINUTE) {
    const waitUntil = Date.parse(voided.lastVoidAt) + waitAfterVoids(voided.voids);
    if (waitUntil > now.getTime())
      throw new RateLimited(Math.ceil((waitUntil - now.getTime()) / 1000), ACCOUNT_ERRORS.tooMany);
  }
  await consumeRateLimit(limits.codesPerEmail, email, now);
  await consumeRateLimit(limits.codesPerEmailPerDay, email, now);
}

/** Notes that a code of this address was voided by wrong guesses: the next one waits longer. */
export async function noteVoidedCode(emailHash: string, now: Date): Promise<void> {
  await recordCodeVoid(emailHash, (current) => ({
    voids:
      current && now.getTime() - Date.parse(current.lastVoidAt) < 24 * 60 * MINUTE ? current.voids + 1 : 1,
    lastVoidAt: now.toISOString(),
  }));
}
