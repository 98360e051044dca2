import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inrInWords, numberInIndianWords, numberInWords, usdInWords } from '~/lib/shared/amount-in-words';
import {
  invoiceTotals,
  issuedInvoiceOf,
  lineAmountOf,
  toInvoice,
  toInvoiceLines,
} from '~/server/domain/shop/invoice';
import type { Order } from '~/server/storage/orders';
import { site } from '~/site.config';

describe('invoice arithmetic (prices include GST)', () => {
  it('splits a price into taxable value and CGST + SGST at 9% each', () => {
    const totals = invoiceTotals([11800]);
    expect(totals.taxableCents).toBe(10000);
    expect(totals.taxes).toEqual([
      { label: 'CGST', ratePct: 9, amountCents: 900 },
      { label: 'SGST', ratePct: 9, amountCents: 900 },
    ]);
    expect(totals.totalCents).toBe(11800);
  });

  it('adds up exactly, per line and in total, for any cart (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 20 }),
        (prices) => {
          const totals = invoiceTotals(prices);
          const taxes = totals.taxes.reduce((sum, tax) => sum + tax.amountCents, 0);
          expect(totals.taxableCents + taxes).toBe(totals.totalCents);
          expect(totals.totalCents).toBe(prices.reduce((a, b) => a + b, 0));
          for (const line of totals.lines) {
            expect(Number.isInteger(line.taxableCents)).toBe(true);
            expect(line.taxableCents).toBeLessThanOrEqual(line.priceCents);
          }
          for (const tax of totals.taxes)
            expect(Math.abs(tax.amountCents - taxes / 2)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('amounts in words', () => {
  it('writes dollars and cents as an invoice does', () => {
    expect(usdInWords(13950)).toBe('US Dollars One Hundred Thirty-Nine and Fifty Cents Only');
    expect(usdInWords(100)).toBe('US Dollars One Only');
    expect(usdInWords(1)).toBe('US Dollars Zero and One Cent Only');
    expect(usdInWords(123456789)).toBe(
      'US Dollars One Million Two Hundred Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Cents Only',
    );
    expect(numberInWords(2_000_000_015)).toBe('Two Billion Fifteen');
  });

  it('writes rupees and paise on the Indian scale (lakh, crore)', () => {
    expect(inrInWords(1199900)).toBe('Indian Rupees Eleven Thousand Nine Hundred Ninety-Nine Only');
    expect(inrInWords(1)).toBe('Indian Rupees Zero and One Paise Only');
    expect(inrInWords(12345678950)).toBe(
      'Indian Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Fifty Paise Only',
    );
    expect(numberInIndianWords(100_000)).toBe('One Lakh');
  });
});

describe('the invoice of an order, by place of supply (issue 18)', () => {
  const order: Order = {
    orderNo: 'SIS-2627-000007',
    userId: 'u1',
    placedAt: '2026-11-24T06:00:00.000Z',
    lines: [
      {
        courseId: 1,
        name: 'Course',
        url: '/c.webp',
        review: 5,
        courseOverview: 'x',
        listPriceCents: 20000,
        priceCents: 13950,
      },
    ],
    billTo: { name: 'Account Name', email: 'jane@example.com' },
  };

  it('an order placed before billing details keeps printing CGST + SGST at the company state', () => {
    const invoice = toInvoice(order);
    expect(invoice.billTo.name).toBe('Account Name');
    expect(invoice.totals.taxes.map((tax) => [tax.label, tax.amount])).toEqual([
      ['CGST', 10.64],
      ['SGST', 10.64],
    ]);
    expect(invoice).not.toHaveProperty('billing');
    expect(invoice).not.toHaveProperty('exportNote');
  });

  it('a buyer in the United States: an export under the LUT, no GST, country printed, payment named', () => {
    const invoice = toInvoice({
      ...order,
      billing: { name: 'Jane Doe', country: 'US' },
      payment: { gateway: 'razorpay', reference: 'pay_29QQoUBi66xm2f' },
    });
    expect(invoice.billTo.name).toBe('Jane Doe');
    expect(invoice.billing).toEqual({ name: 'Jane Doe', country: 'US', countryName: 'United States' });
    expect(invoice.placeOfSupply).toBe('United States');
    expect(invoice.totals).toEqual({ taxable: 139.5, taxes: [], total: 139.5 });
    // In CGST Rule 46's words since issue 29 (DECISIONS 52; was 'Supply meant for export under LUT
    // without payment of IGST'), with the LUT reference.
    expect(invoice.exportNote).toMatch(
      /^SUPPLY MEANT FOR EXPORT UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX \(LUT ARN AD/,
    );
    expect(invoice.payment).toEqual({ gateway: 'razorpay', reference: 'pay_29QQoUBi66xm2f' });
  });

  it("every invoice says 'Tax payable on reverse charge: No'; the buyer's address is printed when given (Rule 46)", () => {
    expect(toInvoice(order).reverseChargeNote).toBe('Tax payable on reverse charge: No');
    const address = { line: '500 Howard Street', city: 'San Francisco', postalCode: '94105' };
    const invoice = toInvoice({ ...order, billing: { name: 'Jane Doe', country: 'US', address } });
    expect(invoice.reverseChargeNote).toBe('Tax payable on reverse charge: No');
    expect(invoice.billing?.address).toEqual(address);
    expect(
      toInvoice({ ...order, billing: { name: 'Asha', country: 'IN', state: '27' } }).billing,
    ).not.toHaveProperty('address');
  });

  it('an order paid in rupees prints rupees, in words too (DECISIONS 46)', () => {
    const invoice = toInvoice({
      ...order,
      currency: 'INR',
      lines: [{ ...order.lines[0]!, listPriceCents: 1699900, priceCents: 1199900 }],
      billing: { name: 'Asha Kulkarni', country: 'IN', state: '27' },
    });
    expect(invoice.currency).toBe('INR');
    expect(invoice.totals.total).toBe(11999);
    expect(invoice.amountInWords).toBe('Indian Rupees Eleven Thousand Nine Hundred Ninety-Nine Only');
    const [cgst, sgst] = invoice.totals.taxes;
    expect(cgst!.amount).toBe(sgst!.amount);
    expect(invoice.totals.taxable + cgst!.amount + sgst!.amount).toBeCloseTo(11999, 10);
  });

  it('a business in Maharashtra: its GSTIN and state printed, CGST + SGST', () => {
    const invoice = toInvoice({
      ...order,
      billing: { name: 'Acme Pvt Ltd', country: 'IN', state: '27', gstin: '27AAPFU0939F1ZV' },
    });
    expect(invoice.billing).toMatchObject({
      state: '27',
      stateName: 'Maharashtra',
      gstin: '27AAPFU0939F1ZV',
    });
    expect(invoice.placeOfSupply).toBe('Maharashtra (27)');
    expect(invoice.totals.taxes.map((tax) => tax.label)).toEqual(['CGST', 'SGST']);
  });
});

describe('what the invoice prints, line by line and for the accountant (DECISIONS 47, 55)', () => {
  const line = {
    url: '/c.webp',
    review: 5,
    courseOverview: 'x',
    listPriceCents: 2_399_900,
  };
  // A team of three in Karnataka (IGST 18%) and one seat of another course, paid in rupees.
  const order: Order = {
    orderNo: 'SIS-2627-000042',
    userId: 'u2',
    placedAt: '2026-12-01T06:00:00.000Z',
    currency: 'INR',
    lines: [
      { ...line, courseId: 3, name: 'Team course', priceCents: 1_799_700, seats: 3 },
      { ...line, courseId: 5, name: 'Solo course', priceCents: 1_199_900 },
    ],
    billTo: { name: 'Account Name', email: 'buyer@example.com' },
    billing: { name: 'Nisha Rao', country: 'IN', state: '29' },
  };

  it('each line: its seats, the price of one seat, and its taxable value; the totals add up', () => {
    const invoice = toInvoice(order);
    expect(invoice.lines).toEqual([
      // 17,997.00 for 3 seats: 5,999.00 a seat; IGST 18/118 of it is 2,745.31, the rest taxable.
      { courseId: 3, name: 'Team course', sac: site.tax.sac, qty: 3, price: 5999, taxableValue: 15251.69 },
      // A line with no seats recorded is one seat at its price.
      { courseId: 5, name: 'Solo course', sac: site.tax.sac, qty: 1, price: 11999, taxableValue: 10168.64 },
    ]);
    expect(invoice.totals).toEqual({
      taxable: 25420.33,
      taxes: [{ label: 'IGST', ratePct: 18, amount: 4575.67 }],
      total: 29996,
    });
    expect(invoice.placeOfSupply).toBe('Karnataka (29)');
    // The console and the sales register print a line's amount: rate per seat times seats.
    expect(invoice.lines.map(lineAmountOf)).toEqual([17997, 11999]);
    expect(lineAmountOf({ price: 33.33, qty: 3 })).toBe(99.99);
  });

  it("prints the company's particulars (CGST Rule 46): registered office, GSTIN, PAN, contact, bank; the order paid", () => {
    const invoice = toInvoice(order);
    const { registered } = site.addresses;
    expect(invoice.seller).toEqual({
      legalName: site.legalName,
      address: [...registered.lines, `${registered.city}, ${registered.state} ${registered.pin}`, 'India'],
      gstin: site.tax.gstin,
      pan: site.tax.pan,
      email: site.email,
      phone: site.phones[0].display,
      placeOfSupply: site.tax.gst.placeOfSupply,
      bank: site.bank,
    });
    expect(invoice.seller.address.join(' ')).toContain(registered.pin);
    expect(invoice.amountStatus).toBe('Paid');
    expect(invoice.billTo).toEqual({ name: 'Nisha Rao', email: 'buyer@example.com' });
  });

  it('holds only the billing details the buyer gave: no state, state name or GSTIN for a buyer abroad', () => {
    // Strict: the stored document has no key for what was never given (exactOptionalPropertyTypes).
    expect(
      toInvoice({ ...order, currency: 'USD', billing: { name: 'Jane Doe', country: 'US' } }).billing,
    ).toStrictEqual({ name: 'Jane Doe', country: 'US', countryName: 'United States' });
    expect(toInvoice(order).billing).toStrictEqual({
      name: 'Nisha Rao',
      country: 'IN',
      countryName: 'India',
      state: '29',
      stateName: 'Karnataka',
    });
  });

  it('an order from before currencies is in dollars, in words too', () => {
    const { orderNo, userId, placedAt, billTo } = order;
    const invoice = toInvoice({ orderNo, userId, placedAt, billTo, lines: [order.lines[1]!] });
    expect(invoice.currency).toBe('USD');
    expect(invoice.amountInWords).toBe('US Dollars Eleven Thousand Nine Hundred Ninety-Nine Only');
  });

  it('a dollar invoice paid at a known rate carries its rupee value; a rupee invoice or one with no rate does not', () => {
    const rate = { rate: 83.4567, source: 'razorpay' };
    const usd: Order = {
      ...order,
      currency: 'USD',
      lines: [{ ...line, courseId: 1, name: 'Course', listPriceCents: 20000, priceCents: 13950 }],
      billing: { name: 'Jane Doe', country: 'US' },
    };
    // $139.50 at Rs 83.4567: Rs 11,642.21, all of it taxable (an export, no GST).
    expect(toInvoice(usd, rate).inr).toEqual({
      rate: 83.4567,
      taxable: 11642.21,
      taxes: [],
      total: 11642.21,
      source: 'razorpay',
    });
    expect(toInvoice(usd)).not.toHaveProperty('inr');
    expect(toInvoice(order, rate)).not.toHaveProperty('inr');
  });

  it('an issued invoice is read back as issued, not recomputed; an order from before stored invoices is computed', () => {
    const issued = { ...toInvoice(order), placeOfSupply: 'Karnataka (29) as issued' };
    expect(issuedInvoiceOf({ ...order, invoice: issued })).toBe(issued);
    expect(issuedInvoiceOf(order)).toEqual(toInvoice(order));
  });

  it("the invoice lines call (GetCourseforInvoiceByOrderNo) lists each course with the order's number, date and price", () => {
    expect(toInvoiceLines(order)).toEqual([
      {
        orderNo: 'SIS-2627-000042',
        orderDate: '2026-12-01T06:00:00.000Z',
        discountedFees: 17997,
        name: 'Team course',
        courseId: 3,
      },
      {
        orderNo: 'SIS-2627-000042',
        orderDate: '2026-12-01T06:00:00.000Z',
        discountedFees: 11999,
        name: 'Solo course',
        courseId: 5,
      },
    ]);
  });
});
