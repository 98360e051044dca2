/**
 * GSTR-1 from a month of invoices and credit notes (issue 29): each table in the offline tool's
 * template, and every table's totals agreeing with the month's summary to the paisa, computed
 * from the same orders through the invoice the buyer prints.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import type { Invoice } from '~/lib/shared/schemas/shop';
import {
  B2CL_ABOVE_PAISE,
  GSTR1_HEADINGS,
  GSTR1_TABLES,
  gstr1Csv,
  gstr1DocumentOf,
  gstr1Summary,
  MissingRupeeValue,
  type Gstr1CreditNote,
  type Gstr1Document,
  type Gstr1Month,
  type Gstr1Table,
} from '~/server/domain/console/gstr1';
import { toInvoice } from '~/server/domain/shop/invoice';
import type { Order } from '~/server/storage/orders';

const ADDRESS = { line: '12 MG Road', city: 'Bengaluru', postalCode: '560038' };

/** An order of courses (by catalogue index) as the checkout places it, in the currency paid. */
function order(
  orderNo: string,
  placedAt: string,
  indexes: readonly number[],
  billing: NonNullable<Order['billing']>,
): Order {
  const inr = billing.country === 'IN';
  return {
    orderNo,
    userId: 'u1',
    placedAt,
    currency: inr ? 'INR' : 'USD',
    billTo: { name: billing.name, email: 'buyer@example.com' },
    billing,
    lines: indexes.map((index) => {
      const course = courses[index]!;
      return {
        courseId: course.id,
        name: course.name,
        url: course.url,
        review: course.review,
        courseOverview: course.courseOverview,
        listPriceCents: inr ? course.feesPaise : course.feesCents,
        priceCents: inr ? course.discountedFeesPaise : course.discountedFeesCents,
      };
    }),
  };
}

/** A USD invoice with its rupee value at a stated test rate (DECISIONS 47). */
function withRupees(invoice: Invoice, rate: number): Invoice {
  const inr = (usd: number) => Math.round(usd * rate * 100) / 100;
  return {
    ...invoice,
    inr: {
      rate,
      taxable: inr(invoice.totals.taxable),
      taxes: invoice.totals.taxes.map((tax) => ({ ...tax, amount: inr(tax.amount) })),
      total: inr(invoice.totals.total),
      source: 'test rate',
    },
  };
}

const MAY = '2026-05';
const pune = { name: 'Asha Kulkarni', country: 'IN', state: '27' };
const chandigarh = { name: 'Ravi Sharma', country: 'IN', state: '04' };
const acme = { name: 'Acme Pvt Ltd', country: 'IN', state: '29', gstin: '29AAPFU0939F1ZV', address: ADDRESS };
const puneCompany = {
  name: 'Deccan Labs LLP',
  country: 'IN',
  state: '27',
  gstin: '27AAPFU0939F1ZV',
  address: ADDRESS,
};
const usBuyer = {
  name: 'Jane Doe',
  country: 'US',
  address: { line: '500 Howard St', city: 'San Francisco', postalCode: '94105' },
};

const invoices: Invoice[] = [
  toInvoice(order('SIS-2627-000011', '2026-05-01T04:00:00.000Z', [0, 1], acme)),
  toInvoice(order('SIS-2627-000012', '2026-05-02T18:45:00.000Z', [2], pune)),
  toInvoice(order('SIS-2627-000013', '2026-05-03T06:00:00.000Z', [3], chandigarh)),
  // Every course, inter-state, unregistered: above Rs 1,00,000, so B2CL.
  toInvoice(order('SIS-2627-000014', '2026-05-04T06:00:00.000Z', [0, 1, 2, 3, 4, 5, 6, 7, 8], chandigarh)),
  withRupees(toInvoice(order('SIS-2627-000015', '2026-05-05T06:00:00.000Z', [4, 5], usBuyer)), 84.37),
  toInvoice(order('SIS-2627-000016', '2026-05-06T06:00:00.000Z', [6], puneCompany)),
  toInvoice(order('SIS-2627-000017', '2026-05-31T17:00:00.000Z', [7], pune)),
];

/** A credit note reversing `indexes` of invoice `of` (the refund of issue 28 issues such notes). */
function creditNote(number: string, issuedAt: string, of: Invoice, refunded: Invoice): Gstr1CreditNote {
  return {
    ...gstr1DocumentOf(refunded),
    number,
    issuedAt,
    originalInvoiceTotal: gstr1DocumentOf(of).total,
  };
}

/** The invoice of the refunded part, as its credit note carries the figures reversed. */
const refundOf = (orderFor: () => Order, rate?: number) => {
  const refunded = toInvoice(orderFor());
  return rate === undefined ? refunded : withRupees(refunded, rate);
};

