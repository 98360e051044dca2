/** Rate limiting by client address, in fixed windows (DECISIONS 7; contact form abuse). */
import { createHash } from 'node:crypto';
import { RateLimited, type WaitSentence } from '~/server/domain/errors';
import { incrementWindowCounter } from '~/server/storage/rate-limits';

/** How many requests a client may make per window. */
export interface RateLimitPolicy {
  /** Bucket name, e.g. `contact`. */
  readonly bucket: string;
  /** Requests allowed per window. */
  readonly limit: number;
  /** Window length in milliseconds. */
  readonly windowMs: number;
  /** Sentence shown when the limit is reached, or one made from the wait in words. */
  readonly message: string | WaitSentence;
}

/** Client addresses are stored only as a short one-way hash (no personal data at rest). */
function clientKey(address: string): string {
  return createHash('sha256').update(address).digest('base64url').slice(0, 22);
}

/**
 * Counts one request of `address` against `policy`. Throws `RateLimited` with the seconds until
 * the window ends once the limit is exceeded.
 */
export async function consumeRateLimit(policy: RateLimitPolicy, address: string, now: Date): Promise<void> {
  const windowStart = Math.floor(now.getTime() / policy.windowMs) * policy.windowMs;
  const count = await incrementWindowCounter(policy.bucket, clientKey(address), windowStart);
  if (count > policy.limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + policy.windowMs - now.getTime()) / 1000));
    throw new RateLimited(
      retryAfterSeconds,
      typeof policy.message === 'function' ? policy.message : [policy.message],
    );
  }
}
