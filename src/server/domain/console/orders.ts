/**
 * Orders and customers in the company console (issue 19): read through the indexes kept as
 * orders and accounts are written (DECISIONS 40). Every amount and tax figure comes from the same
 * invoice the invoice page prints (as issued), so the console, the sales register and the invoices agree.
 */
import { instantsOfDays } from '~/lib/shared/dates';
import { gstStateName } from '~/lib/shared/gst';
import { usdFromCents } from '~/lib/shared/money';
import type { CustomerRow, OrderRow } from '~/lib/shared/schemas/console';
import { placeOfSupplyStateOf } from '~/lib/shared/tax';
import { issuedInvoiceOf, lineAmountOf } from '~/server/domain/shop/invoice';
import { getCustomerStats } from '~/server/storage/console-records';
import { refundViewOf } from '~/server/domain/payments/refunds';
import { getOrder, indexExistingOrders, listAllOrders, type Order } from '~/server/storage/orders';
import { listBatches, type BatchRecord } from '~/server/storage/batches';
import { refundsOfOrder } from '~/server/storage/refunds';
import { pageWithCursor, type Page } from '~/server/domain/console/cursors';
import { buildIndexOnce, pageOfIndex } from '~/server/storage/time-index';
import { getUser, listAllUsers } from '~/server/storage/users';
import { site } from '~/site.config';

/** Rows per page. */
export const PAGE_SIZE = 50;
const SEARCH_SCAN = 500;

/** The place of supply of an order: GST state code and name (`96`, Other Countries, for exports). */
export function placeOfSupplyOf(billing: OrderRow['billing']): {
  code: string;
  name: string;
  isExport: boolean;
} {
  if (billing && billing.country !== 'IN') return { code: '96', name: 'Other Countries', isExport: true };
  if (billing) {
    // The invoice's rule (DECISIONS 50): a GSTIN's state, or the setting's for a buyer without one.
    const code = placeOfSupplyStateOf(billing) ?? site.tax.gst.stateCode;
    return { code, name: gstStateName(code) ?? code, isExport: false };
  }
  // Orders from before billing details: the company's own state, as their invoices print.
  const code = site.tax.gst.stateCode;
  return { code, name: gstStateName(code) ?? code, isExport: false };
}

/** The batches an order row names, by id (issue 31). */
export type BatchesById = ReadonlyMap<string, Pick<BatchRecord, 'id' | 'startsOn' | 'schedule'>>;

/** An order as the console lists it; each line with its seats and, when `batches` has it, its batch. */
export function orderRowOf(order: Order, batches: BatchesById = new Map()): OrderRow {
  const invoice = issuedInvoiceOf(order);
  const place = placeOfSupplyOf(invoice.billing ?? null);
  return {
    orderNo: invoice.orderNo,
    orderDate: invoice.orderDate,
    buyer: invoice.billTo,
    billing: invoice.billing ?? null,
    placeOfSupply: invoice.placeOfSupply ?? `${place.name} (${place.code})`,
    lines: invoice.lines.map((line, index) => {
      const batchId = order.lines[index]?.batchId;
      const batch = batchId === undefined ? undefined : batches.get(batchId);
      return {
        courseId: line.courseId,
        name: line.name,
        price: lineAmountOf(line),
        seats: line.qty,
        ...(batch ? { batch: { id: batch.id, startsOn: batch.startsOn, schedule: batch.schedule } } : {}),
      };
    }),
    totals: invoice.totals,
    currency: invoice.currency,
    payment: invoice.payment ?? null,
  };
}

function orderMatches(row: OrderRow, q: string | undefined): boolean {
  if (!q) return true;
  return [
    row.orderNo,
    row.buyer.name,
    row.buyer.email,
    row.billing?.name,
    row.billing?.gstin,
    row.payment?.reference,
  ]
    .filter((text): text is string => text !== undefined)
    .some((text) => text.toLowerCase().includes(q));
}

/** Indexes the orders placed before the console existed, with their buyers' totals (once). */
export async function indexExistingOrdersOnce(now: Date, force = false): Promise<number> {
  return buildIndexOnce(
    'orders',
    async () => {
      const orders = await listAllOrders();
      await indexExistingOrders(orders);
      return orders.map((order) => ({ at: new Date(order.placedAt), id: order.orderNo }));
    },
    now,
    force,
  );
}

/** One page of orders, newest first, in a date range (days in India) and an optional search. */
export async function listOrders(
  query: {
    from?: string | undefined;
    to?: string | undefined;
    q?: string | undefined;
    cursor?: string | undefined;
  },
  now: Date,
  pageSize = PAGE_SIZE,
): Promise<Page<OrderRow>> {
  await indexExistingOrdersOnce(now);
  // The batches, listed once per page and only for a page with an order of a batch.
  let batches: Promise<BatchesById> | undefined;
  const batchesOf = (order: Order) =>
    order.lines.some((line) => line.batchId !== undefined)
      ? (batches ??= listBatches().then((list) => new Map(list.map((batch) => [batch.id, batch]))))
      : undefined;
  return pageWithCursor('orders', query.cursor, (after) =>
    pageOfIndex(
      'orders',
      {
        ...instantsOfDays(query),
        cursor: after,
        limit: pageSize,
        scanLimit: query.q ? Math.max(SEARCH_SCAN, pageSize) : pageSize,
        read: async (orderNo) => {
          const order = await getOrder(orderNo);
          if (!order) return undefined;
          const row = orderRowOf(order, await batchesOf(order));
          if (!orderMatches(row, query.q)) return undefined;
          // Its refunds (issue 28), so staff see their state and credit notes after a reload too.
          const refunds = await refundsOfOrder(orderNo);
          return refunds.length === 0 ? row : { ...row, refunds: refunds.map(refundViewOf) };
        },
      },
      now,
    ),
  );
}

/** Indexes the accounts created before the console existed (once). */
export async function indexExistingCustomersOnce(now: Date, force = false): Promise<number> {
  return buildIndexOnce('customers', listAllUsers, now, force);
}

/** One page of customers, newest first, with an optional search by name, e-mail or mobile. */
export async function listCustomers(
  query: { q?: string | undefined; cursor?: string | undefined },
  now: Date,
): Promise<Page<CustomerRow>> {
  await indexExistingCustomersOnce(now);
  const q = query.q;
  return pageWithCursor('customers', query.cursor, (after) =>
    pageOfIndex(
      'customers',
      {
        cursor: after,
        limit: PAGE_SIZE,
        scanLimit: q ? SEARCH_SCAN : PAGE_SIZE,
        read: async (userId) => {
          const user = await getUser(userId);
          if (!user) return undefined;
          if (q && ![user.name.toLowerCase(), user.email, user.mobile].some((text) => text.includes(q)))
            return undefined;
          const stats = await getCustomerStats(userId);
          return {
            userid: user.userId,
            name: user.name,
            email: user.email,
            mobile: user.mobile,
            createdAt: user.createdAt,
            orders: stats.orderNos.length,
            spent: usdFromCents(stats.spentCents),
          };
        },
      },
      now,
    ),
  );
}

/** Every order in a date range (days in India), newest first: for the sales register. */
export async function allOrdersIn(
  range: { from?: string | undefined; to?: string | undefined },
  now: Date,
): Promise<OrderRow[]> {
  const rows: OrderRow[] = [];
  let cursor: string | undefined;
  do {
    const page = await listOrders({ ...range, cursor }, now, 200);
    rows.push(...page.items);
    cursor = page.cursor ?? undefined;
  } while (cursor !== undefined);
  return rows;
}
