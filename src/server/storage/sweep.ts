/**
 * Deleting expired records (issue 17, item 6): walks the keys under a prefix a page at a time,
 * reads a batch side by side, and deletes the ones `expired` picks, until the keys run out or the
 * time budget does. A run cut short leaves the rest for the next run; nothing is deleted that
 * `expired` did not pick, and a record changed meanwhile is judged as read.
 */
import type { $ZodType } from 'zod/v4/core';
import type { BlobStore } from '~/server/storage/blob-store';

/** Whether a cleanup run may start more work. */
export interface Budget {
  timeLeft(): boolean;
}

/** What one sweep did. */
export interface SweepResult {
  readonly looked: number;
  readonly deleted: number;
  /** False when the budget ran out before every key was looked at. */
  readonly done: boolean;
}

const BATCH = 20;

/**
 * Deletes the records under `prefix` that `expired` picks (by value and key); `remove` deletes
 * one (default: the key itself). A record that no longer parses is left for a person to see.
 */
export async function sweep<T>(
  store: BlobStore,
  prefix: string,
  schema: $ZodType<T>,
  expired: (value: T, key: string) => boolean,
  budget: Budget,
  remove: (key: string, value: T) => Promise<void> = (key) => store.delete(key),
): Promise<SweepResult> {
  const keys = await store.list(prefix);
  let looked = 0;
  let deleted = 0;
  for (let start = 0; start < keys.length; start += BATCH) {
    if (!budget.timeLeft()) return { looked, deleted, done: false };
    const batch = keys.slice(start, start + BATCH);
    const values = await Promise.all(batch.map((key) => store.get(key, schema).catch(() => undefined)));
    looked += batch.length;
    const doomed = batch.flatMap((key, index) => {
      const value = values[index];
      return value !== undefined && expired(value, key) ? [{ key, value }] : [];
    });
    await Promise.all(doomed.map(({ key, value }) => remove(key, value)));
    deleted += doomed.length;
  }
  return { looked, deleted, done: true };
}

/** As `sweep`, for records whose key alone says they expired: deletes without reading them. */
export async function sweepByKey(
  store: BlobStore,
  prefix: string,
  expired: (key: string) => boolean,
  budget: Budget,
): Promise<SweepResult> {
  const keys = (await store.list(prefix)).filter(expired);
  let deleted = 0;
  for (let start = 0; start < keys.length; start += BATCH) {
    if (!budget.timeLeft()) return { looked: deleted, deleted, done: false };
    const batch = keys.slice(start, start + BATCH);
    await Promise.all(batch.map((key) => store.delete(key)));
    deleted += batch.length;
  }
  return { looked: deleted, deleted, done: true };
}
