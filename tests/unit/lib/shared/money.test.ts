import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  centsFromUsd,
  CentsSchema,
  currencyOfCountry,
  formatInr,
  formatMoney,
  formatUsd,
  sumCents,
  usdFromCents,
  UsdSchema,
} from '~/lib/shared/money';

describe('formatUsd', () => {
  it('shows cents as dollars with a sign, thousands separators and two decimals', () => {
    expect(formatUsd(13900)).toBe('$139.00');
    expect(formatUsd(14950)).toBe('$149.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(123456)).toBe('$1,234.56');
  });

  it('writes what Intl writes for US dollars, for any amount', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        expect(formatUsd(cents)).toBe(intl.format(cents / 100));
      }),
    );
  });

  it('always ends with two decimals for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(formatUsd(cents)).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
    );
  });
});

describe('formatInr (DECISIONS 46)', () => {
  it('shows paise as rupees with the sign, the Indian digit grouping and two decimals', () => {
    expect(formatInr(1199900)).toBe('₹11,999.00');
    expect(formatInr(123456750)).toBe('₹12,34,567.50');
    expect(formatInr(5)).toBe('₹0.05');
    expect(formatMoney(1199900, 'INR')).toBe('₹11,999.00');
    expect(formatMoney(13900, 'USD')).toBe('$139.00');
  });

  it("writes what Intl's en-IN writes for rupees, for any amount", () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (paise) => {
        expect(formatInr(paise)).toBe(intl.format(paise / 100));
      }),
    );
  });

  it('charges a buyer in India in rupees and anyone else in dollars', () => {
    expect(currencyOfCountry('IN')).toBe('INR');
    expect(currencyOfCountry('US')).toBe('USD');
    expect(currencyOfCountry('NP')).toBe('USD');
  });
});

describe('cents and dollars', () => {
  it('round-trips every whole-cent amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        expect(centsFromUsd(usdFromCents(cents))).toBe(cents);
      }),
    );
  });

  it('refuses dollar amounts with more than two decimals', () => {
    expect(() => centsFromUsd(10.123)).toThrow(RangeError);
    expect(z.safeParse(UsdSchema, 10.123).success).toBe(false);
    expect(z.safeParse(UsdSchema, 149.5).success).toBe(true);
  });

  it('accepts only whole, non-negative cents', () => {
    expect(z.safeParse(CentsSchema, 1399).success).toBe(true);
    expect(z.safeParse(CentsSchema, 13.5).success).toBe(false);
    expect(z.safeParse(CentsSchema, -1).success).toBe(false);
  });

  it('adds amounts exactly where dollars in floating point would not', () => {
    expect(sumCents([10, 20])).toBe(30);
    expect(usdFromCents(sumCents([10, 20]))).toBe(0.3);
    expect(0.1 + 0.2).not.toBe(0.3);
  });
});
