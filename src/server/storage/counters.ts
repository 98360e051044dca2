/**
 * Order numbers in the `counters` store, one small record per number, so a number is handed out
 * by a create-only write and nothing has a bound to fall off (issue 17, item 2). Key formats:
 * - `order-claims/<series>/<6 digits>`: who got the number (the checkout id);
 * - `order-number-of/<series>/<checkout id>`: the number a checkout got;
 * - `order-number-from/<series>/<checkout id>`: where it started looking for one, so a retry
 *   after a crash between claiming and recording finds the number it claimed;
 * - `order-numbers/<series>`: the highest number known to be taken (a hint where to start; the
 *   claims decide). Before this design it also held `recent` (checkout id -> number, the newest
 *   1,000), still read so checkouts numbered then keep their numbers.
 *
 * Numbers stay consecutive: claims are made in order from the hint up, and a number is claimed
 * only by a checkout that goes on to use it (or its retry finds it again).
 */
import * as z from '~/lib/shared/zod';
import { openStore, SKIP } from '~/server/storage/blob-store';
import { ConflictRetryExhaustedError } from '~/server/storage/errors';

const HintSchema = z.object({
  /** The highest number known to be taken (0 before the first). */
  last: z.int().check(z.gte(0)),
  /** Assignments of the earlier design: checkout id -> number. Read only. */
  recent: z.optional(z.record(z.string(), z.int())),
});
const ClaimSchema = z.object({ checkoutId: z.string(), claimedAt: z.iso.datetime() });
const NumberSchema = z.object({ number: z.int().check(z.gte(1)) });
const StartSchema = z.object({ from: z.int().check(z.gte(1)) });

const store = openStore('counters');
const hintKey = (series: string) => `order-numbers/${series}`;
// Not under `order-numbers/<series>/`: that key is a record of its own (the hint), and a key
// cannot also be a folder of the local blob store.
const claimKey = (series: string, number: number) =>
  `order-claims/${series}/${String(number).padStart(6, '0')}`;
const numberKey = (series: string, checkoutId: string) => `order-number-of/${series}/${checkoutId}`;
const startKey = (series: string, checkoutId: string) => `order-number-from/${series}/${checkoutId}`;

/**
 * The number of `checkoutId` in `series`: the one it was given before, or the next free one.
 * Safe under any number of concurrent callers and across crashes: the create-only claim of a
 * number is the assignment. Every write is create-only but the hint's.
 */
export async function assignNumber(series: string, checkoutId: string): Promise<number> {
  const [given, started, hint] = await Promise.all([
    store.get(numberKey(series, checkoutId), NumberSchema),
    store.get(startKey(series, checkoutId), StartSchema),
    store.get(hintKey(series), HintSchema),
  ]);
  if (given) return given.number;
  const earlier = hint?.recent?.[checkoutId];
  if (earlier !== undefined) return earlier;

  // Where to look from: where this checkout looked before (the number it claimed, if a crash
  // came between claiming and recording it, is at or above that), else just past the hint.
  const from = started?.from ?? (hint?.last ?? 0) + 1;
  if (!started) await store.create(startKey(series, checkoutId), StartSchema, { from });
  let number = from;
  for (;;) {
    const claim = { checkoutId, claimedAt: new Date().toISOString() };
    if (await store.create(claimKey(series, number), ClaimSchema, claim)) break;
    if (started) {
      // A retry after a crash: is this the number it claimed then?
      const holder = await store.get(claimKey(series, number), ClaimSchema);
      if (holder?.checkoutId === checkoutId) break;
      number += 1;
    } else {
      // Taken by another checkout. Jump to where the others have got to: every number up to the
      // hint is taken (claims are made in order), so none is skipped.
      const now = await store.get(hintKey(series), HintSchema);
      number = Math.max(number + 1, (now?.last ?? 0) + 1);
    }
  }
  await Promise.all([
    store.create(numberKey(series, checkoutId), NumberSchema, { number }),
    // Move the hint up (never down); a lost race only means the next caller starts a little lower.
    store
      .update(
        hintKey(series),
        HintSchema,
        (current) => (current && current.last >= number ? SKIP : { ...current, last: number }),
        { maxAttempts: 5 },
      )
      .catch((error: unknown) => {
        if (!(error instanceof ConflictRetryExhaustedError)) throw error;
      }),
  ]);
  return number;
}
