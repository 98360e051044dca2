/**
 * Orders and customers in the company console (issue 19): read through the indexes kept as
 * orders and accounts are written (DECISIONS 40). Every amount and tax figure comes from the same
 * invoice the invoice page prints (as issued), so the console, the sales register and the invoices agree.
 */
import { instantsOfDays } from '~/lib/shared/dates';
import { gstStateName } from '~/lib/shared/gst';
import { majorFromMinor, sumCents } from '~/lib/shared/money';
import * as z from '~/lib/shared/zod';
import {
  CustomerRowSchema,
  OrderRowSchema,
  type CustomerRow,
  type OrderRow,
} from '~/lib/shared/schemas/console';
import { placeOfSupplyStateOf } from '~/lib/shared/tax';
import { issuedInvoiceOf, lineAmountOf } from '~/server/domain/shop/invoice';
import { getCustomerStats, setCustomerSpend } from '~/server/storage/console-records';
import { refundViewOf } from '~/server/domain/payments/refunds';
import {
  getOrder,
  indexExistingOrders,
  listAllOrders,
  orderRupeePaise,
  type Order,
} from '~/server/storage/orders';
import { listBatches, type BatchRecord } from '~/server/storage/batches';
import { refundsOfOrder } from '~/server/storage/refunds';
import { pageWithCursor, type Page } from '~/server/domain/console/cursors';
import { sheetRowsOf } from '~/server/storage/console-sheets';
import { buildIndexOnce, pageOfIndex } from '~/server/storage/time-index';
import { getClosedAccount, getUser, listAllUsers } from '~/server/storage/users';
import { site } from '~/site.config';

/** Rows per page. */
const PAGE_SIZE = 50;
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
type BatchesById = ReadonlyMap<string, Pick<BatchRecord, 'id' | 'startsOn' | 'schedule'>>;

/** An order as the console lists it; each line with its seats and, when `batches` has it, its batch. */
function orderRowOf(order: Order, batches: BatchesById = new Map()): OrderRow {
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
    ...(invoice.inr ? { inr: invoice.inr } : {}),
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
  let batchList: Promise<BatchesById> | undefined;
  return pageWithCursor('orders', query.cursor, (after) =>
    pageOfIndex(
      'orders',
      {
        ...instantsOfDays(query),
        cursor: after,
        limit: pageSize,
        scanLimit: query.q ? Math.max(SEARCH_SCAN, pageSize) : pageSize,
        read: {
          many: async (markers) => {
            const sheetRows = await sheetRowsOf(
              'orders',
              markers,
              OrderSheetRowSchema,
              orderSheetRowOf,
              isCurrentSheetRow,
            );
            const rows = sheetRows.map((sheetRow) =>
              sheetRow && orderMatches(sheetRow.row, query.q) ? sheetRow : undefined,
            );
            // The batches, listed once per page and only for a page with an order of a batch.
            const batches = rows.some((sheetRow) => sheetRow?.batchIds.some((id) => id !== null))
              ? await (batchList ??= listBatches().then(
                  (list) => new Map(list.map((batch) => [batch.id, batch])),
                ))
              : undefined;
            return rows.map((sheetRow) => sheetRow && withBatches(sheetRow, batches));
          },
        },
      },
      now,
    ),
  );
}

/**
 * What the orders list keeps of an order in its sheet (`console-sheets.ts`): its row without
 * batches (a batch's dates may change; they are read with the page) and each line's batch id.
 */
const OrderSheetRowSchema = z.object({
  row: OrderRowSchema,
  batchIds: z.array(z.nullable(z.string())),
  /**
   * 2: written since rows carry their invoice's rupee value (`row.inr`, DECISIONS 47). A USD row
   * from before (none) is read again from its order, once, so the sales register has its rupees.
   */
  version: z.optional(z.literal(2)),
});
type OrderSheetRow = z.infer<typeof OrderSheetRowSchema>;

/** A sheet row that shows all a row shows today (see `version`). */
const isCurrentSheetRow = (sheetRow: OrderSheetRow) =>
  sheetRow.version === 2 || sheetRow.row.currency === 'INR';

/** An order's sheet row, read from the order and its refunds (undefined: no such order). */
async function orderSheetRowOf(orderNo: string): Promise<OrderSheetRow | undefined> {
  const [order, refunds] = await Promise.all([getOrder(orderNo), refundsOfOrder(orderNo)]);
  if (!order) return undefined;
  const row = orderRowOf(order);
  return {
    // Its refunds (issue 28), so staff see their state and credit notes after a reload too.
    row: refunds.length === 0 ? row : { ...row, refunds: refunds.map(refundViewOf) },
    batchIds: order.lines.map((line) => line.batchId ?? null),
    version: 2,
  };
}

/** A sheet row as the console lists it: each line with its batch, when `batches` has it. */
function withBatches({ row, batchIds }: OrderSheetRow, batches: BatchesById | undefined): OrderRow {
  if (!batches || batchIds.every((id) => id === null)) return row;
  return {
    ...row,
    lines: row.lines.map((line, index) => {
      const batchId = batchIds[index];
      const batch = batchId === null || batchId === undefined ? undefined : batches.get(batchId);
      return batch
        ? { ...line, batch: { id: batch.id, startsOn: batch.startsOn, schedule: batch.schedule } }
        : line;
    }),
  };
}

/** Indexes the accounts created before the console existed (once). */
export async function indexExistingCustomersOnce(now: Date, force = false): Promise<number> {
  return buildIndexOnce('customers', listAllUsers, now, force);
}

/**
 * The rupee value of a customer's orders, summed from the orders themselves and kept with their
 * totals: for a record from before the rupee sum, once.
 */
async function sumCustomerSpend(userId: string, orderNos: readonly string[]): Promise<number> {
  const orders = await Promise.all(orderNos.map((orderNo) => getOrder(orderNo)));
  const spentPaise = sumCents(orders.map((order) => (order ? orderRupeePaise(order) : 0)));
  await setCustomerSpend(userId, orderNos, spentPaise);
  return spentPaise;
}

/** A customer as the list shows them, read from their account and totals (undefined: no account). */
async function customerRowOf(userId: string): Promise<CustomerRow | undefined> {
  const [user, stats] = await Promise.all([getUser(userId), getCustomerStats(userId)]);
  // A closed account is listed without its contact details (DECISIONS 63).
  const closed = user ? undefined : await getClosedAccount(userId);
  if (!user && !closed) return undefined;
  const spentPaise = stats.spentPaise ?? (await sumCustomerSpend(userId, stats.orderNos));
  return {
    userid: userId,
    name: user?.name ?? '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
    createdAt: user?.createdAt ?? closed!.createdAt,
    orders: stats.orderNos.length,
    spent: majorFromMinor(spentPaise),
    ...(closed ? { closedAt: closed.closedAt } : {}),
  };
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
        read: {
          many: async (markers) =>
            (await sheetRowsOf('customers', markers, CustomerRowSchema, customerRowOf)).map((row) =>
              row && (!q || [row.name.toLowerCase(), row.email, row.mobile].some((text) => text.includes(q)))
                ? row
                : undefined,
            ),
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
