import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import {
  invoiceTotals,
  placeOfSupplyOf,
  placeOfSupplyStateOf,
  taxRatesOf,
  type InvoiceTotals,
} from '~/lib/shared/tax';

const sum = (amounts: readonly number[]) => amounts.reduce((total, amount) => total + amount, 0);

/** Every rule of DECISIONS 50 that holds for any invoice. */
function expectExact(totals: InvoiceTotals, prices: readonly number[]): void {
  expect(totals.totalCents).toBe(sum(prices));
  expect(totals.taxableCents + sum(totals.taxes.map((tax) => tax.amountCents))).toBe(totals.totalCents);
  expect(sum(totals.lines.map((line) => line.taxableCents))).toBe(totals.taxableCents);
  for (const line of totals.lines) {
    expect(Number.isInteger(line.taxableCents)).toBe(true);
    expect(line.taxableCents).toBeGreaterThanOrEqual(0);
    expect(line.taxableCents).toBeLessThanOrEqual(line.priceCents);
  }
}

/** Every subset of the catalogue's courses (2^n carts), as lists of prices. */
function everyCart(prices: readonly number[]): number[][] {
  const carts: number[][] = [];
  for (let mask = 1; mask < 1 << prices.length; mask += 1)
    carts.push(prices.filter((_, index) => (mask & (1 << index)) !== 0));
  return carts;
}

describe('equal halves, exact totals (DECISIONS 50)', () => {
  it('CGST equals SGST where the old split differed by a cent ($174.99: 13.35 / 13.34)', () => {
    const totals = invoiceTotals([17499]);
    expect(totals.taxes).toEqual([
      { label: 'CGST', ratePct: 9, amountCents: 1335 },
      { label: 'SGST', ratePct: 9, amountCents: 1335 },
    ]);
    expect(totals.taxableCents).toBe(14829);
  });

  it('holds for every cart of the catalogue, in every regime (USD prices)', () => {
    const carts = everyCart(courses.map((course) => course.discountedFeesCents));
    for (const regime of ['intra-state', 'inter-state', 'export'] as const) {
      for (const cart of carts) {
        const totals = invoiceTotals(cart, taxRatesOf(regime));
        expectExact(totals, cart);
        if (regime === 'intra-state') expect(totals.taxes[0]!.amountCents).toBe(totals.taxes[1]!.amountCents);
        if (regime === 'export') expect(totals.taxableCents).toBe(totals.totalCents);
      }
    }
  });

  it('holds for any prices (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.constantFrom('intra-state' as const, 'inter-state' as const),
        (prices, regime) => {
          const totals = invoiceTotals(prices, taxRatesOf(regime));
          expectExact(totals, prices);
          const amounts = totals.taxes.map((tax) => tax.amountCents);
          expect(new Set(amounts).size).toBe(1);
        },
      ),
    );
  });
});

describe('equal halves, exact totals in rupees (DECISIONS 46, 50)', () => {
  it('holds for every cart of the catalogue in paise, in every regime', () => {
    const carts = everyCart(courses.map((course) => course.discountedFeesPaise));
    for (const regime of ['intra-state', 'inter-state', 'export'] as const) {
      for (const cart of carts) {
        const totals = invoiceTotals(cart, taxRatesOf(regime));
        expectExact(totals, cart);
        if (regime === 'intra-state') expect(totals.taxes[0]!.amountCents).toBe(totals.taxes[1]!.amountCents);
      }
    }
  });
});

describe('place of supply (DECISIONS 50)', () => {
  it("places a GSTIN buyer in their GSTIN's state, whatever the setting", () => {
    for (const rule of ['buyer-state', 'seller-state'] as const) {
      const buyer = { country: 'IN', state: '27', gstin: '29AAPFU0939F1ZV' };
      expect(placeOfSupplyOf(buyer, '27', rule)).toEqual({ regime: 'inter-state', label: 'Karnataka (29)' });
      expect(placeOfSupplyStateOf(buyer, '27', rule)).toBe('29');
    }
  });

  it('places a buyer without a GSTIN in the state they give by default, in the seller state when set so', () => {
    const chandigarh = { country: 'IN', state: '04' };
    expect(placeOfSupplyOf(chandigarh, '27', 'buyer-state')).toMatchObject({
      regime: 'inter-state',
      label: 'Chandigarh (04)',
    });
    expect(placeOfSupplyOf(chandigarh, '27', 'seller-state')).toEqual({
      regime: 'intra-state',
      label: 'Maharashtra (27)',
    });
    expect(placeOfSupplyOf(chandigarh).regime).toBe('inter-state');
  });

  it('a buyer abroad is an export under either setting', () => {
    expect(placeOfSupplyOf({ country: 'US' }, '27', 'seller-state')).toEqual({
      regime: 'export',
      label: 'United States',
    });
  });
});
