import { describe, expect, it } from 'vitest';
import { formatAmount } from '~/lib/shared/currency-amount';

describe('formatAmount', () => {
  it('writes rupees in Indian digit groups and dollars in thousands, always with two decimals', () => {
    expect(formatAmount(499900, 'INR')).toBe('₹4,99,900.00');
    expect(formatAmount(4999.5, 'INR')).toBe('₹4,999.50');
    expect(formatAmount(1234.56, 'USD')).toBe('$1,234.56');
    expect(formatAmount(0.1 + 0.2, 'USD')).toBe('$0.30');
    expect(formatAmount(12, 'EUR')).toBe('12.00 EUR');
    expect(formatAmount(-139.5, 'USD')).toBe('-$139.50');
  });

  it('matches Intl for rupees and dollars', () => {
    for (const amount of [0, 7.05, 99999.99, 123456789.12]) {
      expect(formatAmount(amount, 'INR')).toBe(
        new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(amount),
      );
      expect(formatAmount(amount, 'USD')).toBe(
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount),
      );
    }
  });
});
