/**
 * An amount in rupees or dollars with its currency, as payments, refunds and credit notes carry it
 * (API.md: "in rupees or dollars, as on the invoice"), written for people without Intl (see
 * `~/lib/shared/digit-groups`): `₹4,99,900.00` in Indian digit groups, `$1,234.56`.
 */
import { groupIndian, groupThousands } from '~/lib/shared/digit-groups';

/** `(4999, 'INR')` -> `₹4,999.00`; `(139.5, 'USD')` -> `$139.50`; another currency: `12.00 EUR`. */
export function formatAmount(amount: number, currency: string): string {
  const minor = Math.round(Math.abs(amount) * 100);
  const whole = Math.floor(minor / 100);
  const cents = String(minor - whole * 100).padStart(2, '0');
  const sign = amount < 0 ? '-' : '';
  if (currency === 'INR') return `${sign}₹${groupIndian(whole)}.${cents}`;
  if (currency === 'USD') return `${sign}$${groupThousands(whole)}.${cents}`;
  return `${sign}${groupThousands(whole)}.${cents} ${currency}`;
}
