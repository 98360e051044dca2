/**
 * Placed orders in the `orders` store. Key formats:
 * - `orders/<orderNo>`: the order with a copy of each line as paid (name and price in cents), the
 *   buyer and the time; written last in a checkout, so an order exists once this exists;
 * - `by-user/<userId>/<orderNo>`: an empty marker per order of a user, written before the order,
 *   so every order is in its buyer's history (a marker without an order is a checkout still
 *   running, or cut short and finished by its retry, and is skipped when reading);
 * - `bought/<userId>`: the course ids of each of the user's orders, kept as each order is
 *   written, so the cart reads one record instead of every order (issue 17, item 6). A user
 *   whose orders predate it gets it built from their orders on first read.
 */
import * as z from '~/lib/shared/zod';
import { CentsSchema, CurrencySchema, sumCents } from '~/lib/shared/money';
import { rupeePaiseOf } from '~/lib/shared/rupee-value';
import { BillingRecordSchema } from '~/lib/shared/schemas/billing';
import { NoticeAcceptedSchema } from '~/lib/shared/schemas/notice';
import { InvoiceSchema } from '~/lib/shared/schemas/shop';
import { openStore, SKIP } from '~/server/storage/blob-store';
import { addOrderToCustomerStats } from '~/server/storage/console-records';
import { addToIndex } from '~/server/storage/time-index';

export const OrderLineSchema = z.object({
  courseId: z.int(),
  /** The course name as it was when bought. */
  name: z.string(),
  url: z.string(),
  review: z.int(),
  courseOverview: z.string(),
  /** List price when bought, in minor units of the order's currency (cents or paise). */
  listPriceCents: CentsSchema,
  /** Price paid, GST included, in minor units of the order's currency (cents or paise). */
  priceCents: CentsSchema,
  /**
   * A checkout's line only (DECISIONS 46): the rupee prices in paise when the checkout began, as
   * `listPriceCents` and `priceCents` are the dollar ones; the billing country picks one pair.
   */
  listPricePaise: z.optional(CentsSchema),
  pricePaise: z.optional(CentsSchema),
  /**
   * The batch bought and its seats (issue 31; DECISIONS 54, 55); the prices above are the line's,
   * for all its seats. Lines from before batches have neither: 1 seat.
   */
  batchId: z.optional(z.string()),
  seats: z.optional(z.int().check(z.gte(1))),
});

export type OrderLine = z.infer<typeof OrderLineSchema>;

/** A payment as an invoice names it: which gateway took it, and the gateway's payment id. */
const PaymentReferenceSchema = z.object({
  gateway: z.enum(['razorpay', 'test']),
  reference: z.string(),
});

const OrderSchema = z.object({
  orderNo: z.string(),
  userId: z.string(),
  /** When the order was placed (ISO 8601, UTC). */
  placedAt: z.iso.datetime(),
  lines: z.array(OrderLineSchema).check(z.minLength(1)),
  billTo: z.object({ name: z.string(), email: z.string() }),
  /** Where the buyer is, for the tax (issue 18); orders placed before have none. */
  billing: z.optional(BillingRecordSchema),
  /** The currency paid, which the line prices are in (DECISIONS 46); orders before rupees have none: USD. */
  currency: z.optional(CurrencySchema),
  /** The payment that paid for it (issue 18): the gateway and its payment id. */
  payment: z.optional(PaymentReferenceSchema),
  /** The invoice as issued when the order was placed (DECISIONS 47); orders before it have none. */
  invoice: z.optional(InvoiceSchema),
  /**
   * The notice shown beside the billing form when its details were given (DECISIONS 63), from the
   * checkout; absent on orders from before notices.
   */
  notice: z.optional(NoticeAcceptedSchema),
});

export type Order = z.infer<typeof OrderSchema>;

const MarkerSchema = z.object({});
/** Order number -> the course ids it bought. */
const BoughtSchema = z.object({ orders: z.record(z.string(), z.array(z.int())) });
const boughtKey = (userId: string) => `bought/${userId}`;
const boughtOf = (orders: readonly Order[]) =>
  Object.fromEntries(orders.map((order) => [order.orderNo, order.lines.map((line) => line.courseId)]));
const store = openStore('orders');
const orderKey = (orderNo: string) => `orders/${orderNo}`;
const userPrefix = (userId: string) => `by-user/${userId}/`;

