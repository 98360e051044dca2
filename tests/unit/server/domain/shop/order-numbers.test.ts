import { describe, expect, it } from 'vitest';
import { financialYearOf } from '~/lib/shared/dates';
import {
  creditNoteSeriesOf,
  formatCreditNoteNo,
  formatOrderNo,
  seriesOf,
} from '~/server/domain/shop/order-numbers';

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
    expect(() => formatOrderNo('2627', 2.5)).toThrow(RangeError);
    // The log says which number, and the range.
    expect(() => formatOrderNo('2627', 1_000_000)).toThrow('Order number 1000000 is outside 1-999999');
  });
});

describe('credit note numbers (DECISIONS 49)', () => {
  it('run in a series of their own per financial year, apart from the orders', () => {
    expect(creditNoteSeriesOf(2026)).toBe('CN2627');
    expect(creditNoteSeriesOf(2099)).toBe('CN9900');
  });

  it('are 1-99999 in five digits, at most 16 characters', () => {
    expect(formatCreditNoteNo('CN2627', 1)).toBe('SIS-CN2627-00001');
    expect(formatCreditNoteNo('CN2627', 99_999)).toBe('SIS-CN2627-99999');
    expect(formatCreditNoteNo('CN2627', 99_999)).toHaveLength(16);
    for (const outside of [0, 100_000, 1.5])
      expect(() => formatCreditNoteNo('CN2627', outside), String(outside)).toThrow(RangeError);
    expect(() => formatCreditNoteNo('CN2627', 100_000)).toThrow(
      'Credit note number 100000 is outside 1-99999',
    );
  });
});
