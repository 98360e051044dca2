/**
 * The exchange rate of a USD payment (issue 29, item 3; DECISIONS 47; CGST Rule 34): the rupee
 * value of a USD invoice is taken at the rate the gateway applied to the payment. Razorpay reports
 * it as the payment's `base_amount` (paise, the account's currency) against its `amount` (cents);
 * the test gateway moves no money and uses a fixed rate that says so.
 */
import { TEST_RUPEES_PER_DOLLAR } from '~/lib/shared/rupee-value';
import type { RazorpayPayment } from '~/server/domain/payments/razorpay';

/** Rupees per unit of the currency paid, and where that figure comes from. */
export interface ExchangeRate {
  readonly rate: number;
  readonly source: string;
}

/** The test gateway's rate: fixed, and named as a test rate on every invoice it issues. */
export const TEST_GATEWAY_RATE: ExchangeRate = {
  rate: TEST_RUPEES_PER_DOLLAR,
  source: 'Test gateway: fixed test rate',
};

/**
 * The rate of a payment in a currency other than rupees; undefined for a rupee payment, or when
 * Razorpay reported no rupee amount (the invoice then prints without a rupee value, as before).
 */
export function exchangeRateOf(
  payment: Pick<RazorpayPayment, 'id' | 'amount' | 'currency' | 'base_amount' | 'base_currency'>,
  gateway: 'razorpay' | 'test',
): ExchangeRate | undefined {
  if (payment.currency === 'INR') return undefined;
  if (gateway === 'test') return TEST_GATEWAY_RATE;
  const base = payment.base_amount;
  if (
    payment.base_currency !== 'INR' ||
    base === undefined ||
    base === null ||
    base <= 0 ||
    payment.amount <= 0
  )
    return undefined;
  return {
    rate: base / payment.amount,
    source: `Razorpay, payment ${payment.id}: ${payment.currency} ${(payment.amount / 100).toFixed(2)} = INR ${(base / 100).toFixed(2)}`,
  };
}
