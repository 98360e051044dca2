/**
 * Numbers of documents of record in the `counters` store (order numbers, and credit notes in
 * their own series), one small record per number, so a number is handed out by a create-only
 * write and nothing has a bound to fall off (issue 17, item 2; DECISIONS 57). The id a number is
 * for is a checkout's (`<userId>/<cart version>`) or a refund's (`<orderNo>/<refund id>`). Key
 * formats:
 * - `order-claims/<series>/<6 digits>`: who got the number (the id);
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
 * Safe under any number of concurrent callers, for one id or many, and across crashes: the
 * create-only claim of a number is the assignment (DECISIONS 57).
 *
 * Every caller for one id walks the same numbers: from the same start (written once, create-only,
 * and read back by a caller that lost that write) one at a time upward, and stops at the first
 * number that is free (it claims it) or already claimed by this id. Claims are never changed or
 * deleted, so at each number every caller for the id sees the same holder and they all stop at
 * the same number: ten presses, or a callback and three webhooks, get one number and leave no
 * hole. (Jumping ahead to the hint would be faster under load, but two callers for one id could
 * then read different hints and claim two numbers, one of them a hole in the series.)
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

  // Where to look from: where this id looked before, else just past the hint. A caller that loses
  // the race to write it uses the one written.
  let from = started?.from;
  if (from === undefined) {
    const proposed = (hint?.last ?? 0) + 1;
    from = (await store.create(startKey(series, checkoutId), StartSchema, { from: proposed }))
      ? proposed
      : (await store.get(startKey(series, checkoutId), StartSchema))!.from;
  }
  let number = from;
  for (;;) {
    const claim = { checkoutId, claimedAt: new Date().toISOString() };
    if (await store.create(claimKey(series, number), ClaimSchema, claim)) break;
    const holder = await store.get(claimKey(series, number), ClaimSchema);
    if (holder?.checkoutId === checkoutId) break;
    number += 1;
  }
  // The record of the assignment, create-only: a caller that finds one written uses its number.
  if (!(await store.create(numberKey(series, checkoutId), NumberSchema, { number }))) {
    const stored = await store.get(numberKey(series, checkoutId), NumberSchema);
    if (stored) return stored.number;
  }
  // Move the hint up (never down); a lost race only means the next caller starts a little lower.
  await store
    .update(
      hintKey(series),
      HintSchema,
      (current) => (current && current.last >= number ? SKIP : { ...current, last: number }),
      { maxAttempts: 5 },
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConflictRetryExhaustedError)) throw error;
    });
  return number;
}
