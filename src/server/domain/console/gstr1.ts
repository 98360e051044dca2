/**
 * GSTR-1 from the month's invoices and credit notes (issue 29; DECISIONS 49-52; docs/gst.md): pure
 * functions that sort each document into its GSTR-1 table and write the GST offline tool's CSV
 * template of that table (its column headings, dates as `05-May-2026`, place of supply as
 * `27-Maharashtra`, values in rupees, no totals row), and the month's summary
 * the console shows. Every figure is summed in paise, so each table agrees with the summary to
 * the paisa (tested). Which template headings, and where they come from: docs/gst.md.
 *
 * The tables, for a company that sells courses (one SAC, one rate):
 * - B2B (4A): invoices to a buyer with a GSTIN;
 * - B2CL (5): invoices to a buyer without one, inter-state, of a value above Rs 1,00,000;
 * - B2CS (7): every other invoice to a buyer without one, summed by place of supply and rate,
 *   less the credit notes of such invoices (which GSTR-1 nets here, not in CDNUR);
 * - EXP (6A): exports under the LUT (`WOPAY`, no tax);
 * - CDNR (9B): credit notes to a buyer with a GSTIN; CDNUR (9B): to one without, of a B2CL or an
 *   export invoice;
 * - HSN (12): by SAC and rate, in a B2B part and a B2C part (exports in the B2C part), net of
 *   credit notes;
 * - documents issued (13): the invoice and credit-note series of the month.
 */
import type { Gstr1Summary, MissingRate } from '~/lib/shared/schemas/console';
import { gstReturnDate } from '~/lib/shared/dates';
import { sumCents, type Cents } from '~/lib/shared/money';
import type { Invoice } from '~/lib/shared/schemas/shop';
import { toCsv } from '~/server/domain/console/exports';
import { site } from '~/site.config';

/**
 * A B2C inter-state invoice above this value (paise) goes to B2CL: CGST Rule 59(4)(a)(ii) as amended
 * by Notification 12/2024-CT from 1 Aug 2024 (Rs 1,00,000; it was Rs 2,50,000). Why one limit: docs/gst.md.
 */
export const B2CL_ABOVE_PAISE = 1_00_000_00;

