import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { centsFromUsd } from '~/lib/shared/money';
import { gstinCheckCharacter, isValidGstin } from '~/lib/shared/gst';
import {
  ADDRESS_FROM_TAXABLE_PAISE,
  BILLING_HINTS,
  billingNeedsAddress,
  BillingSchema,
} from '~/lib/shared/schemas/billing';
import { invoiceTotals, placeOfSupplyOf, taxRatesOf } from '~/lib/shared/tax';

const hintsOf = (input: unknown) => {
  const result = z.safeParse(BillingSchema, input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('GSTIN (issue 18)', () => {
  it('checks the check character the way the GST network computes it', () => {
    // A real, published GSTIN and the sample seller's.
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('27AAECS1234F1ZO')).toBe(true);
    for (const wrong of [
      '27AAPFU0939F1ZW',
      '27AAPFU0939F1Z',
      '99AAPFU0939F1ZV',
      '27aapfu0939f1zv',
      '27AAPFU0939F1YV',
    ]) {
      expect(isValidGstin(wrong), wrong).toBe(false);
    }
  });
});

describe('billing details (issue 18)', () => {
  const india = { name: 'Kiran Rao', country: 'IN', state: '29' };

  it('takes a buyer in India with a state, a GSTIN of that state, and one abroad with neither', () => {
    expect(z.parse(BillingSchema, { ...india, gstin: '  ' })).toEqual({ ...india, gstin: undefined });
    const withGstin = `29AAPFU0939F1Z${gstinCheckCharacter('29AAPFU0939F1Z')}`;
    // With its address since issue 29 (DECISIONS 52: a GSTIN buyer's invoice prints it).
    const office = { line: '12 MG Road', city: 'Bengaluru', postalCode: '560038' };
    expect(z.parse(BillingSchema, { ...india, gstin: withGstin.toLowerCase(), address: office }).gstin).toBe(
      withGstin,
    );
    // A buyer abroad gives an address since issue 29 (DECISIONS 52: an export invoice prints it).
    const address = { line: '1 Main Street', city: 'Springfield', postalCode: '62701' };
    expect(
      z.parse(BillingSchema, { name: 'Jo Smith', country: 'us', state: '', gstin: '', address }),
    ).toEqual({
      name: 'Jo Smith',
      country: 'US',
      state: undefined,
      gstin: undefined,
      address,
    });
  });

  it.each([
    ['no name', { ...india, name: ' ' }, [BILLING_HINTS.name]],
    ['an unknown country', { ...india, country: 'XX' }, [BILLING_HINTS.country]],
    ['India without a state', { ...india, state: '' }, [BILLING_HINTS.state]],
    ['a state code no state has', { ...india, state: '28' }, [BILLING_HINTS.state]],
    ['a GSTIN with a wrong check character', { ...india, gstin: '29AAPFU0939F1ZV' }, [BILLING_HINTS.gstin]],
    ['a GSTIN of another state', { ...india, gstin: '27AAPFU0939F1ZV' }, [BILLING_HINTS.gstinState]],
    [
      'a GSTIN abroad',
      {
        name: 'Jo',
        country: 'US',
        gstin: '27AAPFU0939F1ZV',
        address: { line: '1 Main Street', city: 'Springfield', postalCode: '62701' },
      },
      [BILLING_HINTS.gstinOutsideIndia],
    ],
  ])('refuses %s with a plain hint', (_label, input, hints) => {
    expect(hintsOf(input)).toEqual(hints);
  });
});

describe('billing address and every field checked for every country (DECISIONS 52)', () => {
  const address = { line: '12 MG Road, Indiranagar', city: 'Bengaluru', postalCode: '560038' };
  const gstin = `29AAPFU0939F1Z${gstinCheckCharacter('29AAPFU0939F1Z')}`;
  const india = { name: 'Acme Pvt Ltd', country: 'IN', state: '29' };
  const abroad = { name: 'Jane Doe', country: 'US', address };

  it('asks the address of a GSTIN buyer and of a buyer abroad, not of an Indian student', () => {
    expect(hintsOf({ ...india, gstin })).toEqual([BILLING_HINTS.address]);
    expect(hintsOf({ ...india, gstin, address })).toEqual([]);
    expect(hintsOf({ name: 'Jane Doe', country: 'US' })).toEqual([BILLING_HINTS.address]);
    expect(hintsOf(india)).toEqual([]);
  });

  it('needs the address from Rs 50,000 of taxable value (the checkout applies it)', () => {
    expect(billingNeedsAddress(india, ADDRESS_FROM_TAXABLE_PAISE - 1)).toBe(false);
    expect(billingNeedsAddress(india, ADDRESS_FROM_TAXABLE_PAISE)).toBe(true);
    expect(billingNeedsAddress({ ...india, gstin }, 0)).toBe(true);
    expect(billingNeedsAddress({ country: 'US' }, 0)).toBe(true);
  });

  it.each([
    [
      'a US state of 30,000 characters',
      { ...abroad, state: 'x'.repeat(30_000) },
      ['State is too long (60 characters at most).'],
    ],
    [
      'a state that is a formula',
      { ...abroad, state: '=HYPERLINK("x")' },
      ['State cannot begin with =, +, - or @.'],
    ],
    [
      'a name that is a formula',
      { ...abroad, name: '@SUM(A1)' },
      ['Name on the invoice cannot begin with =, +, - or @.'],
    ],
    [
      'a fullwidth formula',
      { ...abroad, name: '\uFF1D1+1' },
      ['Name on the invoice cannot begin with =, +, - or @.'],
    ],
    [
      'a city with a bidi override',
      { ...abroad, address: { ...address, city: 'Pune\u202E' } },
      ['City can only contain letters, digits, spaces and punctuation.'],
    ],
    [
      'an address line with a line break',
      { ...abroad, address: { ...address, line: '1 Main\nStreet' } },
      ['Address can only contain letters, digits, spaces and punctuation.'],
    ],
    ['an empty address line', { ...abroad, address: { ...address, line: ' ' } }, [BILLING_HINTS.addressLine]],
    [
      'an address line too long',
      { ...abroad, address: { ...address, line: 'a'.repeat(201) } },
      ['Address is too long (200 characters at most).'],
    ],
    [
      'a postal code with symbols',
      { ...abroad, address: { ...address, postalCode: '94105;' } },
      [BILLING_HINTS.postalCode],
    ],
    [
      'a postal code that is a formula',
      { ...abroad, address: { ...address, postalCode: '-1' } },
      ['PIN or postal code cannot begin with =, +, - or @.', BILLING_HINTS.postalCode],
    ],
  ])('refuses %s', (_label, input, hints) => {
    expect(hintsOf(input)).toEqual(hints);
  });
});

describe('tax by place of supply, in cents (issue 18; DECISIONS 34)', () => {
  const prices = [centsFromUsd(139), centsFromUsd(109)];

  it("Maharashtra (27, the company's state): CGST 9% + SGST 9%", () => {
    const place = placeOfSupplyOf({ country: 'IN', state: '27' });
    expect(place).toEqual({ regime: 'intra-state', label: 'Maharashtra (27)' });
    const totals = invoiceTotals(prices, taxRatesOf(place.regime));
    expect(totals.lines.map((line) => line.taxableCents)).toEqual([11780, 9238]);
    expect(totals.taxes).toEqual([
      // Equal halves on every line (DECISIONS 50): 1060 + 831 cents each.
      { label: 'CGST', ratePct: 9, amountCents: 1891 },
      { label: 'SGST', ratePct: 9, amountCents: 1891 },
    ]);
    expect(totals.taxableCents + 1891 + 1891).toBe(totals.totalCents);
  });

  it('Karnataka (29): IGST 18%, the same total', () => {
    const place = placeOfSupplyOf({ country: 'IN', state: '29' });
    expect(place).toEqual({ regime: 'inter-state', label: 'Karnataka (29)' });
    const totals = invoiceTotals(prices, taxRatesOf(place.regime));
    expect(totals.taxes).toEqual([{ label: 'IGST', ratePct: 18, amountCents: 3783 }]);
    expect(totals.totalCents).toBe(24800);
  });

  it('the United States: an export, no GST, taxable value is the price', () => {
    const place = placeOfSupplyOf({ country: 'US' });
    expect(place).toEqual({ regime: 'export', label: 'United States' });
    const totals = invoiceTotals(prices, taxRatesOf(place.regime));
    expect(totals).toMatchObject({ taxableCents: 24800, taxes: [], totalCents: 24800 });
  });
});
