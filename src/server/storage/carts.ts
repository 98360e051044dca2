/**
 * Carts in the `carts` store, keyed `carts/<userId>`: the course ids in the order they were added,
 * the batch and seats chosen for each, and a version that grows with every change (checkout keys on it). Course details and prices are
 * never stored here: they come from the catalogue when the cart is shown.
 */
import * as z from '~/lib/shared/zod';
import { openStore, SKIP, type Skip } from '~/server/storage/blob-store';

/** The batch and seats a buyer chose for a course in the cart (DECISIONS 54, 55). */
const CartChoiceSchema = z.object({ batchId: z.string(), seats: z.int().check(z.gte(1)) });
export type CartChoice = z.infer<typeof CartChoiceSchema>;

const CartRecordSchema = z.object({
  courseIds: z.array(z.int()),
  /**
   * Course id -> the batch and seats chosen (issue 31). A course without one (a cart from before
   * batches) takes its next open batch and 1 seat when read.
   */
  choices: z.optional(z.record(z.string(), CartChoiceSchema)),
  /** Grows by one with every change. */
  version: z.int().check(z.gte(0)),
  /** The order that last emptied this cart (and the version it left), so placing it again empties nothing more. */
  lastCheckout: z.optional(z.object({ version: z.int(), orderNo: z.string() })),
});

export type CartRecord = z.infer<typeof CartRecordSchema>;

/** A user without a cart record has this one. */
const EMPTY_CART: CartRecord = { courseIds: [], version: 0 };

const store = openStore('carts');
const cartKey = (userId: string) => `carts/${userId}`;

/** The user's cart (empty when none was ever stored). */
export async function getCart(userId: string): Promise<CartRecord> {
  return (await store.get(cartKey(userId), CartRecordSchema)) ?? EMPTY_CART;
}

/**
 * Changes the cart with a conflict-safe read-modify-write; `fn` must be pure and may return
 * `SKIP` for "no change". The version grows by one with every write.
 */
export async function updateCart(
  userId: string,
  fn: (cart: CartRecord) => CartRecord | Skip,
): Promise<CartRecord> {
  const stored = await store.update(
    cartKey(userId),
    CartRecordSchema,
    (current) => {
      const cart = current ?? EMPTY_CART;
      const next = fn(cart);
      return next === SKIP ? SKIP : { ...(next as CartRecord), version: cart.version + 1 };
    },
    // One user's parallel clicks all land: allow a long retry under contention.
    { maxAttempts: 100, maxDelayMs: 512 },
  );
  return stored ?? EMPTY_CART;
}

/** Erases a user's cart (account closed: DECISIONS 63). */
export async function deleteCart(userId: string): Promise<void> {
  await store.delete(cartKey(userId));
}

export { SKIP };
