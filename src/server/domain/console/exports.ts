/**
 * The console's CSV exports (issue 19; API.md): leads, and the GST sales register the accountant
 * files GSTR-1 from: one row per invoice and credit note, totals rows at the end (the last in
 * rupees), amounts with two decimals,
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
import { rateDayOf, rateOf, rupeeValuesOf, type RupeeValue } from '~/server/domain/console/exchange-rates';
import { ValidationError } from '~/server/domain/errors';
import { issuedInvoiceOf, lineAmountOf } from '~/server/domain/shop/invoice';
import { getOrder } from '~/server/storage/orders';

/**
 * Rows an export holds at the most. A range with more is refused (HTTP 400) with a sentence asking
 * for a narrower one, never cut: a sales register missing invoices would be filed as complete.
 */
const EXPORT_MAX_ROWS = 20_000;

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

/**
 * An amount in dollars or rupees, from its minor units: text with two decimals (`1234.50`), or a
 * number when below zero (a credit note), since a text cell starting with `-` would be
 * neutralised as a formula and the spreadsheet could not sum it.
 */
function amountCell(minor: number): string | number {
  return minor < 0 ? usdFromCents(minor) : usdFromCents(minor).toFixed(2);
}

/** A credit note as a row of the register: its own number and date, its amounts given back. */
function creditNoteRowOf(note: CreditNote): OrderRow & { readonly creditNote: CreditNote } {
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
    ...(note.inr ? { inr: note.inr } : {}),
    creditNote: note,
  };
}

/** A tax of some figures by label (IGST, CGST, SGST), in minor units; 0 when it does not apply. */
function taxMinor(totals: Pick<OrderRow['totals'], 'taxes'>, label: string): number {
  return sumCents(totals.taxes.filter((tax) => tax.label === label).map((tax) => centsFromUsd(tax.amount)));
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
  'Exchange rate (INR)',
  'Taxable value (INR)',
  'Total (INR)',
] as const;

/** The figures of a row or a total, in minor units. */
interface Figures {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  total: number;
}
const FIGURES = ['taxable', 'igst', 'cgst', 'sgst', 'total'] as const;
const noFigures = (): Figures => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0, total: 0 });

/** Figures given in major units, as minor units signed by `sign` (-1: a credit note). */
function figuresOf(totals: OrderRow['totals'], sign: 1 | -1): Figures {
  return {
    taxable: sign * centsFromUsd(totals.taxable),
    igst: sign * taxMinor(totals, 'IGST'),
    cgst: sign * taxMinor(totals, 'CGST'),
    sgst: sign * taxMinor(totals, 'SGST'),
    total: sign * centsFromUsd(totals.total),
  };
}

function addTo(sum: Figures, figures: Figures): void {
  for (const key of FIGURES) sum[key] += figures[key];
}

const documentsLabel = (invoices: number, notes: number) =>
  notes === 0 ? `${invoices} invoices` : `${invoices} invoices, ${notes} credit notes`;

