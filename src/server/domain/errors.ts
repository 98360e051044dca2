/**
 * Typed errors of the domain layer. Handlers map them to HTTP answers (src/server/http/handler.ts);
 * each carries plain sentences a visitor can read.
 */
import type { CartItem } from '~/lib/shared/schemas/shop';
import { InvalidCursorError } from '~/server/storage/errors';

export abstract class DomainError extends Error {
  /** Sentences for the visitor, shown as the API's `errors` list. */
  readonly messages: readonly string[];

  constructor(messages: readonly string[]) {
    super(messages.join(' '));
    this.name = new.target.name;
    this.messages = messages;
  }
}

/** The input breaks a rule (HTTP 400). */
export class ValidationError extends DomainError {}

/** Not signed in (HTTP 401). */
export class Unauthorized extends DomainError {}

/** Signed in, but not allowed (HTTP 403). */
export class Forbidden extends DomainError {}

/** The thing asked for does not exist, or is not the caller's (HTTP 404). */
export class NotFound extends DomainError {}

/** The request clashes with what is stored, e.g. already registered (HTTP 409). */
export class Conflict extends DomainError {}

/**
 * What the buyer saw is not the server's cart (DECISIONS 45): HTTP 409 with the current cart, so
 * the page shows it before anything is charged.
 */
export class CartChanged extends Conflict {
  readonly cart: readonly CartItem[];

  constructor(messages: readonly string[], cart: readonly CartItem[]) {
    super(messages);
    this.cart = cart;
  }
}

/** The request body is larger than any call accepts (HTTP 413). */
export class PayloadTooLarge extends DomainError {}

/** Too many requests from one client; try again after `retryAfterSeconds` (HTTP 429). */
export class RateLimited extends DomainError {
  readonly retryAfterSeconds: number;

  /** `messages`, or one sentence made from the wait in words ('12 minutes'). */
  constructor(retryAfterSeconds: number, messages: readonly string[] | WaitSentence) {
    super(typeof messages === 'function' ? [messages(waitInWords(retryAfterSeconds))] : messages);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A refusal that says how long to wait, given the wait in words. */
export type WaitSentence = (wait: string) => string;

/**
 * A wait in words, rounded up so that trying again then works: 'a minute', '12 minutes', 'an
 * hour', '3 hours'.
 */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes === 1) return 'a minute';
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'an hour' : `${hours} hours`;
}

/**
 * A limit that waiting never lifts (HTTP 429 without `Retry-After`): the sentence says what to do
 * instead, e.g. the attendee cap of DECISIONS 59.
 */
export class LimitReached extends DomainError {}

/**
 * Storage gave up after every conditional write lost to another writer (a record many change at
 * once). Nothing was written; the answer is 503 with a short `Retry-After`, not a 500.
 */
export { ConflictRetryExhaustedError as StoreBusy } from '~/server/storage/errors';

const BAD_CURSOR = 'That page is no longer available. Please load the list again.';

/**
 * The domain's reading of an error the storage layer threw on purpose, for the handler to answer:
 * a page cursor storage did not hand out is bad input (400). Anything else is returned unchanged.
 */
export function fromStorageError(error: unknown): unknown {
  if (error instanceof InvalidCursorError) return new ValidationError([BAD_CURSOR]);
  return error;
}