/** The place-of-supply names of the offline tool's list (`27-Maharashtra`), by GST state code. */
const POS_NAMES: Readonly<Record<string, string>> = {
  '01': 'Jammu & Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra & Nagar Haveli & Daman & Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshdweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Pondicherry',
  '35': 'Andaman & Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

/** `27` -> `27-Maharashtra`, as the offline tool lists places of supply. */
function placeOfSupplyCell(stateCode: string): string {
  return `${stateCode}-${POS_NAMES[stateCode] ?? stateCode}`;
}

/** An invoice or credit note as GSTR-1 reads it: amounts in paise. */
export interface Gstr1Document {
  /** Invoice or credit-note number. */
  readonly number: string;
  /** When it was issued (ISO 8601). */
  readonly issuedAt: string;
  readonly buyer: { readonly name: string; readonly gstin?: string | undefined };
  /** The GST state code of the place of supply; undefined for an export. */
  readonly placeOfSupply: string | undefined;
  /** The GST rate, percent (18; 0 for an export under the LUT). */
  readonly ratePct: number;
  readonly taxable: Cents;
  readonly igst: Cents;
  readonly cgst: Cents;
  readonly sgst: Cents;
  /** Taxable value plus tax. */
  readonly total: Cents;
}

/** A credit note as GSTR-1 reads it: the document and the invoice it reverses. */
export interface Gstr1CreditNote extends Gstr1Document {
  /** The original invoice's total in paise: B2CL or B2CS is decided by it. */
  readonly originalInvoiceTotal: Cents;
}

/** The month's documents. */
export interface Gstr1Month {
  /** `2026-05`. */
  readonly month: string;
  readonly invoices: readonly Gstr1Document[];
  readonly creditNotes: readonly Gstr1CreditNote[];
  /**
   * The month's USD documents that have no rupee value (no rate recorded nor entered, DECISIONS
   * 47): counted in the documents table, which needs no value, and named by the summary; every
   * other table is refused while there are any (`MissingRupeeValue`), so none is filed short.
   */
  readonly missingRates?: readonly MissingRate[];
}

/** An invoice in a currency other than rupees with no rupee value recorded (CGST Rule 34). */
export class MissingRupeeValue extends Error {
  constructor(readonly numbers: readonly string[]) {
    super(`No rupee value recorded for ${numbers.join(', ')}`);
  }
}

const paise = (rupees: number) => Math.round(rupees * 100);

/**
 * An invoice as GSTR-1 reads it: its rupee figures (a USD invoice's `inr`, DECISIONS 47), its
 * place of supply as printed (`Karnataka (29)`, the seller's state for orders before billing
 * details), the rate from its tax heads. Throws `MissingRupeeValue` for a USD invoice without one.
 */
export function gstr1DocumentOf(invoice: Invoice): Gstr1Document {
  const figures =
    invoice.currency === 'INR'
      ? { taxable: invoice.totals.taxable, taxes: invoice.totals.taxes, total: invoice.totals.total }
      : invoice.inr;
  if (figures === undefined) throw new MissingRupeeValue([invoice.orderNo]);
  const tax = (label: string) =>
    sumCents(figures.taxes.filter((part) => part.label === label).map((part) => paise(part.amount)));
  const exported = invoice.exportNote !== undefined;
  const printed = invoice.placeOfSupply ?? invoice.seller.placeOfSupply;
  return {
    number: invoice.orderNo,
    issuedAt: invoice.orderDate,
    buyer: { name: invoice.billTo.name, gstin: invoice.billing?.gstin },
    placeOfSupply: exported ? undefined : (/\((\d{2})\)$/.exec(printed)?.[1] ?? site.tax.gst.stateCode),
    ratePct: invoice.totals.taxes.reduce((sum, part) => sum + part.ratePct, 0),
    taxable: paise(figures.taxable),
    igst: tax('IGST'),
    cgst: tax('CGST'),
    sgst: tax('SGST'),
    total: paise(figures.total),
  };
}

type Kind = 'b2b' | 'b2cl' | 'b2cs' | 'exp';

/** Which table an invoice (or the invoice a credit note reverses, by its value) belongs to. */
function kindOf(document: Gstr1Document, invoiceTotal: Cents): Kind {
  if (document.placeOfSupply === undefined) return 'exp';
  if (document.buyer.gstin) return 'b2b';
  const interState = document.placeOfSupply !== site.tax.gst.stateCode;
  return interState && invoiceTotal > B2CL_ABOVE_PAISE ? 'b2cl' : 'b2cs';
}

// A number, not text: a negative B2CS figure (credit notes above the month's sales) stays a
// number, where text beginning with '-' would be neutralised as a formula (API.md).
const money = (amount: Cents) => amount / 100;
const date = (iso: string) => gstReturnDate(new Date(iso));
const byNumber = <T extends Gstr1Document>(documents: readonly T[]) =>
  [...documents].sort((a, b) => a.number.localeCompare(b.number));

/** The tables of GSTR-1 this module writes (the `{table}` of the export's path). */
export const GSTR1_TABLES = [
  'b2b',
  'b2cl',
  'b2cs',
  'exp',
  'cdnr',
  'cdnur',
  'hsn-b2b',
  'hsn-b2c',
  'docs',
] as const;
export type Gstr1Table = (typeof GSTR1_TABLES)[number];

/** The HSN summary's headings, the same for its B2B and B2C parts. */
const HSN_HEADINGS = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Total Value',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
] as const;

