/**
 * The console's CSV exports (issue 19; API.md): leads, and the GST sales register the accountant
 * files GSTR-1 from: one row per invoice, a totals row at the end, amounts with two decimals,
 * dates as days in India, UTF-8 with a byte-order mark so spreadsheets read names like "Rané",
 * and cells that look like formulas neutralised. Quoting is csv-stringify's, not ours.
 */
import { stringify } from 'csv-stringify/sync';
import { indianDay, indianDayAndTime } from '~/lib/shared/dates';
import { centsFromUsd, sumCents, usdFromCents } from '~/lib/shared/money';
import type { OrderRow } from '~/lib/shared/schemas/console';
import type { CreditNote } from '~/lib/shared/schemas/payments';
import { creditNotesIn } from '~/server/domain/payments/refunds';
import { allLeadsIn } from '~/server/domain/console/leads';
import { allOrdersIn, placeOfSupplyOf } from '~/server/domain/console/orders';
import { ValidationError } from '~/server/domain/errors';
import { lineAmountOf } from '~/server/domain/shop/invoice';

/**
 * Rows an export holds at the most. A range with more is refused (HTTP 400) with a sentence asking
 * for a narrower one, never cut: a sales register missing invoices would be filed as complete.
 */
export const EXPORT_MAX_ROWS = 20_000;

function tooManyRows(what: string, maxRows: number): ValidationError {
  return new ValidationError([
    `These dates hold more than ${maxRows.toLocaleString('en-IN')} ${what}, more than one file takes. ` +
      'Choose a narrower range (from and to) and export it in parts.',
  ]);
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first,
 * or their fullwidth forms `＝ ＋ － ＠`, which some spreadsheets fold into them) gets a leading
 * `'`, which shows it as text (API.md).
 */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r＝＋－＠]/.test(cell) ? `'${cell}` : cell;
}

/** Turns rows into CSV text: header, rows, CRLF line ends, every text cell neutralised, a BOM. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = rows.map((row) => row.map((cell) => (typeof cell === 'string' ? neutralise(cell) : cell)));
  return stringify([[...header], ...cells], { bom: true, record_delimiter: 'windows' });
}

/** An amount in dollars or rupees with two decimals: `1234.5` -> `1234.50`. */
const money = (usd: number) => usd.toFixed(2);
const moneyOf = money;
/**
 * A credit note's amount: a negative number cell (a text cell starting with `-` would be
 * neutralised as a formula), so the spreadsheet sums it.
 */
const negativeMoney = (usd: number) => usd;

/** A credit note as a row of the register: its own number and date, its amounts given back. */
function creditNoteRowOf(note: CreditNote): OrderRow & { readonly creditNote: true } {
  return {
    orderNo: note.creditNoteNo,
    orderDate: note.creditNoteDate,
    buyer: note.billTo,
    billing: note.billing ?? null,
    placeOfSupply: note.placeOfSupply ?? '',
    lines: note.lines.map((line) => ({
      courseId: line.courseId,
      name: line.name,
      price: lineAmountOf(line),
    })),
    totals: note.totals,
    currency: note.currency,
    payment: note.payment ?? null,
    creditNote: true,
  };
}

/** A tax of an order's totals by label (IGST, CGST, SGST), in cents; 0 when it does not apply. */
function taxCents(row: OrderRow, label: string): number {
  return sumCents(
    row.totals.taxes.filter((tax) => tax.label === label).map((tax) => centsFromUsd(tax.amount)),
  );
}

export const SALES_REGISTER_HEADER = [
  'Invoice number',
  'Invoice date',
  'Buyer name',
  'Buyer GSTIN',
  'Place of supply code',
  'Place of supply',
  'Export (Y/N)',
  'Currency',
  'Taxable value',
  'IGST',
  'CGST',
  'SGST',
  'Total',
  'Payment reference',
] as const;

/**
 * The GST sales register of a date range (days in India), oldest invoice first, with a totals row
 * per currency paid (amounts in the invoice's currency).
 */
