/**
 * Checkouts in the `checkouts` store, the idempotency records of the shop (DECISIONS 11, 32).
 * Key formats:
 * - `carts/<userId>/<cart version>`: one checkout per version of a cart: what was in it, priced
 *   when the checkout began, and the order number once assigned. Two tabs, a double click or a
 *   retry of the same cart all find this record, so a cart version is ordered once;
 * - `keys/<userId>/<sha256 of Idempotency-Key>`: which cart version a client's key checked out,
 *   so a retry with the key finds its checkout after the cart has changed.
 */
import * as z from '~/lib/shared/zod';
import { openStore, SKIP } from '~/server/storage/blob-store';
import { sweep, type Budget, type SweepResult } from '~/server/storage/sweep';
import { BillingRecordSchema } from '~/lib/shared/schemas/billing';
import { NoticeAcceptedSchema, type NoticeAccepted } from '~/lib/shared/schemas/notice';
import { OrderLineSchema } from '~/server/storage/orders';

export const CheckoutSchema = z.object({
  userId: z.string(),
  cartVersion: z.int(),
  /** When the checkout began (ISO 8601, UTC): the order's date. */
  startedAt: z.iso.datetime(),
  lines: z.array(OrderLineSchema).check(z.minLength(1)),
  billTo: z.object({ name: z.string(), email: z.string() }),
  /**
   * Billing details the gateway order in `payment` was made for (issue 18; DECISIONS 58): they
   * change only with the gateway order, in one write, so the invoice carries the billing of the
   * gateway order that was paid.
   */
  billing: z.optional(BillingRecordSchema),
  /**
   * The notice shown beside the billing form when `billing` was given (DECISIONS 63): written with
   * it; null when the call named none; absent on checkouts from before notices.
   */
  notice: z.optional(NoticeAcceptedSchema),
  /** The order number, once assigned. */
  orderNo: z.optional(z.string()),
  /** When every step was done. */
  completedAt: z.optional(z.iso.datetime()),
  /**
   * The payment for it (issue 18): the gateway's order, the amount asked in the currency's
   * smallest unit, and once paid, the gateway's payment id (the invoice's payment reference).
   */
  payment: z.optional(
    z.object({
      gateway: z.enum(['razorpay', 'test']),
      orderId: z.string(),
      amountCents: z.int().check(z.gte(1)),
      currency: z.string(),
      reference: z.optional(z.string()),
      /**
       * The payment being settled for this gateway order (`claimCheckout`): from then on the
       * gateway order and its billing are never replaced.
       */
      claimedBy: z.optional(z.string()),
      /**
       * When the payment was first confirmed (ISO 8601, UTC): the time of supply, so the invoice's
       * date and financial-year series (DECISIONS 47). Payments confirmed before it have none.
       */
      paidAt: z.optional(z.iso.datetime()),
      /**
       * A USD payment's exchange rate (rupees per dollar) and its source, as the gateway reported
       * it at the first confirmation: the invoice's rupee value (CGST Rule 34; DECISIONS 47).
       */
      exchangeRate: z.optional(z.object({ rate: z.number().check(z.positive()), source: z.string() })),
    }),
  ),
  /**
   * Gateway orders of this checkout that a later one replaced, unpaid (the billing changed since,
   * in another tab or to another country): a payment of one is refused, and the buyer's status
   * call reads it.
   */
  replacedGatewayOrders: z.optional(z.array(z.string())),
});

export type Checkout = z.infer<typeof CheckoutSchema>;

const KeySchema = z.object({ cartVersion: z.int() });
const store = openStore('checkouts');
const checkoutKey = (userId: string, cartVersion: number) => `carts/${userId}/${cartVersion}`;
const idempotencyKey = (userId: string, keyHash: string) => `keys/${userId}/${keyHash}`;

/** The checkout id used for the order-number assignment: unique per user and cart version. */
export function checkoutIdOf(checkout: Pick<Checkout, 'userId' | 'cartVersion'>): string {
  return `${checkout.userId}/${checkout.cartVersion}`;
}

/** Starts a checkout of a cart version, or resolves to the one already started for it. */
export async function startCheckout(checkout: Checkout): Promise<Checkout> {
  const key = checkoutKey(checkout.userId, checkout.cartVersion);
  if (await store.create(key, CheckoutSchema, checkout)) return checkout;
  const existing = await store.get(key, CheckoutSchema);
  if (!existing) throw new Error(`Checkout ${key} vanished while being started`);
  return existing;
}

/** The checkout of a cart version, or undefined. */
export function getCheckout(userId: string, cartVersion: number): Promise<Checkout | undefined> {
  return store.get(checkoutKey(userId, cartVersion), CheckoutSchema);
}

/** Records a step of a checkout (`fn` pure); resolves to the stored checkout. */
export async function updateCheckout(
  userId: string,
  cartVersion: number,
  fn: (checkout: Checkout) => Checkout,
): Promise<Checkout> {
  const stored = await store.update(checkoutKey(userId, cartVersion), CheckoutSchema, (current) =>
    current ? fn(current) : SKIP,
  );
  if (!stored) throw new Error(`Checkout ${userId}/${cartVersion} is missing`);
  return stored;
}