/** The offline tool's column headings of each table (docs/gst.md names the sources). */
export const GSTR1_HEADINGS: Readonly<Record<Gstr1Table, readonly string[]>> = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  exp: [
    'Export Type',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Port Code',
    'Shipping Bill Number',
    'Shipping Bill Date',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  'hsn-b2b': HSN_HEADINGS,
  'hsn-b2c': HSN_HEADINGS,
  docs: ['Nature  of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
};

type Row = (string | number)[];

/** The rows of a table (no heading, no totals), in the order the CSV writes them. */
function gstr1Rows(table: Gstr1Table, month: Gstr1Month): Row[] {
  const invoices = byNumber(month.invoices);
  const notes = byNumber(month.creditNotes);
  const invoicesOf = (kind: Kind) => invoices.filter((invoice) => kindOf(invoice, invoice.total) === kind);
  const notesOf = (...kinds: Kind[]) =>
    notes.filter((note) => kinds.includes(kindOf(note, note.originalInvoiceTotal)));
  switch (table) {
    case 'b2b':
      return invoicesOf('b2b').map((invoice) => [
        invoice.buyer.gstin!,
        invoice.buyer.name,
        invoice.number,
        date(invoice.issuedAt),
        money(invoice.total),
        placeOfSupplyCell(invoice.placeOfSupply!),
        'N',
        '',
        'Regular B2B',
        '',
        invoice.ratePct,
        money(invoice.taxable),
        money(0),
      ]);
    case 'b2cl':
      return invoicesOf('b2cl').map((invoice) => [
        invoice.number,
        date(invoice.issuedAt),
        money(invoice.total),
        placeOfSupplyCell(invoice.placeOfSupply!),
        '',
        invoice.ratePct,
        money(invoice.taxable),
        money(0),
        '',
      ]);
    case 'b2cs':
      return b2csRows(invoicesOf('b2cs'), notesOf('b2cs'));
    case 'exp':
      return invoicesOf('exp').map((invoice) => [
        'WOPAY',
        invoice.number,
        date(invoice.issuedAt),
        money(invoice.total),
        '',
        '',
        '',
        '',
        invoice.ratePct,
        money(invoice.taxable),
        money(0),
      ]);
    case 'cdnr':
      return notesOf('b2b').map((note) => [
        note.buyer.gstin!,
        note.buyer.name,
        note.number,
        date(note.issuedAt),
        'C',
        placeOfSupplyCell(note.placeOfSupply!),
        'N',
        'Regular B2B',
        money(note.total),
        '',
        note.ratePct,
        money(note.taxable),
        money(0),
      ]);
    case 'cdnur':
      return notesOf('b2cl', 'exp').map((note) => {
        const exported = note.placeOfSupply === undefined;
        return [
          exported ? 'EXPWOP' : 'B2CL',
          note.number,
          date(note.issuedAt),
          'C',
          exported ? '' : placeOfSupplyCell(note.placeOfSupply!),
          money(note.total),
          '',
          note.ratePct,
          money(note.taxable),
          money(0),
        ];
      });
    case 'hsn-b2b':
      return hsnRows(invoicesOf('b2b'), notesOf('b2b'));
    case 'hsn-b2c':
      return hsnRows(
        invoices.filter((invoice) => kindOf(invoice, invoice.total) !== 'b2b'),
        notes.filter((note) => kindOf(note, note.originalInvoiceTotal) !== 'b2b'),
      );
    case 'docs':
      return docsRows(
        [...invoices.map((invoice) => invoice.number), ...missingOf(month, 'invoice')],
        [...notes.map((note) => note.number), ...missingOf(month, 'credit note')],
      );
  }
}

/** B2CS: invoices less credit notes, summed by place of supply and rate. */
function b2csRows(invoices: readonly Gstr1Document[], notes: readonly Gstr1Document[]): Row[] {
  const sums = new Map<string, { pos: string; rate: number; taxable: Cents }>();
  const add = (document: Gstr1Document, sign: 1 | -1) => {
    const key = `${document.placeOfSupply}|${document.ratePct}`;
    const sum = sums.get(key) ?? { pos: document.placeOfSupply!, rate: document.ratePct, taxable: 0 };
    sum.taxable += sign * document.taxable;
    sums.set(key, sum);
  };
  for (const invoice of invoices) add(invoice, 1);
  for (const note of notes) add(note, -1);
  return [...sums.values()]
    .sort((a, b) => a.pos.localeCompare(b.pos) || a.rate - b.rate)
    .map((sum) => ['OE', placeOfSupplyCell(sum.pos), '', sum.rate, money(sum.taxable), money(0), '']);
}

/** HSN summary: one row per rate of the company's one SAC (a service: UQC NA), invoices less credit notes. */
function hsnRows(invoices: readonly Gstr1Document[], notes: readonly Gstr1Document[]): Row[] {
  type Sum = { total: Cents; taxable: Cents; igst: Cents; cgst: Cents; sgst: Cents };
  const sums = new Map<number, Sum>();
  const add = (document: Gstr1Document, sign: 1 | -1) => {
    const sum = sums.get(document.ratePct) ?? { total: 0, taxable: 0, igst: 0, cgst: 0, sgst: 0 };
    for (const key of ['total', 'taxable', 'igst', 'cgst', 'sgst'] as const) sum[key] += sign * document[key];
    sums.set(document.ratePct, sum);
  };
  for (const invoice of invoices) add(invoice, 1);
  for (const note of notes) add(note, -1);
  return [...sums.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, sum]) => [
      site.tax.sac,
      site.tax.sacDescription,
      // A service: no unit of quantity.
      'NA',
      0,
      money(sum.total),
      rate,
      money(sum.taxable),
      money(sum.igst),
      money(sum.cgst),
      money(sum.sgst),
      money(0),
    ]);
}