const creditNotes: Gstr1CreditNote[] = [
  // Course 1 of Acme's invoice: CDNR.
  creditNote(
    'SIS-CN-2627-000001',
    '2026-05-20T06:00:00.000Z',
    invoices[0]!,
    refundOf(() => order('x', '2026-05-20T06:00:00.000Z', [1], acme)),
  ),
  // The Pune student's course: netted in B2CS.
  creditNote(
    'SIS-CN-2627-000002',
    '2026-05-21T06:00:00.000Z',
    invoices[1]!,
    refundOf(() => order('x', '2026-05-21T06:00:00.000Z', [2], pune)),
  ),
  // One course of the B2CL invoice: CDNUR (B2CL).
  creditNote(
    'SIS-CN-2627-000003',
    '2026-05-22T06:00:00.000Z',
    invoices[3]!,
    refundOf(() => order('x', '2026-05-22T06:00:00.000Z', [8], chandigarh)),
  ),
  // One course of the export: CDNUR (EXPWOP).
  creditNote(
    'SIS-CN-2627-000004',
    '2026-05-23T06:00:00.000Z',
    invoices[4]!,
    refundOf(() => order('x', '2026-05-23T06:00:00.000Z', [5], usBuyer), 84.37),
  ),
];

const month: Gstr1Month = { month: MAY, invoices: invoices.map(gstr1DocumentOf), creditNotes };

