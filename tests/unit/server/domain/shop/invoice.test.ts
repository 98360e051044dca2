import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberInWords, usdInWords } from '~/lib/shared/amount-in-words';
import { invoiceTotals } from '~/server/domain/shop/invoice';

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
});
