/**
 * Refunds of orders by staff and their GST credit notes (issue 28, items 4-5; DECISIONS 49), in
 * the `orders` store beside the orders they reduce. Key formats:
 * - `refunds/<orderNo>`: every refund of the order (the courses, the amount, the state, the
 *   credit note), changed only by conditional writes, so two refunds never take the same course;
 * - `credit-notes/<creditNoteNo>`: the credit note as issued (DECISIONS 47: never recomputed);
 * - `gateway-refunds/<refund id>`: which order's refund a gateway refund id is (its webhooks).
 */
import * as z from '~/lib/shared/zod';
import { CreditNoteSchema, type CreditNote } from '~/lib/shared/schemas/payments';
import { openStore, Skip, SKIP } from '~/server/storage/blob-store';
import { forgetSheetRow } from '~/server/storage/console-sheets';
import { getOrder } from '~/server/storage/orders';

const OrderRefundSchema = z.object({
  /** Our id of the refund (`rf_` and 16 hex characters). */
  id: z.string(),
  courseIds: z.array(z.int()).check(z.minLength(1)),
  /** In the currency's smallest unit. */
  amountCents: z.int().check(z.gte(1)),
  currency: z.string(),
  reason: z.string(),
  /**
   * `requested`: claimed, the gateway not yet answered (or the call was cut short); `pending`: the
   * gateway took it; `processed`: the money went back; `failed`: it did not. Only moves forward
   * (`refundMovesForward`, `src/server/domain/payments/claims.ts`).
   */
  state: z.enum(['requested', 'pending', 'processed', 'failed']),
  /** The gateway's refund id, once it answered. */
  gatewayRefundId: z.optional(z.string()),
  /** Why it failed, as the gateway said. */
  failure: z.optional(z.string()),
  /** When the gateway first said `processed` (ISO 8601): the credit note's date (DECISIONS 49). */
  processedAt: z.optional(z.iso.datetime()),
  /** The credit note, issued once the refund is processed. */
  creditNoteNo: z.optional(z.string()),
  /** Who asked for it (name and e-mail of the staff member). */
  by: z.string(),
  at: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type OrderRefund = z.infer<typeof OrderRefundSchema>;

const RefundsSchema = z.object({ refunds: z.array(OrderRefundSchema) });
const GatewayRefundSchema = z.object({ orderNo: z.string(), refundId: z.string() });

const store = openStore('orders');
const refundsKey = (orderNo: string) => `refunds/${orderNo}`;

/** Every refund of an order, oldest first. */
export async function refundsOfOrder(orderNo: string): Promise<OrderRefund[]> {
  return (await store.get(refundsKey(orderNo), RefundsSchema))?.refunds ?? [];
}

/**
 * Adds a refund to an order, or (`fn` answers it) finds one already there: `fn` sees the order's
 * refunds and answers the refund to add, an existing one, or undefined (nothing left to refund).
 * One conditional write; resolves to the refund and whether this call added it.
 */
export async function addRefund(
  orderNo: string,
  fn: (refunds: readonly OrderRefund[]) => { readonly add?: OrderRefund; readonly found?: OrderRefund },
): Promise<{ readonly refund: OrderRefund | undefined; readonly added: boolean }> {
  let answer: { readonly add?: OrderRefund; readonly found?: OrderRefund } = {};
  await store.update(refundsKey(orderNo), RefundsSchema, (current) => {
    answer = fn(current?.refunds ?? []);
    return answer.add ? { refunds: [...(current?.refunds ?? []), answer.add] } : SKIP;
  });
  if (answer.add) await forgetOrderRow(orderNo);
  return { refund: answer.add ?? answer.found, added: answer.add !== undefined };
}

/** Takes the order's row out of the console's sheet after a change of its refunds (`console-sheets.ts`). */
async function forgetOrderRow(orderNo: string): Promise<void> {
  const order = await getOrder(orderNo);
  if (order) await forgetSheetRow('orders', new Date(order.placedAt), orderNo);
}

/** Changes one refund of an order (`fn` pure; SKIP leaves it); resolves to it as stored. */
export async function updateRefund(
  orderNo: string,
  refundId: string,
  fn: (refund: OrderRefund) => OrderRefund | typeof SKIP,
): Promise<OrderRefund | undefined> {
  const stored = await store.update(refundsKey(orderNo), RefundsSchema, (current) => {
    const refund = current?.refunds.find((each) => each.id === refundId);
    if (!current || !refund) return SKIP;
    const changed = fn(refund);
    if (changed instanceof Skip) return SKIP;
    return { refunds: current.refunds.map((each) => (each.id === refundId ? changed : each)) };
  });
  await forgetOrderRow(orderNo);
  return stored?.refunds.find((each) => each.id === refundId);
}

/**
 * Stores a credit note as issued (create-only); resolves to the stored one, which is another
 * document's only when its number was handed out twice (a counter restored from an old backup):
 * the caller checks (DECISIONS 57).
 */
export async function saveCreditNote(note: CreditNote): Promise<CreditNote> {
  const key = `credit-notes/${note.creditNoteNo}`;
  if (await store.create(key, CreditNoteSchema, note)) return note;
  const stored = await store.get(key, CreditNoteSchema);
  if (!stored) throw new Error(`Credit note ${note.creditNoteNo} vanished while being written`);
  return stored;
}

/** The credit note with this number, or undefined. */
export function getCreditNote(creditNoteNo: string): Promise<CreditNote | undefined> {
  return store.get(`credit-notes/${creditNoteNo}`, CreditNoteSchema);
}

/** Notes which order's refund a gateway refund id is (idempotent). */
export async function indexGatewayRefund(gatewayRefundId: string, orderNo: string, refundId: string) {
  await store.create(`gateway-refunds/${gatewayRefundId}`, GatewayRefundSchema, { orderNo, refundId });
}

/** The order's refund a gateway refund id is, or undefined. */
export function refundOfGatewayRefund(
  gatewayRefundId: string,
): Promise<{ readonly orderNo: string; readonly refundId: string } | undefined> {
  return store.get(`gateway-refunds/${gatewayRefundId}`, GatewayRefundSchema);
}
