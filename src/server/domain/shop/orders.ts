/** Purchase history and invoices: only the buyer sees an order (DECISIONS 13, 35). */
import { majorFromMinor } from '~/lib/shared/money';
import {
  ORDER_NO_PATTERN,
  type Invoice,
  type InvoiceLine,
  type PurchasedItem,
} from '~/lib/shared/schemas/shop';
import { NotFound } from '~/server/domain/errors';
import { issuedInvoiceOf, toInvoiceLines } from '~/server/domain/shop/invoice';
import { getOrder, listOrdersOfUser, type Order, type OrderLine } from '~/server/storage/orders';
import { refundsOfOrder, type OrderRefund } from '~/server/storage/refunds';

const ORDER_ERRORS = { notFound: 'Invoice not found.' } as const;

/** Every course the user bought, newest order first, at the prices paid in the currency paid. */
export async function purchaseHistory(userId: string): Promise<PurchasedItem[]> {
  const orders = await listOrdersOfUser(userId);
  orders.sort((a, b) => b.placedAt.localeCompare(a.placedAt) || b.orderNo.localeCompare(a.orderNo));
  const refunds = await Promise.all(orders.map((order) => refundsOfOrder(order.orderNo)));
  return orders.flatMap((order, index) =>
    order.lines.map((line) => ({
      id: line.courseId,
      name: line.name,
      url: line.url,
      review: line.review,
      fees: majorFromMinor(line.listPriceCents),
      discountedFees: majorFromMinor(line.priceCents),
      courseOverview: line.courseOverview,
      orderNo: order.orderNo,
      orderDate: order.placedAt,
      currency: order.currency ?? 'USD',
      ...(line.batchId === undefined ? {} : { batchId: line.batchId }),
      ...(line.seats === undefined ? {} : { seats: line.seats }),
      ...refundOfLine(refunds[index]!, line),
    })),
  );
}

/**
 * A line's refund as the history shows it (DECISIONS 49): processed, with its credit note and the
 * day the money went back; pending (asked, not yet confirmed), without one. A failed refund gave
 * nothing back and is not shown.
 */
function refundOfLine(refunds: readonly OrderRefund[], line: OrderLine): Pick<PurchasedItem, 'refund'> {
  const live = refunds.filter((each) => each.courseIds.includes(line.courseId) && each.state !== 'failed');
  const refund = live.find((each) => each.creditNoteNo !== undefined) ?? live[0];
  if (!refund) return {};
  const amount = majorFromMinor(line.priceCents);
  return refund.creditNoteNo === undefined
    ? { refund: { amount, at: refund.at } }
    : { refund: { creditNoteNo: refund.creditNoteNo, amount, at: refund.processedAt ?? refund.at } };
}

/** Who may open which orders: the buyer their own; staff (`anyOrder`) every one (issue 19). */
export interface OrderViewer {
  readonly anyOrder?: boolean;
}

/** The user's order with this number; NotFound for an unknown number or another user's order. */
async function ownOrder(userId: string, orderNo: string, viewer: OrderViewer): Promise<Order> {
  if (!ORDER_NO_PATTERN.test(orderNo)) throw new NotFound([ORDER_ERRORS.notFound]);
  const order = await getOrder(orderNo);
  if (!order || (order.userId !== userId && !viewer.anyOrder)) throw new NotFound([ORDER_ERRORS.notFound]);
  return order;
}

/** `GetCourseforInvoiceByOrderNo`: the lines of the user's order. */
export async function invoiceLinesOf(
  userId: string,
  orderNo: string,
  viewer: OrderViewer = {},
): Promise<InvoiceLine[]> {
  return toInvoiceLines(await ownOrder(userId, orderNo, viewer));
}

/** `GET /api/orders/{orderNo}/invoice`: everything the invoice page prints. */
export async function invoiceOf(userId: string, orderNo: string, viewer: OrderViewer = {}): Promise<Invoice> {
  return issuedInvoiceOf(await ownOrder(userId, orderNo, viewer));
}
