import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupIndian, groupThousands } from '~/lib/shared/digit-groups';

describe('digit groups, written as Intl writes them', () => {
  it('groups thousands as en-US does', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1234567)).toBe('1,234,567');
    const intl = new Intl.NumberFormat('en-US');
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (whole) => {
        expect(groupThousands(whole)).toBe(intl.format(whole));
      }),
    );
  });

  it('groups lakhs and crores as en-IN does', () => {
    expect(groupIndian(312)).toBe('312');
    expect(groupIndian(1000)).toBe('1,000');
    expect(groupIndian(123456)).toBe('1,23,456');
    expect(groupIndian(123456789)).toBe('12,34,56,789');
    const intl = new Intl.NumberFormat('en-IN');
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (whole) => {
        expect(groupIndian(whole)).toBe(intl.format(whole));
      }),
    );
  });
});
