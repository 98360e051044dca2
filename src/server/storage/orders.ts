/**
 * Placed orders in the `orders` store. Key formats:
 * - `orders/<orderNo>`: the order with a copy of each line as paid (name and price in cents), the
 *   buyer and the time; written last in a checkout, so an order exists once this exists;
 * - `by-user/<userId>/<orderNo>`: an empty marker per order of a user, written before the order,
 *   so every order is in its buyer's history (a marker without an order is a checkout still
 *   running, or cut short and finished by its retry, and is skipped when reading).
 */
import * as z from '~/lib/shared/zod';
import { CentsSchema } from '~/lib/shared/money';
import { openStore } from '~/server/storage/blob-store';

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

/** Writes an order unless it exists (idempotent); resolves to the stored order. */
export async function saveOrder(order: Order): Promise<Order> {
  if (await store.create(orderKey(order.orderNo), OrderSchema, order)) return order;
  const stored = await store.get(orderKey(order.orderNo), OrderSchema);
  if (!stored) throw new Error(`Order ${order.orderNo} vanished while being written`);
  return stored;
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