/** A table's CSV as rows of cells (no cell here holds a comma or quote), heading first. */
function parsed(table: Gstr1Table, of: Gstr1Month = month): string[][] {
  return gstr1Csv(table, of)
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

/** The sum in paise of a column of a table, by heading. */
function columnPaise(table: Gstr1Table, heading: string, of: Gstr1Month = month): number {
  const [head, ...rows] = parsed(table, of);
  const index = head!.indexOf(heading);
  expect(index, `${table} has ${heading}`).toBeGreaterThanOrEqual(0);
  return rows.reduce((sum, row) => sum + Math.round(Number(row[index]) * 100), 0);
}

const paise = (rupees: number) => Math.round(rupees * 100);

describe('GSTR-1 tables (issue 29)', () => {
  it("writes each table under the offline tool's headings, with no totals row", () => {
    for (const table of GSTR1_TABLES) {
      const [head, ...rows] = parsed(table);
      expect(head).toEqual(GSTR1_HEADINGS[table]);
      for (const row of rows) expect(row[0]).not.toMatch(/^total/i);
    }
    expect(parsed('b2b')[0]).toEqual([
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
    ]);
  });

  it('B2CL is an inter-state B2C invoice above Rs 1,00,000 (CGST Rule 59(4) from 1 Aug 2024; it was Rs 2,50,000): Rs 1,00,000 exactly is B2CS, Rs 1,00,001 is B2CL, intra-state stays B2CS', () => {
    /** An invoice of `totalPaise` to a buyer without a GSTIN in `state`, its tax at 18% as printed. */
    const sale = (number: string, state: string, totalPaise: number): Gstr1Document => {
      const taxable = Math.round(totalPaise / 1.18);
      const tax = totalPaise - taxable;
      const intra = state === '27';
      return {
        number,
        issuedAt: '2026-05-10T06:00:00.000Z',
        buyer: { name: 'Ravi Sharma' },
        placeOfSupply: state,
        ratePct: 18,
        taxable,
        igst: intra ? 0 : tax,
        cgst: intra ? tax / 2 : 0,
        sgst: intra ? tax / 2 : 0,
        total: totalPaise,
      };
    };
    expect(B2CL_ABOVE_PAISE).toBe(1_00_000_00);
    const boundary: Gstr1Month = {
      month: MAY,
      invoices: [
        sale('SIS-2627-000101', '04', 1_00_000_00),
        sale('SIS-2627-000102', '04', 1_00_001_00),
        sale('SIS-2627-000103', '27', 1_00_001_00),
      ],
      creditNotes: [],
    };
    expect(
      parsed('b2cl', boundary)
        .slice(1)
        .map((row) => [row[0], row[2]]),
    ).toEqual([['SIS-2627-000102', '100001']]);
    // B2CS sums by place of supply: Chandigarh holds only the invoice of Rs 1,00,000 exactly.
    const b2cs = parsed('b2cs', boundary).slice(1);
    expect(b2cs.map((row) => row[1])).toEqual(['04-Chandigarh', '27-Maharashtra']);
    expect(Math.round(Number(b2cs[0]![4]) * 100)).toBe(Math.round(1_00_000_00 / 1.18));
  });

  it('sorts each invoice into its table: B2B by GSTIN, B2CL above Rs 1,00,000 inter-state, EXP for exports', () => {
    const numbers = (table: Gstr1Table, column: number) =>
      parsed(table)
        .slice(1)
        .map((row) => row[column]);
    expect(numbers('b2b', 2)).toEqual(['SIS-2627-000011', 'SIS-2627-000016']);
    expect(numbers('b2cl', 0)).toEqual(['SIS-2627-000014']);
    expect(numbers('exp', 1)).toEqual(['SIS-2627-000015']);
    expect(numbers('cdnr', 2)).toEqual(['SIS-CN-2627-000001']);
    expect(
      parsed('cdnur')
        .slice(1)
        .map((row) => [row[0], row[1]]),
    ).toEqual([
      ['B2CL', 'SIS-CN-2627-000003'],
      ['EXPWOP', 'SIS-CN-2627-000004'],
    ]);
  });

  it('writes dates as dd-Mmm-yyyy in India, places of supply as 27-Maharashtra, values in rupees', () => {
    const [, first, second] = parsed('b2b');
    expect(first).toEqual([
      '29AAPFU0939F1ZV',
      'Acme Pvt Ltd',
      'SIS-2627-000011',
      '01-May-2026',
      String((courses[0]!.discountedFeesPaise + courses[1]!.discountedFeesPaise) / 100),
      '29-Karnataka',
      'N',
      '',
      'Regular B2B',
      '',
      '18',
      String(invoices[0]!.totals.taxable),
      '0',
    ]);
    expect(second![5]).toBe('27-Maharashtra');
    // 18:45 UTC on 2 May is 3 May in India; the B2CS row of Maharashtra nets its credit note.
    expect(parsed('b2cs').slice(1)).toEqual([
      ['OE', '04-Chandigarh', '', '18', String(invoices[2]!.totals.taxable), '0', ''],
      ['OE', '27-Maharashtra', '', '18', String(invoices[6]!.totals.taxable), '0', ''],
    ]);
    const [, exported] = parsed('exp');
    expect(exported).toEqual([
      'WOPAY',
      'SIS-2627-000015',
      '05-May-2026',
      String(invoices[4]!.inr!.total),
      '',
      '',
      '',
      '',
      '0',
      String(invoices[4]!.inr!.taxable),
      '0',
    ]);
    expect(parsed('docs').slice(1)).toEqual([
      ['Invoices for outward supply', 'SIS-2627-000011', 'SIS-2627-000017', '7', '0'],
      ['Credit Note', 'SIS-CN-2627-000001', 'SIS-CN-2627-000004', '4', '0'],
    ]);
  });

  it("every table's totals agree with the month's summary to the paisa", () => {
    expectAgreement(month);
    const summary = gstr1Summary(month);
    expect(summary).toMatchObject({ month: MAY, invoices: 7, creditNotes: 4 });
    // Equal halves survive the month's sums (DECISIONS 50).
    expect(summary.cgst).toBe(summary.sgst);
  });

  it('agree for any month made of these invoices and credit notes (property)', () => {
    fc.assert(
      fc.property(fc.subarray([...month.invoices]), fc.subarray(creditNotes), (someInvoices, someNotes) => {
        expectAgreement({ month: MAY, invoices: someInvoices, creditNotes: someNotes });
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a USD invoice that has no rupee value recorded (CGST Rule 34)', () => {
    const bare = toInvoice(order('SIS-2627-000099', '2026-05-05T06:00:00.000Z', [1], usBuyer));
    expect(() => gstr1DocumentOf(bare)).toThrow(MissingRupeeValue);
  });
});

/** Each table's columns against the summary, in paise. */
function expectAgreement(of: Gstr1Month): void {
  const summary = gstr1Summary(of);
  const taxable = (table: Gstr1Table) => columnPaise(table, 'Taxable Value', of);
  expect(
    taxable('b2b') + taxable('b2cl') + taxable('b2cs') + taxable('exp') - taxable('cdnr') - taxable('cdnur'),
  ).toBe(paise(summary.taxable));
  const hsn = (heading: string) => columnPaise('hsn-b2b', heading, of) + columnPaise('hsn-b2c', heading, of);
  expect(hsn('Taxable Value')).toBe(paise(summary.taxable));
  expect(hsn('Integrated Tax Amount')).toBe(paise(summary.igst));
  expect(hsn('Central Tax Amount')).toBe(paise(summary.cgst));
  expect(hsn('State/UT Tax Amount')).toBe(paise(summary.sgst));
  expect(hsn('Total Value')).toBe(paise(summary.net));
  const exportNotes = parsed('cdnur', of)
    .slice(1)
    .filter((row) => row[0] === 'EXPWOP')
    .reduce((sum, row) => sum + Math.round(Number(row[8]) * 100), 0);
  expect(taxable('exp') - exportNotes).toBe(paise(summary.exports));
  const counts = Object.fromEntries(
    parsed('docs', of)
      .slice(1)
      .map((row) => [row[0], Number(row[3])]),
  );
  expect(counts['Invoices for outward supply'] ?? 0).toBe(summary.invoices);
  expect(counts['Credit Note'] ?? 0).toBe(summary.creditNotes);
  const documents: readonly Gstr1Document[] = [...of.invoices, ...of.creditNotes];
  expect(documents.every((document) => document.cgst === document.sgst)).toBe(true);
}