const GatewayOrderSchema = z.object({ userId: z.string(), cartVersion: z.int() });
const gatewayOrderKey = (orderId: string) => `gateway-orders/${orderId}`;

/**
 * Records a gateway order that pays a checkout, with the billing it was made for, in one write
 * (DECISIONS 58): on a checkout with none, or in place of `replacing`, the one the caller saw,
 * while it is unpaid and no payment of it is being settled. Otherwise the checkout is left as it
 * is (another tab got there first, or a payment came): the caller compares. Indexes the checkout
 * by the gateway order; resolves to the checkout as stored.
 */
export async function bindGatewayOrder(
  checkout: Pick<Checkout, 'userId' | 'cartVersion'>,
  payment: NonNullable<Checkout['payment']>,
  billing: NonNullable<Checkout['billing']>,
  replacing: string | undefined,
  notice: NoticeAccepted = null,
): Promise<Checkout> {
  // Indexed first: a payment of it finds its checkout the moment the buyer can pay it.
  await store.create(gatewayOrderKey(payment.orderId), GatewayOrderSchema, {
    userId: checkout.userId,
    cartVersion: checkout.cartVersion,
  });
  return updateCheckout(checkout.userId, checkout.cartVersion, (current) => {
    const asked = current.payment;
    if (asked?.orderId !== replacing) return current;
    if (asked === undefined) return { ...current, billing, notice, payment };
    const replaceable =
      asked.reference === undefined && asked.claimedBy === undefined && current.orderNo === undefined;
    if (!replaceable) return current;
    return {
      ...current,
      billing,
      notice,
      payment,
      replacedGatewayOrders: [...(current.replacedGatewayOrders ?? []), asked.orderId],
    };
  });
}

/**
 * Claims the checkout's gateway order for a payment being settled (issue 38, item 8): in one
 * conditional write, so that a replacement (`bindGatewayOrder`) either came before (the payment
 * is then of a replaced gateway order) or never comes. Resolves to the checkout as claimed, or
 * `replaced` when its gateway order is no longer `orderId`, or `other` when another payment holds it.
 */
export async function claimCheckout(
  checkout: Pick<Checkout, 'userId' | 'cartVersion'>,
  orderId: string,
  paymentId: string,
): Promise<Checkout | 'replaced' | 'other'> {
  let answer: 'replaced' | 'other' | undefined;
  const stored = await updateCheckout(checkout.userId, checkout.cartVersion, (current) => {
    answer = undefined;
    const asked = current.payment;
    if (asked?.orderId !== orderId) {
      answer = 'replaced';
      return current;
    }
    const holder = asked.claimedBy ?? asked.reference;
    if (holder !== undefined) {
      if (holder !== paymentId) answer = 'other';
      return current;
    }
    return { ...current, payment: { ...asked, claimedBy: paymentId } };
  });
  return answer ?? stored;
}

/** The checkout a gateway order pays, or undefined. */
export async function checkoutOfGatewayOrder(orderId: string): Promise<Checkout | undefined> {
  const found = await store.get(gatewayOrderKey(orderId), GatewayOrderSchema);
  return found ? getCheckout(found.userId, found.cartVersion) : undefined;
}

/** True when this site made the gateway order (its index stays after its checkout is swept). */
export async function isOurGatewayOrder(orderId: string): Promise<boolean> {
  return (await store.get(gatewayOrderKey(orderId), GatewayOrderSchema)) !== undefined;
}

/** The cart version an Idempotency-Key checked out, or undefined for a new key. */
export async function cartVersionOfKey(userId: string, keyHash: string): Promise<number | undefined> {
  return (await store.get(idempotencyKey(userId, keyHash), KeySchema))?.cartVersion;
}

/** Binds an Idempotency-Key to a cart version; resolves to the version it is bound to (first wins). */
export async function bindKey(userId: string, keyHash: string, cartVersion: number): Promise<number> {
  if (await store.create(idempotencyKey(userId, keyHash), KeySchema, { cartVersion })) return cartVersion;
  return (await cartVersionOfKey(userId, keyHash)) ?? cartVersion;
}

/**
 * Deletes checkouts done before `before`, and ones that never got a number, begun before it
 * (a checkout with a number but no end is kept: it holds what is needed to finish its order),
 * with the key records that point at them (issue 17, item 6).
 */
export async function sweepCheckouts(before: Date, budget: Budget): Promise<SweepResult[]> {
  const old = (at: string | undefined) => at !== undefined && Date.parse(at) < before.getTime();
  const gone = new Set<string>();
  const checkouts = await sweep(
    store,
    'carts/',
    CheckoutSchema,
    (checkout) => old(checkout.completedAt) || (checkout.orderNo === undefined && old(checkout.startedAt)),
    budget,
    async (key) => {
      await store.delete(key);
      gone.add(key);
    },
  );
  // Only the keys of checkouts deleted now: a key is bound while its checkout is being written.
  const keys =
    gone.size === 0
      ? { looked: 0, deleted: 0, done: true }
      : await sweep(
          store,
          'keys/',
          KeySchema,
          (binding, key) => gone.has(checkoutKey(key.split('/')[1]!, binding.cartVersion)),
          budget,
        );
  return [checkouts, keys];
}
