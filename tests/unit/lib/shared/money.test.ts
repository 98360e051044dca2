import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUsd } from '~/lib/shared/money';

describe('formatUsd', () => {
  it('shows dollars with a sign, thousands separators and cents', () => {
    expect(formatUsd(139)).toBe('$139.00');
    expect(formatUsd(149.5)).toBe('$149.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1234.56)).toBe('$1,234.56');
  });

  it('always ends with two decimals for any catalogue-style amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(formatUsd(cents / 100)).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
    );
  });
});