/**
 * The GST sales register of a date range (days in India), oldest document first: one row per
 * invoice and per credit note (negative), in the currency paid; a USD document also in rupees
 * (its rate, taxable value and total: the rate its payment recorded, else its invoice's, else
 * the one staff entered for the invoice's day: `exchange-rates.ts`, DECISIONS 47). Then the
 * totals: one row per currency, in that currency (a USD row also in rupees), and last the
 * register in rupees, which the accountant files: rupee documents at their figures plus every
 * other document at its rupee value, tax heads included. When a USD document has no rate at all,
 * its rupee cells and those of the totals that would need it stay empty and the last row names
 * it, rather than give a wrong sum.
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
  const documents: (OrderRow & { readonly creditNote?: CreditNote })[] =
    notes.length === 0 ? rows : [...rows, ...notes].sort((a, b) => a.orderDate.localeCompare(b.orderDate));
  const rupees = await rupeeValuesOfRows(documents);

  // One totals row per currency (DECISIONS 46): rupees and dollars are never added together.
  // The documents counted, their figures in their currency and in rupees, those with no rate.
  type Sums = { invoices: number; notes: number; figures: Figures; inr: Figures; missing: string[] };
  const noSums = (): Sums => ({ invoices: 0, notes: 0, figures: noFigures(), inr: noFigures(), missing: [] });
  const sums = new Map<string, Sums>();
  const all = noSums();
  const lines = documents.map((row, index) => {
    const place = placeOfSupplyOf(row.billing);
    const sign = row.creditNote ? -1 : 1;
    const figures = figuresOf(row.totals, sign);
    const inr = row.currency === 'INR' ? undefined : rupees[index];
    const inrFigures = row.currency === 'INR' ? figures : inr && figuresOf(inr, sign);
    if (!sums.has(row.currency)) sums.set(row.currency, noSums());
    for (const sum of [sums.get(row.currency)!, all]) {
      if (sign < 0) sum.notes += 1;
      else sum.invoices += 1;
      addTo(sum.figures, figures);
      if (inrFigures) addTo(sum.inr, inrFigures);
      else sum.missing.push(row.orderNo);
    }
    return [
      row.orderNo,
      indianDay(new Date(row.orderDate)),
      row.billing?.name ?? row.buyer.name,
      row.billing?.gstin ?? '',
      place.code,
      place.name,
      place.isExport ? 'Y' : 'N',
      row.currency,
      ...FIGURES.map((key) => amountCell(figures[key])),
      row.payment?.reference ?? '',
      inr ? inr.rate : '',
      inrFigures && inr ? amountCell(inrFigures.taxable) : '',
      inrFigures && inr ? amountCell(inrFigures.total) : '',
    ];
  });
  const totals = [...sums].map(([currency, sum]) => {
    const inInr = currency !== 'INR' && sum.missing.length === 0;
    return [
      `Total (${documentsLabel(sum.invoices, sum.notes)})`,
      ...Array<string>(6).fill(''),
      currency,
      ...FIGURES.map((key) => amountCell(sum.figures[key])),
      '',
      '',
      inInr ? amountCell(sum.inr.taxable) : '',
      inInr ? amountCell(sum.inr.total) : '',
    ];
  });
  const known = all.missing.length === 0;
  const inInr = [
    known
      ? `Total in INR (${documentsLabel(all.invoices, all.notes)})`
      : `Total in INR not known: no exchange rate for ${all.missing.join(', ')}. ` +
        "Enter the day's rate under GST returns in the console.",
    ...Array<string>(6).fill(''),
    'INR',
    ...FIGURES.map((key) => (known ? amountCell(all.inr[key]) : '')),
    '',
    '',
    '',
    '',
  ];
  return toCsv(SALES_REGISTER_HEADER, [...lines, ...totals, inInr]);
}

/**
 * The rupee value of each USD row (see `salesRegisterCsv`); a credit note without one of its own
 * reads its invoice, for the invoice's rate.
 */
async function rupeeValuesOfRows(
  documents: readonly (OrderRow & { readonly creditNote?: CreditNote })[],
): Promise<(RupeeValue | undefined)[]> {
  const invoiceRates = await Promise.all(
    documents.map(async (row) => {
      if (!row.creditNote || row.currency === 'INR' || row.inr) return undefined;
      const order = await getOrder(row.creditNote.originalInvoice.orderNo);
      const invoice = order && issuedInvoiceOf(order);
      return invoice?.inr && invoice.currency === row.currency ? rateOf(invoice.inr) : undefined;
    }),
  );
  return rupeeValuesOf(
    documents.map((row, index) => ({
      document: row,
      day: rateDayOf(row.creditNote ? row.creditNote.originalInvoice.orderDate : row.orderDate),
      invoiceRate: invoiceRates[index],
    })),
  );
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

/**
 * Every lead received in a date range (days in India), oldest first. An erased lead (DECISIONS
 * 63) keeps its row with nothing it said: its status is 'erased' and its note says by whom, when
 * and why.
 */
export async function leadsCsv(
  range: { from?: string | undefined; to?: string | undefined },
  now: Date,
  maxRows = EXPORT_MAX_ROWS,
): Promise<string> {
  const leads = await allLeadsIn(range, now, maxRows);
  if (leads === undefined) throw tooManyRows('leads', maxRows);
  const rows = leads.map((lead) => [
    indianDayAndTime(new Date(lead.receivedAt)),
    lead.erased ? '' : lead.name,
    lead.erased ? '' : lead.phone,
    lead.erased ? '' : lead.email,
    lead.erased ? '' : lead.message,
    lead.erased ? 'erased' : lead.status,
    lead.handledBy ?? '',
    lead.handledAt ? indianDayAndTime(new Date(lead.handledAt)) : '',
    lead.erased
      ? `Erased on ${indianDayAndTime(new Date(lead.erased.at))} by ${lead.erased.by}: ${lead.erased.reason}`
      : (lead.note ?? ''),
    lead.mail.company.status,
    lead.mail.visitor.status,
  ]);
  return toCsv(LEADS_HEADER, rows);
}