/** Writes the history marker of an order (idempotent). */
export async function saveOrderMarker(userId: string, orderNo: string): Promise<void> {
  await store.create(`${userPrefix(userId)}${orderNo}`, MarkerSchema, {});
}

/**
 * Writes an order unless it exists, then puts it on the console's `orders` index and its buyer's
 * totals (idempotent: a retry after a crash finishes both); resolves to the stored order. An order
 * already stored under the number for another buyer or time (its number handed out twice: a
 * counter restored from an old backup) throws before anything is indexed (DECISIONS 57).
 */
export async function saveOrder(order: Order): Promise<Order> {
  const stored = (await store.create(orderKey(order.orderNo), OrderSchema, order))
    ? order
    : await store.get(orderKey(order.orderNo), OrderSchema);
  if (!stored) throw new Error(`Order ${order.orderNo} vanished while being written`);
  if (stored.userId !== order.userId || stored.placedAt !== order.placedAt)
    throw new Error(`Order number ${order.orderNo} already belongs to another order`);
  await indexOrder(stored);
  return stored;
}

/** What an order is worth in rupees, in paise (`rupeePaiseOf`: its invoice's rupee value for USD). */
export function orderRupeePaise(order: Order): number {
  return rupeePaiseOf({
    currency: order.currency,
    totalMinor: sumCents(order.lines.map((line) => line.priceCents)),
    inrTotal: order.invoice?.inr?.total,
  });
}

/** Puts an order on the console's index and its buyer's totals, in rupees (idempotent). */
async function indexOrder(order: Order): Promise<void> {
  await Promise.all([
    addToIndex('orders', new Date(order.placedAt), order.orderNo),
    addOrderToCustomerStats(order.userId, order.orderNo, orderRupeePaise(order)),
    store.update(boughtKey(order.userId), BoughtSchema, (current) =>
      current?.orders[order.orderNo] ? SKIP : { orders: { ...current?.orders, ...boughtOf([order]) } },
    ),
  ]);
}

/** The ids of every course a user has bought: one read (built from their orders the first time). */
export async function boughtCourseIds(userId: string): Promise<Set<number>> {
  let record = await store.get(boughtKey(userId), BoughtSchema);
  if (!record) {
    // Orders placed before this record existed: read them once and keep what they bought,
    // merged with anything a checkout recorded meanwhile.
    const earlier = boughtOf(await listOrdersOfUser(userId));
    record = await store.update(boughtKey(userId), BoughtSchema, (current) => ({
      orders: { ...earlier, ...current?.orders },
    }));
  }
  return new Set(Object.values(record.orders).flat());
}

/** Every order (a full scan: only to build the console's index once). */
export async function listAllOrders(): Promise<Order[]> {
  const keys = await store.list('orders/');
  const orders = await Promise.all(keys.map((key) => store.get(key, OrderSchema)));
  return orders.filter((order): order is Order => order !== undefined);
}

/** Indexes orders placed before the console existed (one-off; idempotent). */
export async function indexExistingOrders(orders: readonly Order[]): Promise<void> {
  for (const order of orders) await indexOrder(order);
}

/** The order with this number, or undefined. */
export function getOrder(orderNo: string): Promise<Order | undefined> {
  return store.get(orderKey(orderNo), OrderSchema);
}

/** Every placed order of a user (markers of unfinished checkouts skipped), in key order. */
export async function listOrdersOfUser(userId: string): Promise<Order[]> {
  const prefix = userPrefix(userId);
  const orderNos = (await store.list(prefix)).map((key) => key.slice(prefix.length));
  const orders = await Promise.all(orderNos.map((orderNo) => getOrder(orderNo)));
  return orders.filter((order): order is Order => order !== undefined && order.userId === userId);
}

/**
 * Takes refunded courses out of what a user bought (issue 28, item 4), so the cart and checkout
 * offer them again; the order itself stays as issued (idempotent).
 */
export async function forgetBoughtCourses(
  userId: string,
  orderNo: string,
  courseIds: readonly number[],
): Promise<void> {
  await boughtCourseIds(userId); // builds the record for a user whose orders predate it
  await store.update(boughtKey(userId), BoughtSchema, (current) => {
    const bought = current?.orders[orderNo];
    if (!current || !bought || !bought.some((id) => courseIds.includes(id))) return SKIP;
    return {
      orders: { ...current.orders, [orderNo]: bought.filter((id) => !courseIds.includes(id)) },
    };
  });
}
