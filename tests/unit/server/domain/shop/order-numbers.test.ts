import { describe, expect, it } from 'vitest';
import { financialYearOf } from '~/lib/shared/dates';
import { formatOrderNo, seriesOf } from '~/server/domain/shop/order-numbers';

describe('order numbers', () => {
  it('start a new series at midnight IST between 31 March and 1 April', () => {
    // 31 March 23:59:59 IST is 18:29:59 UTC; 1 April 00:00 IST is 18:30 UTC on 31 March.
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toBe(2026);
    expect(financialYearOf(new Date('2027-03-31T18:30:00.000Z'))).toBe(2027);
    expect(seriesOf(2026)).toBe('2627');
    expect(seriesOf(2099)).toBe('9900');
  });

  it('are at most 16 characters of A-Z, 0-9 and -', () => {
    expect(formatOrderNo('2627', 1)).toBe('SIS-2627-000001');
    expect(formatOrderNo('2627', 999_999)).toMatch(/^[A-Z0-9-]{1,16}$/);
    expect(() => formatOrderNo('2627', 1_000_000)).toThrow(RangeError);
    expect(() => formatOrderNo('2627', 0)).toThrow(RangeError);
  });
});