export async function salesRegisterCsv(
  range: { from?: string | undefined; to?: string | undefined },
  now: Date,
  maxRows = EXPORT_MAX_ROWS,
): Promise<string> {
  const rows = (await allOrdersIn(range, now)).reverse();
  // Credit notes (issue 28) are rows of their own, negative, in date order among the invoices.
  const notes = (await creditNotesIn(range, now)).reverse().map(creditNoteRowOf);
  if (rows.length + notes.length > maxRows)
    throw tooManyRows(notes.length === 0 ? 'invoices' : 'invoices and credit notes', maxRows);
  const documents =
    notes.length === 0 ? rows : [...rows, ...notes].sort((a, b) => a.orderDate.localeCompare(b.orderDate));
  // One totals row per currency (DECISIONS 46): rupees and dollars are never added together.
  type Sums = {
    invoices: number;
    notes: number;
    taxable: number;
    igst: number;
    cgst: number;
    sgst: number;
    total: number;
  };
  const none = (): Sums => ({ invoices: 0, notes: 0, taxable: 0, igst: 0, cgst: 0, sgst: 0, total: 0 });
  const sums = new Map<string, Sums>();
  const lines = documents.map((row) => {
    const place = placeOfSupplyOf(row.billing);
    const sign = 'creditNote' in row ? -1 : 1;
    const cents = {
      taxable: sign * centsFromUsd(row.totals.taxable),
      igst: sign * taxCents(row, 'IGST'),
      cgst: sign * taxCents(row, 'CGST'),
      sgst: sign * taxCents(row, 'SGST'),
      total: sign * centsFromUsd(row.totals.total),
    };
    const sum = sums.get(row.currency) ?? none();
    if (sign < 0) sum.notes += 1;
    else sum.invoices += 1;
    for (const key of Object.keys(cents) as (keyof typeof cents)[]) sum[key] += cents[key];
    sums.set(row.currency, sum);
    const money = sign < 0 ? negativeMoney : moneyOf;
    return [
      row.orderNo,
      indianDay(new Date(row.orderDate)),
      row.billing?.name ?? row.buyer.name,
      row.billing?.gstin ?? '',
      place.code,
      place.name,
      place.isExport ? 'Y' : 'N',
      row.currency,
      money(usdFromCents(cents.taxable)),
      money(usdFromCents(cents.igst)),
      money(usdFromCents(cents.cgst)),
      money(usdFromCents(cents.sgst)),
      money(usdFromCents(cents.total)),
      row.payment?.reference ?? '',
    ];
  });
  const totals = [...(sums.size === 0 ? new Map([['USD', none()]]) : sums)].map(([currency, sum]) => [
    sum.notes === 0
      ? `Total (${sum.invoices} invoices)`
      : `Total (${sum.invoices} invoices, ${sum.notes} credit notes)`,
    '',
    '',
    '',
    '',
    '',
    '',
    currency,
    money(usdFromCents(sum.taxable)),
    money(usdFromCents(sum.igst)),
    money(usdFromCents(sum.cgst)),
    money(usdFromCents(sum.sgst)),
    money(usdFromCents(sum.total)),
    '',
  ]);
  return toCsv(SALES_REGISTER_HEADER, [...lines, ...totals]);
}

export const LEADS_HEADER = [
  'Received (India)',
  'Name',
  'Phone',
  'E-mail',
  'Message',
  'Status',
  'Handled by',
  'Handled at (India)',
  'Note',
  'Mail to us',
  'Mail to them',
] as const;

/** Every lead received in a date range (days in India), oldest first. */
export async function leadsCsv(
  range: { from?: string | undefined; to?: string | undefined },
  now: Date,
  maxRows = EXPORT_MAX_ROWS,
): Promise<string> {
  const leads = await allLeadsIn(range, now, maxRows);
  if (leads === undefined) throw tooManyRows('leads', maxRows);
  const rows = leads.map((lead) => [
    indianDayAndTime(new Date(lead.receivedAt)),
    lead.name,
    lead.phone,
    lead.email,
    lead.message,
    lead.status,
    lead.handledBy ?? '',
    lead.handledAt ? indianDayAndTime(new Date(lead.handledAt)) : '',
    lead.note ?? '',
    lead.mail.company.status,
    lead.mail.visitor.status,
  ]);
  return toCsv(LEADS_HEADER, rows);
}
