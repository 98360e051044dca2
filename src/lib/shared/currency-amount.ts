/**
 * An amount in rupees or dollars with its currency, as payments, refunds and credit notes carry it
 * (API.md: "in rupees or dollars, as on the invoice"), written by the shop's own `formatMoney`
 * (no Intl): `₹4,99,900.00` in Indian digit groups, `$1,234.56`, a minus sign before a refund.
 */
import { groupThousands } from '~/lib/shared/digit-groups';
import { formatMoney } from '~/lib/shared/money';

/** `(4999, 'INR')` -> `₹4,999.00`; `(139.5, 'USD')` -> `$139.50`; another currency: `12.00 EUR`. */
export function formatAmount(amount: number, currency: string): string {
  // Rounded, not centsFromUsd: an amount summed in floating point (0.1 + 0.2) is still shown.
  const minor = Math.round(Math.abs(amount) * 100);
  const sign = amount < 0 ? '-' : '';
  if (currency === 'INR' || currency === 'USD') return `${sign}${formatMoney(minor, currency)}`;
  const whole = Math.floor(minor / 100);
  return `${sign}${groupThousands(whole)}.${String(minor - whole * 100).padStart(2, '0')} ${currency}`;
}
