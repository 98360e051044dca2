import { describe, expect, it } from 'vitest';
import { isoInIndia } from '~/lib/shared/dates';
import { inWords } from '~/server/domain/auth/account-data';

describe('the data download in words (DECISIONS 63)', () => {
  it('writes keys as words, instants with India’s offset and minor units as major', () => {
    expect(
      inWords({
        orderNo: 'SIS-2026-000001',
        placedAt: '2026-11-26T18:47:15.123Z',
        taxablePaise: 1_016_864,
        amountCents: 13_900,
        billing: { gstin: '27AAACS1234F1Z5', placeOfSupply: '27' },
        lines: [{ courseId: 3, discountedFeesCents: 11_999_00 }],
        note: undefined,
        'Already words': 'kept',
      }),
    ).toStrictEqual({
      'Order no': 'SIS-2026-000001',
      'Placed at': '2026-11-27T00:17:15+05:30',
      Taxable: 10_168.64,
      Amount: 139,
      Billing: { GSTIN: '27AAACS1234F1Z5', 'Place of supply': '27' },
      Lines: [{ 'Course ID': 3, 'Discounted fees': 11_999 }],
      'Already words': 'kept',
    });
  });

  it('leaves text that only looks like a date, and numbers that are not money, as they are', () => {
    expect(inWords({ day: '2026-11-26', seats: 3, name: 'Asha 2026-11-26T00:00:00Z' })).toStrictEqual({
      Day: '2026-11-26',
      Seats: 3,
      Name: 'Asha 2026-11-26T00:00:00Z',
    });
  });

  it('isoInIndia crosses midnight and the year like a clock in India', () => {
    expect(isoInIndia('2026-12-31T18:30:00.000Z')).toBe('2027-01-01T00:00:00+05:30');
    expect(isoInIndia('2026-11-26T00:00:00Z')).toBe('2026-11-26T05:30:00+05:30');
  });
});
