/**
 * The console's GSTR-1 month (issue 29, item 8; API.md): the month's issued invoices and credit
 * notes (days in India), read as issued, valued in rupees (`exchange-rates.ts`) and handed to the
 * builders of `gstr1.ts`, which write the summary and each table's CSV.
 */
import { instantsOfDays } from '~/lib/shared/dates';
import type { MissingRate } from '~/lib/shared/schemas/console';
import type { CreditNote } from '~/lib/shared/schemas/payments';
import type { Invoice } from '~/lib/shared/schemas/shop';
import {
  gstr1Csv,
  gstr1DocumentOf,
  gstr1Summary,
  MissingRupeeValue,
  type Gstr1CreditNote,
  type Gstr1Document,
  type Gstr1Month,
  type Gstr1Summary,
  type Gstr1Table,
} from '~/server/domain/console/gstr1';
import {
  missingRatesSentence,
  rateDayOf,
  rateOf,
  rupeeValuesOf,
  type RupeeValue,
} from '~/server/domain/console/exchange-rates';
import { indexExistingOrdersOnce } from '~/server/domain/console/orders';
import { Conflict } from '~/server/domain/errors';
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
function creditNoteDocumentOf(note: CreditNote, original: Invoice | undefined): Gstr1CreditNote {
  const document = gstr1DocumentOf({ ...note, amountStatus: 'Paid' });
  let originalInvoiceTotal = document.total;
  try {
    if (original) originalInvoiceTotal = gstr1DocumentOf(original).total;
  } catch (error) {
    // An invoice with no rupee value of its own, reversed by a note that has one: B2CL or B2CS
    // is then decided by the note's value, as for a note whose invoice cannot be read.
    if (!(error instanceof MissingRupeeValue)) throw error;
  }
  return { ...document, number: note.creditNoteNo, issuedAt: note.creditNoteDate, originalInvoiceTotal };
}

/** `document` with the rupee value it is valued at (unchanged when it has its own or is in rupees). */
function valued<T extends Invoice | CreditNote>(document: T, inr: RupeeValue | undefined): T {
  return document.currency === 'INR' || document.inr || !inr ? document : { ...document, inr };
}

/**
 * The month's documents, each USD one at its rupee value (its own, its invoice's rate, or the rate
 * staff entered for its invoice's day: `exchange-rates.ts`). Those with none are not valued but
 * listed (`missingRates`, oldest day first): the summary names them, the documents table counts
 * them and the other tables are refused until their rates are entered (DECISIONS 47).
 */
export async function gstr1MonthOf(month: string, now: Date): Promise<Gstr1Month> {
  const range = daysOf(month);
  const [orders, notes] = await Promise.all([ordersIn(range, now), creditNotesIn(range, now)]);
  const invoices = orders.map(issuedInvoiceOf);
  const originals = await Promise.all(
    notes.map(async (note) => {
      const order = await getOrder(note.originalInvoice.orderNo);
      return order ? issuedInvoiceOf(order) : undefined;
    }),
  );
  const originalValues = await rupeeValuesOf(
    originals.map((original, index) => ({
      document: original ?? notes[index]!,
      day: rateDayOf(notes[index]!.originalInvoice.orderDate),
    })),
  );
  const values = await rupeeValuesOf([
    ...invoices.map((invoice) => ({ document: invoice, day: rateDayOf(invoice.orderDate) })),
    ...notes.map((note, index) => {
      const invoiceValue = originalValues[index];
      return {
        document: note,
        day: rateDayOf(note.originalInvoice.orderDate),
        invoiceRate:
          invoiceValue && originals[index]?.currency === note.currency ? rateOf(invoiceValue) : undefined,
      };
    }),
  ]);

  const missingRates: MissingRate[] = [];
  const documents: Gstr1Document[] = [];
  invoices.forEach((invoice, index) => {
    const document = valued(invoice, values[index]);
    if (document.currency !== 'INR' && !document.inr)
      missingRates.push({ number: invoice.orderNo, kind: 'invoice', date: rateDayOf(invoice.orderDate) });
    else documents.push(gstr1DocumentOf(document));
  });
  const creditNotes: Gstr1CreditNote[] = [];
  notes.forEach((note, index) => {
    const document = valued(note, values[invoices.length + index]);
    const original = originals[index] && valued(originals[index], originalValues[index]);
    if (document.currency !== 'INR' && !document.inr)
      missingRates.push({
        number: note.creditNoteNo,
        kind: 'credit note',
        date: rateDayOf(note.originalInvoice.orderDate),
      });
    else creditNotes.push(creditNoteDocumentOf(document, original));
  });
  missingRates.sort((a, b) => a.date.localeCompare(b.date) || a.number.localeCompare(b.number));
  return { month, invoices: documents, creditNotes, missingRates };
}

/** `GET /api/console/summary?month=`: the month's totals in rupees. */
export async function gstr1SummaryOf(month: string, now: Date): Promise<Gstr1Summary> {
  return gstr1Summary(await gstr1MonthOf(month, now));
}

/**
 * `GET /api/console/export/gstr1/{table}.csv?month=`: one table's CSV. While a USD document of the
 * month has no rupee value, every table but the documents issued is refused (409) with a sentence
 * naming the documents and saying how to enter their rates: a table is never filed short.
 */
export async function gstr1CsvOf(table: Gstr1Table, month: string, now: Date): Promise<string> {
  const documents = await gstr1MonthOf(month, now);
  try {
    return gstr1Csv(table, documents);
  } catch (error) {
    if (!(error instanceof MissingRupeeValue)) throw error;
    throw new Conflict([
      missingRatesSentence(documents.missingRates ?? [], 'so this table would be short of them'),
    ]);
  }
}
