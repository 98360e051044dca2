/**
 * Counters in the `counters` store, keyed `order-numbers/<series>`: the last number handed out in
 * a series and which checkout got each recent number. Handing out a number and recording who
 * got it is one conditional write, so a retried checkout gets its own number again and no
 * number is handed out twice.
 */
import * as z from '~/lib/shared/zod';
import { openStore, SKIP } from '~/server/storage/blob-store';

const SeriesSchema = z.object({
  /** The last number handed out (0 before the first). */
  last: z.int().check(z.gte(0)),
  /** Recent assignments: checkout id -> number (the newest `RECENT_KEPT`). */
  recent: z.record(z.string(), z.int()),
});

/** How many recent assignments a series remembers for retries. */
export const RECENT_KEPT = 1000;

const store = openStore('counters');

/**
 * The number of `checkoutId` in `series`: the one it was given before, or the next one. Safe
 * under any number of concurrent callers (conditional writes with retry).
 */
export async function assignNumber(series: string, checkoutId: string): Promise<number> {
  const stored = await store.update(
    `order-numbers/${series}`,
    SeriesSchema,
    (current) => {
      const counter = current ?? { last: 0, recent: {} };
      if (counter.recent[checkoutId] !== undefined) return SKIP;
      const last = counter.last + 1;
      const entries = Object.entries(counter.recent);
      const kept = entries.length >= RECENT_KEPT ? entries.slice(entries.length - RECENT_KEPT + 1) : entries;
      return { last, recent: { ...Object.fromEntries(kept), [checkoutId]: last } };
    },
    // Every checkout of the year meets here: a long retry budget under contention.
    { maxAttempts: 200, maxDelayMs: 1000 },
  );
  const number = stored?.recent[checkoutId];
  if (number === undefined) throw new Error(`Counter ${series} lost the assignment of ${checkoutId}`);
  return number;
}