/** The numbers of the month's documents of `kind` that have no rupee value. */
const missingOf = (month: Gstr1Month, kind: MissingRate['kind']) =>
  (month.missingRates ?? []).filter((document) => document.kind === kind).map((document) => document.number);

/**
 * Documents issued: the first and last number and the count of each series in the month, those
 * without a rupee value included (the table holds no value).
 */
function docsRows(invoices: readonly string[], notes: readonly string[]): Row[] {
  const rows: Row[] = [];
  for (const [nature, numbers] of [
    ['Invoices for outward supply', invoices],
    ['Credit Note', notes],
  ] as const) {
    if (numbers.length === 0) continue;
    const sorted = [...numbers].sort((a, b) => a.localeCompare(b));
    rows.push([nature, sorted[0]!, sorted.at(-1)!, sorted.length, 0]);
  }
  return rows;
}

/**
 * A table as the offline tool's CSV template: headings, rows, no totals row (API.md). Throws
 * `MissingRupeeValue` for any table but the documents issued while a USD document of the month
 * has no rupee value: the table would be short of it.
 */
export function gstr1Csv(table: Gstr1Table, month: Gstr1Month): string {
  const missing = month.missingRates ?? [];
  if (table !== 'docs' && missing.length > 0)
    throw new MissingRupeeValue(missing.map((document) => document.number));
  return toCsv(GSTR1_HEADINGS[table], gstr1Rows(table, month));
}

/** The month's totals the console shows (API.md): the schema the console reads them with. */
export type { Gstr1Summary };

/**
 * The summary of a month: every figure summed in paise, then shown in rupees; the documents with
 * no rupee value are not in the figures and are named in `missingRates`.
 */
export function gstr1Summary(month: Gstr1Month): Gstr1Summary {
  const net = (pick: (document: Gstr1Document) => Cents) =>
    sumCents(month.invoices.map(pick)) - sumCents(month.creditNotes.map(pick));
  const exportsOf = (document: Gstr1Document) =>
    document.placeOfSupply === undefined ? document.taxable : 0;
  const rupees = (amount: Cents) => amount / 100;
  return {
    month: month.month,
    invoices: month.invoices.length,
    taxable: rupees(net((document) => document.taxable)),
    cgst: rupees(net((document) => document.cgst)),
    sgst: rupees(net((document) => document.sgst)),
    igst: rupees(net((document) => document.igst)),
    exports: rupees(net(exportsOf)),
    creditNotes: month.creditNotes.length,
    net: rupees(net((document) => document.total)),
    missingRates: [...(month.missingRates ?? [])],
  };
}
