import type { $ZodIssue } from 'zod/v4/core';

import type { StoreName } from './store-names';

/** Base class of every error the storage layer throws on purpose; names the store and the key. */
abstract class StorageError extends Error {
  /** The store the failed operation addressed. */
  readonly store: StoreName;
  /** The key the failed operation addressed. */
  readonly key: string;

  protected constructor(store: StoreName, key: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.store = store;
    this.key = key;
  }
}

/**
 * A stored value is not valid JSON or does not match the entity schema. Raised on read; the
 * unparsed data is never handed out. `issues` is empty when the blob was not JSON at all.
 */
export class CorruptRecordError extends StorageError {
  /** The schema violations found, or an empty list when the data was not JSON. */
  readonly issues: readonly $ZodIssue[];

  constructor(store: StoreName, key: string, issues: readonly $ZodIssue[], cause?: unknown) {
    const what = issues.length === 0 ? 'is not valid JSON' : 'does not match its schema';
    super(store, key, `Stored record '${key}' in store '${store}' ${what}.`, { cause });
    this.issues = issues;
  }
}

/** A value about to be written does not match the entity schema; nothing was written. */
export class InvalidRecordError extends StorageError {
  /** The schema violations found in the value. */
  readonly issues: readonly $ZodIssue[];

  constructor(store: StoreName, key: string, issues: readonly $ZodIssue[], cause?: unknown) {
    super(store, key, `Refused to write an invalid record '${key}' to store '${store}'.`, { cause });
    this.issues = issues;
  }
}

/**
 * A conditional update lost the race against other writers on every attempt. Nothing was written
 * by the failed call; the caller may report a conflict (HTTP 409/503) or try again later.
 */
export class ConflictRetryExhaustedError extends StorageError {
  /** How many read-modify-write attempts were made before giving up. */
  readonly attempts: number;

  constructor(store: StoreName, key: string, attempts: number) {
    super(
      store,
      key,
      `Gave up updating '${key}' in store '${store}' after ${attempts} conflicting attempts.`,
    );
    this.attempts = attempts;
  }
}

/**
 * A page cursor this store never handed out for that list (altered, or another list's). The domain
 * answers it as a bad request (`BadCursor` in domain/errors.ts, HTTP 400).
 */
export class InvalidCursorError extends StorageError {
  constructor(store: StoreName, cursor: string) {
    super(store, cursor, `'${cursor}' is not a page cursor of store '${store}' for this list.`);
  }
}
