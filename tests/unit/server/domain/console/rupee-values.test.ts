/**
 * USD documents in rupees (DECISIONS 47; API.md, Company console): the sales register's rupee
 * columns and its totals in rupees, and GSTR-1 valuing a USD document whose payment recorded no
 * rate at the rate staff entered for its invoice's day, naming it while there is none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Currency } from '~/lib/shared/money';
import { CreditNoteSchema, type CreditNote } from '~/lib/shared/schemas/payments';
import type { Invoice } from '~/lib/shared/schemas/shop';
import { salesRegisterCsv, SALES_REGISTER_HEADER } from '~/server/domain/console/exports';
import { gstr1CsvOf, gstr1MonthOf, gstr1SummaryOf } from '~/server/domain/console/gstr1-month';
import { Conflict } from '~/server/domain/errors';
import { issuedInvoiceOf, toInvoice } from '~/server/domain/shop/invoice';
import { openStore } from '~/server/storage/blob-store';
import { sheetKey } from '~/server/storage/console-sheets';
import { saveExchangeRate } from '~/server/storage/exchange-rates';
import * as z from '~/lib/shared/zod';
import { saveOrder, type Order } from '~/server/storage/orders';
import { saveCreditNote } from '~/server/storage/refunds';
import { addToIndex } from '~/server/storage/time-index';
import { startBlobsServer, type RunningBlobsServer } from '../../../../support/blobs-server';

let blobs: RunningBlobsServer;
beforeAll(async () => {
  blobs = await startBlobsServer();
});
afterAll(async () => {
  await blobs.stop();
});

/** An order of one course at `priceMinor`, placed at `placedAt`. */
function orderOf(
  orderNo: string,
  placedAt: string,
  priceMinor: number,
  options: { currency?: Currency; billing?: Order['billing'] } = {},
): Order {
  return {
    orderNo,
    userId: 'u-rupees',
    placedAt,
    lines: [
      {
        courseId: 1,
        name: 'Course',
        url: '/x',
        review: 5,
        courseOverview: '',
        listPriceCents: priceMinor,
        priceCents: priceMinor,
      },
    ],
    billTo: { name: 'Buyer', email: 'buyer@example.com' },
    ...(options.currency ? { currency: options.currency } : {}),
    ...(options.billing ? { billing: options.billing } : {}),
  };
}

/** A whole-order credit note of `invoice`, issued at `at` (`inr`: false drops its rupee value). */
async function creditNote(
  invoice: Invoice,
  creditNoteNo: string,
  at: string,
  inr = true,
): Promise<CreditNote> {
  const { inr: value, ...issued } = invoice;
  const note = CreditNoteSchema.parse({
    ...issued,
    ...(inr && value ? { inr: value } : {}),
    creditNoteNo,
    creditNoteDate: at,
    originalInvoice: { orderNo: invoice.orderNo, orderDate: invoice.orderDate },
    reason: 'Moved to a later batch.',
    amountStatus: 'Refunded',
    refundId: `r-${creditNoteNo}`,
  });
  await saveCreditNote(note);
  await addToIndex('credit-notes', new Date(at), creditNoteNo);
  return note;
}

