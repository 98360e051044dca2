/**
 * Fixed-window request counters in the `rate-limits` store, keyed `<bucket>/<client>/<window>`.
 * Each window's counter is its own key, so old windows never need rewriting (a cleanup job may
 * delete keys of past windows).
 */
import * as z from '~/lib/shared/zod';
import { openStore } from '~/server/storage/blob-store';

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
