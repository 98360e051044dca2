/**
 * The rupee value of a USD invoice (issue 29, item 3; DECISIONS 47; CGST Rule 34): the rate comes
 * from the payment as the gateway reports it, and the invoice's rupee figures add up exactly.
 */
import { describe, expect, it } from 'vitest';
import { invoiceTotals } from '~/lib/shared/tax';
import { exchangeRateOf, TEST_GATEWAY_RATE } from '~/server/domain/payments/exchange-rate';
import { rupeeValueOf } from '~/server/domain/shop/invoice';

const usdPayment = {
  id: 'pay_abc',
  amount: 12_000,
  currency: 'USD',
  base_amount: 1_001_480,
  base_currency: 'INR',
};

describe('the exchange rate of a payment', () => {
  it("is Razorpay's base_amount over the amount paid, in rupees per dollar, naming the payment", () => {
    const rate = exchangeRateOf(usdPayment, 'razorpay');
    expect(rate?.rate).toBe(1_001_480 / 12_000);
    expect(rate?.source).toBe('Razorpay, payment pay_abc: USD 120.00 = INR 10014.80');
  });

  it('is the fixed test rate on the test gateway, and says it is one', () => {
    expect(exchangeRateOf({ ...usdPayment, base_amount: undefined }, 'test')).toEqual(TEST_GATEWAY_RATE);
    expect(TEST_GATEWAY_RATE.source).toMatch(/test rate/);
  });

  it('is none for a rupee payment, or when Razorpay reported no rupee amount', () => {
    expect(exchangeRateOf({ ...usdPayment, currency: 'INR' }, 'razorpay')).toBeUndefined();
    expect(exchangeRateOf({ ...usdPayment, currency: 'INR' }, 'test')).toBeUndefined();
    expect(exchangeRateOf({ ...usdPayment, base_amount: null }, 'razorpay')).toBeUndefined();
    expect(exchangeRateOf({ ...usdPayment, base_currency: 'USD' }, 'razorpay')).toBeUndefined();
  });
});

describe('the rupee value of a USD invoice', () => {
  const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b * 100, 0));

  it('converts the total to the paisa the gateway reported, with taxable value plus tax equal to it', () => {
    const totals = invoiceTotals([12_000]);
    const inr = rupeeValueOf(totals, exchangeRateOf(usdPayment, 'razorpay')!);
    expect(inr.total).toBe(10_014.8);
    expect(sum([inr.taxable, ...inr.taxes.map((tax) => tax.amount)])).toBe(1_001_480);
    expect(inr.source).toBe('Razorpay, payment pay_abc: USD 120.00 = INR 10014.80');
  });

  it('keeps CGST and SGST equal in rupees', () => {
    const totals = invoiceTotals(
      [19_999, 4_567],
      [
        { label: 'CGST', ratePct: 9 },
        { label: 'SGST', ratePct: 9 },
      ],
    );
    const inr = rupeeValueOf(totals, { rate: 83.4567, source: 'x' });
    expect(inr.taxes.map((tax) => tax.label)).toEqual(['CGST', 'SGST']);
    expect(inr.taxes[0]!.amount).toBe(inr.taxes[1]!.amount);
    expect(sum([inr.taxable, ...inr.taxes.map((tax) => tax.amount)])).toBe(Math.round(24_566 * 83.4567));
  });

  it('has no taxes for an export under the LUT: the taxable value is the total', () => {
    const inr = rupeeValueOf(invoiceTotals([12_000], []), TEST_GATEWAY_RATE);
    expect(inr).toEqual({
      rate: 84,
      taxable: 10_080,
      taxes: [],
      total: 10_080,
      source: TEST_GATEWAY_RATE.source,
    });
  });
});
