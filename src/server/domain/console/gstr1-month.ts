/**
 * The console's GSTR-1 month (issue 29, item 8; API.md): the month's issued invoices and credit
 * notes (days in India), read as issued and handed to the builders of `gstr1.ts`, which write the
 * summary and each table's CSV.
 */
import { instantsOfDays } from '~/lib/shared/dates';
import type { CreditNote } from '~/lib/shared/schemas/payments';
import {
  gstr1Csv,
  gstr1DocumentOf,
  gstr1Summary,
  MissingRupeeValue,
  type Gstr1CreditNote,
  type Gstr1Month,
  type Gstr1Summary,
  type Gstr1Table,
} from '~/server/domain/console/gstr1';
import { indexExistingOrdersOnce } from '~/server/domain/console/orders';
import { ValidationError } from '~/server/domain/errors';
import { creditNotesIn } from '~/server/domain/payments/refunds';
import { issuedInvoiceOf } from '~/server/domain/shop/invoice';
import { getOrder, type Order } from '~/server/storage/orders';
import { pageOfIndex } from '~/server/storage/time-index';

/** The first and last day of a month `2026-05` (days in India). */
function daysOf(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

async function ordersIn(range: { from: string; to: string }, now: Date): Promise<Order[]> {
  await indexExistingOrdersOnce(now);
  const orders: Order[] = [];
  let cursor: string | undefined;
  do {
    const page = await pageOfIndex(
      'orders',
      { ...instantsOfDays(range), cursor, limit: 200, read: getOrder },
      now,
    );
    orders.push(...page.items);
    cursor = page.cursor;
  } while (cursor !== undefined);
  return orders;
}

/** A credit note as GSTR-1 reads it: its own number and date, and its invoice's total. */
async function creditNoteDocumentOf(note: CreditNote): Promise<Gstr1CreditNote> {
  const original = await getOrder(note.originalInvoice.orderNo);
  const of = original ? issuedInvoiceOf(original) : undefined;
  const document = gstr1DocumentOf({ ...note, amountStatus: 'Paid' });
  return {
    ...document,
    number: note.creditNoteNo,
    issuedAt: note.creditNoteDate,
    originalInvoiceTotal: of ? gstr1DocumentOf(of).total : document.total,
  };
}

/**
 * The month's documents. A USD invoice or credit note without a rupee value (issued before rates
 * were recorded) stops the return with a sentence naming them: a return is never filed short.
 */
export async function gstr1MonthOf(month: string, now: Date): Promise<Gstr1Month> {
  const range = daysOf(month);
  const [orders, notes] = await Promise.all([ordersIn(range, now), creditNotesIn(range, now)]);
  const missing: string[] = [];
  const invoices = orders.flatMap((order) => {
    try {
      return [gstr1DocumentOf(issuedInvoiceOf(order))];
    } catch (error) {
      if (!(error instanceof MissingRupeeValue)) throw error;
      missing.push(...error.numbers);
      return [];
    }
  });
  const creditNotes = await Promise.all(
    notes.map((note) =>
      creditNoteDocumentOf(note).catch((error: unknown) => {
        if (!(error instanceof MissingRupeeValue)) throw error;
        missing.push(note.creditNoteNo);
        return undefined;
      }),
    ),
  );
  if (missing.length > 0)
    throw new ValidationError([
      `These USD documents have no rupee value recorded, so the month cannot be filed from here: ${missing.join(', ')}.`,
    ]);
  return { month, invoices, creditNotes: creditNotes.filter((note) => note !== undefined) };
}

/** `GET /api/console/summary?month=`: the month's totals in rupees. */
export async function gstr1SummaryOf(month: string, now: Date): Promise<Gstr1Summary> {
  return gstr1Summary(await gstr1MonthOf(month, now));
}

/** `GET /api/console/export/gstr1/{table}.csv?month=`: one table's CSV. */
export async function gstr1CsvOf(table: Gstr1Table, month: string, now: Date): Promise<string> {
  return gstr1Csv(table, await gstr1MonthOf(month, now));
}
