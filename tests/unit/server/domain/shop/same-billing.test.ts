/**
 * A gateway order is reused only for the billing it was made for (DECISIONS 58): two billings are
 * the same only when every field that prints on the invoice is alike.
 */
import { describe, expect, it } from 'vitest';
import type { BillingRecord } from '~/lib/shared/schemas/billing';
import { sameBilling } from '~/server/domain/shop/checkout';

const BASE: BillingRecord = {
  name: 'Kulkarni Traders',
  country: 'IN',
  state: '27',
  gstin: '27AAPFU0939F1ZV',
  address: { line: '12 FC Road', city: 'Pune', postalCode: '411004' },
};

describe('sameBilling', () => {
  it('is true for a copy and false with no billing yet', () => {
    expect(sameBilling(structuredClone(BASE), BASE)).toBe(true);
    expect(sameBilling(undefined, BASE)).toBe(false);
  });

  it.each([
    ['name', { ...BASE, name: 'Kulkarni Traders LLP' }],
    ['country', { ...BASE, country: 'US' }],
    ['state', { ...BASE, state: '29' }],
    ['GSTIN', { ...BASE, gstin: '29AAPFU0939F1ZT' }],
    ['address line', { ...BASE, address: { ...BASE.address!, line: '14 FC Road' } }],
    ['city', { ...BASE, address: { ...BASE.address!, city: 'Pimpri' } }],
    ['postal code', { ...BASE, address: { ...BASE.address!, postalCode: '411018' } }],
    ['no address', { ...BASE, address: undefined }],
  ] as const)('is false when the %s differs, either way round', (_, other) => {
    expect(sameBilling(BASE, other as BillingRecord)).toBe(false);
    expect(sameBilling(other as BillingRecord, BASE)).toBe(false);
  });
});