/** A CSV line's cells: split at commas outside quotes, quotes undone. */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < line.length; at += 1) {
    const char = line[at]!;
    if (quoted && char === '"' && line[at + 1] === '"') {
      cell += '"';
      at += 1;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  return [...cells, cell];
}

/** A CSV's rows (BOM dropped), headings first. */
const rowsOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map(cellsOf);
const column = (name: (typeof SALES_REGISTER_HEADER)[number]) => SALES_REGISTER_HEADER.indexOf(name);
const now = new Date('2026-11-26T10:00:00Z');

// September 2026 (days in India): a rupee order, a USD export whose payment recorded 83.5, a USD
// order from before rates were recorded (CGST + SGST at the company's state, no rupee value),
// and credit notes of the last two (the export's without a rupee value of its own).
const inrOrder = orderOf('SIS-2627-000101', '2026-09-03T05:00:00.000Z', 11_999_00, {
  currency: 'INR',
  billing: { name: 'Priya Deshmukh', country: 'IN', state: '27' },
});
const exportOrder = orderOf('SIS-2627-000102', '2026-09-10T05:00:00.000Z', 1_416_99, {
  currency: 'USD',
  billing: { name: 'Jane Doe', country: 'US', state: 'CA' },
});
// 20:00 UTC on the 14th is the 15th in India: the rate of the 15th applies.
const oldOrder = orderOf('SIS-2627-000103', '2026-09-14T20:00:00.000Z', 1_416_99);
const anotherOrder = orderOf('SIS-2627-000104', '2026-09-15T05:00:00.000Z', 10_00);
let exportNote: CreditNote;
let oldNote: CreditNote;

beforeAll(async () => {
  await saveOrder({ ...inrOrder, invoice: toInvoice(inrOrder) });
  await saveOrder({
    ...exportOrder,
    invoice: toInvoice(exportOrder, { rate: 83.5, source: 'Razorpay, payment pay_export' }),
  });
  await saveOrder(oldOrder);
  exportNote = await creditNote(
    issuedInvoiceOf({ ...exportOrder, invoice: toInvoice(exportOrder, { rate: 83.5, source: 'x' }) }),
    'SIS-CN2627-00001',
    '2026-09-20T05:00:00.000Z',
    false,
  );
  oldNote = await creditNote(issuedInvoiceOf(oldOrder), 'SIS-CN2627-00002', '2026-09-21T05:00:00.000Z');
});

const SEPTEMBER = { from: '2026-09-01', to: '2026-09-30' };

/** Staff enter Rs 80 a dollar for 15 September 2026. */
const enterRate = () =>
  saveExchangeRate({
    date: '2026-09-15',
    usdInr: 80,
    source: 'RBI reference rate',
    enteredBy: 'Accounts <accounts@example.com>',
    enteredAt: now.toISOString(),
  });

describe('the sales register in rupees (API.md, Company console; DECISIONS 47)', () => {
  it('gives a USD row its rate and rupee values, an INR row none, and says when a rate is missing', async () => {
    const rows = rowsOf(await salesRegisterCsv(SEPTEMBER, now));
    expect(rows[0]).toEqual([...SALES_REGISTER_HEADER]);
    expect(rows[0]!.slice(-3)).toEqual(['Exchange rate (INR)', 'Taxable value (INR)', 'Total (INR)']);
    const row = (number: string) => rows.find((cells) => cells[0] === number)!;
    const rupeeCells = (number: string) => row(number).slice(column('Exchange rate (INR)'));

    expect(rupeeCells(inrOrder.orderNo)).toEqual(['', '', '']);
    // $1,416.99 at 83.5: Rs 1,18,318.67 (an export: no tax, the taxable value is the total).
    expect(rupeeCells(exportOrder.orderNo)).toEqual(['83.5', '118318.67', '118318.67']);
    // Its credit note has no rupee value of its own: its invoice's rate, negative.
    expect(rupeeCells(exportNote.creditNoteNo)).toEqual(['83.5', '-118318.67', '-118318.67']);
    // No rate recorded nor entered for the 15th: no rupee value, and the totals say so.
    expect(rupeeCells(oldOrder.orderNo)).toEqual(['', '', '']);
    expect(rupeeCells(oldNote.creditNoteNo)).toEqual(['', '', '']);

    const usdTotals = rows.find((cells) => cells[0]!.startsWith('Total (') && cells[7] === 'USD')!;
    expect(usdTotals.slice(column('Taxable value (INR)'))).toEqual(['', '']);
    const last = rows.at(-1)!;
    expect(last[0]).toBe(
      `Total in INR not known: no exchange rate for ${oldOrder.orderNo}, ${oldNote.creditNoteNo}. ` +
        "Enter the day's rate under GST returns in the console.",
    );
    expect(last.slice(column('Taxable value'), column('Total') + 1)).toEqual(['', '', '', '', '']);
  });

  it('GSTR-1 names the documents without a rate, counts them as issued and files no table short of them', async () => {
    const missing = [
      { number: oldOrder.orderNo, kind: 'invoice', date: '2026-09-15' },
      { number: oldNote.creditNoteNo, kind: 'credit note', date: '2026-09-15' },
    ];
    const summary = await gstr1SummaryOf('2026-09', now);
    // The rupee order and the export less its note (at its invoice's rate); the rest named.
    expect(summary).toEqual({
      month: '2026-09',
      invoices: 2,
      creditNotes: 1,
      taxable: 10168.64,
      cgst: 915.18,
      sgst: 915.18,
      igst: 0,
      exports: 0,
      net: 11999,
      missingRates: missing,
    });
    const refusal = await gstr1CsvOf('b2cs', '2026-09', now).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Conflict);
    expect((refusal as Conflict).messages).toEqual([
      'These USD documents have no exchange rate, so this table would be short of them: ' +
        `${oldOrder.orderNo} (invoice, rate of 2026-09-15), ${oldNote.creditNoteNo} (credit note, rate of 2026-09-15). ` +
        'Enter the rupees per US dollar of each day under GST returns in the console.',
    ]);
    for (const table of ['b2b', 'exp', 'cdnur', 'hsn-b2c'] as const)
      await expect(gstr1CsvOf(table, '2026-09', now), table).rejects.toThrow(Conflict);
    // The documents issued hold no value: every invoice and note of the month is counted.
    expect(rowsOf(await gstr1CsvOf('docs', '2026-09', now)).slice(1)).toEqual([
      ['Invoices for outward supply', inrOrder.orderNo, oldOrder.orderNo, '3', '0'],
      ['Credit Note', exportNote.creditNoteNo, oldNote.creditNoteNo, '2', '0'],
    ]);
  });

  it("values a USD document without a rate at the rate staff entered for its invoice's day, and totals in rupees", async () => {
    await enterRate();
    const rows = rowsOf(await salesRegisterCsv(SEPTEMBER, now));
    const row = (number: string) => rows.find((cells) => cells[0] === number)!;
    const rupeeCells = (number: string) => row(number).slice(column('Exchange rate (INR)'));
    // $1,416.99 at 80 = Rs 1,13,359.20; CGST = SGST = $108.08 = Rs 8,646.40 each; taxable the rest.
    expect(rupeeCells(oldOrder.orderNo)).toEqual(['80', '96066.40', '113359.20']);
    expect(rupeeCells(oldNote.creditNoteNo)).toEqual(['80', '-96066.4', '-113359.2']);
    // A rate staff entered never replaces one the payment recorded.
    expect(rupeeCells(exportOrder.orderNo)).toEqual(['83.5', '118318.67', '118318.67']);

    const usdTotals = rows.find((cells) => cells[0]!.startsWith('Total (') && cells[7] === 'USD')!;
    expect(usdTotals[0]).toBe('Total (2 invoices, 2 credit notes)');
    // The USD documents net to nothing: sold and refunded, in dollars and in rupees.
    expect(usdTotals.slice(column('Taxable value (INR)'))).toEqual(['0.00', '0.00']);
    expect(rows.find((cells) => cells[0]!.startsWith('Total (') && cells[7] === 'INR')![0]).toBe(
      'Total (1 invoices)',
    );
    const last = rows.at(-1)!;
    expect(last[0]).toBe('Total in INR (3 invoices, 2 credit notes)');
    expect(last[column('Currency')]).toBe('INR');
    // The rupee order (Rs 11,999.00: CGST = SGST = Rs 915.18) and USD documents netting to nothing.
    expect(last.slice(column('Taxable value'), column('Total') + 1)).toEqual([
      '10168.64',
      '0.00',
      '915.18',
      '915.18',
      '11999.00',
    ]);

    // A USD invoice of the 15th not refunded: $10.00 at 80 = Rs 800.00, CGST = SGST = Rs 60.80.
    await saveOrder(anotherOrder);
    const more = rowsOf(await salesRegisterCsv(SEPTEMBER, now));
    expect(more.find((cells) => cells[0] === anotherOrder.orderNo)!.slice(-3)).toEqual([
      '80',
      '678.40',
      '800.00',
    ]);
    expect(more.at(-1)!.slice(column('Taxable value'), column('Total') + 1)).toEqual([
      '10847.04',
      '0.00',
      '975.98',
      '975.98',
      '12799.00',
    ]);
  });

  it('GSTR-1 values it at the entered rate too: in the summary and every table, nothing missing', async () => {
    const summary = await gstr1SummaryOf('2026-09', now);
    expect(summary).toEqual({
      month: '2026-09',
      invoices: 4,
      creditNotes: 2,
      taxable: 10847.04,
      cgst: 975.98,
      sgst: 975.98,
      igst: 0,
      exports: 0,
      net: 12799,
      missingRates: [],
    });
    const b2cs = rowsOf(await gstr1CsvOf('b2cs', '2026-09', now));
    // Maharashtra, 18%: the rupee order, the old order less its note, and the $10.00 one at 80.
    expect(b2cs.slice(1)).toEqual([['OE', '27-Maharashtra', '', '18', '10847.04', '0', '']]);
    expect((await gstr1MonthOf('2026-09', now)).missingRates).toEqual([]);
  });

  it("reads again a USD order's row that the console's sheet kept from before rows had rupee values", async () => {
    // The sheet as an older version wrote it: the export's row without `inr` nor `version`.
    const key = sheetKey('orders', new Date(exportOrder.placedAt));
    const sheets = openStore('console');
    await salesRegisterCsv(SEPTEMBER, now);
    await sheets.update(key, OldSheetSchema, (sheet) => {
      const rows = { ...sheet!.rows };
      const row = { ...rows[exportOrder.orderNo]!.row };
      delete row['inr'];
      rows[exportOrder.orderNo] = { row, batchIds: [null] };
      return { rows };
    });
    const rows = rowsOf(await salesRegisterCsv(SEPTEMBER, now));
    expect(rows.find((cells) => cells[0] === exportOrder.orderNo)!.slice(-3)).toEqual([
      '83.5',
      '118318.67',
      '118318.67',
    ]);
    // And the sheet holds the row as it is written now.
    const sheet = await sheets.get(key, OldSheetSchema);
    expect(sheet!.rows[exportOrder.orderNo]).toMatchObject({ version: 2, row: { inr: { rate: 83.5 } } });
  });
});

/** A sheet of the orders list, its rows unchecked. */
const OldSheetSchema = z.object({
  rows: z.record(
    z.string(),
    z.looseObject({ row: z.record(z.string(), z.unknown()), batchIds: z.array(z.null()) }),
  ),
});
