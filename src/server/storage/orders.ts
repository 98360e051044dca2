/**
 * Placed orders in the `orders` store. Key formats:
 * - `orders/<orderNo>`: the order with a copy of each line as paid (name and price in cents), the
 *   buyer and the time; written last in a checkout, so an order exists once this exists;
 * - `by-user/<userId>/<orderNo>`: an empty marker per order of a user, written before the order,
 *   so every order is in its buyer's history (a marker without an order is a checkout still
 *   running, or cut short and finished by its retry, and is skipped when reading).
 */
import * as z from '~/lib/shared/zod';
import { CentsSchema, sumCents } from '~/lib/shared/money';
import { openStore } from '~/server/storage/blob-store';
import { addOrderToCustomerStats } from '~/server/storage/console-records';
import { addToIndex } from '~/server/storage/time-index';

export const OrderLineSchema = z.object({
  courseId: z.int(),
  /** The course name as it was when bought. */
  name: z.string(),
  url: z.string(),
  review: z.int(),
  courseOverview: z.string(),
  /** List price when bought, in cents. */
  listPriceCents: CentsSchema,
  /** Price paid, GST included, in cents. */
  priceCents: CentsSchema,
});

export type OrderLine = z.infer<typeof OrderLineSchema>;

export const OrderSchema = z.object({
  orderNo: z.string(),
  userId: z.string(),
  /** When the order was placed (ISO 8601, UTC). */
  placedAt: z.iso.datetime(),
  lines: z.array(OrderLineSchema).check(z.minLength(1)),
  billTo: z.object({ name: z.string(), email: z.string() }),
});

export type Order = z.infer<typeof OrderSchema>;

const MarkerSchema = z.object({});
const store = openStore('orders');
const orderKey = (orderNo: string) => `orders/${orderNo}`;
const userPrefix = (userId: string) => `by-user/${userId}/`;

/** Writes the history marker of an order (idempotent). */
export async function saveOrderMarker(userId: string, orderNo: string): Promise<void> {
  await store.create(`${userPrefix(userId)}${orderNo}`, MarkerSchema, {});
}

/**
 * Writes an order unless it exists, then puts it on the console's `orders` index and its buyer's
 * totals (idempotent: a retry after a crash finishes both); resolves to the stored order.
 */
export async function saveOrder(order: Order): Promise<Order> {
  const stored = (await store.create(orderKey(order.orderNo), OrderSchema, order))
    ? order
    : await store.get(orderKey(order.orderNo), OrderSchema);
  if (!stored) throw new Error(`Order ${order.orderNo} vanished while being written`);
  await indexOrder(stored);
  return stored;
}

/** Puts an order on the console's index and its buyer's totals (idempotent). */
async function indexOrder(order: Order): Promise<void> {
  const totalCents = sumCents(order.lines.map((line) => line.priceCents));
  await Promise.all([
    addToIndex('orders', new Date(order.placedAt), order.orderNo),
    addOrderToCustomerStats(order.userId, order.orderNo, totalCents),
  ]);
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
