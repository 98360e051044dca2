/**
 * The built-in test gateway (issue 18, item 5; DECISIONS 36): its page (the HTML is the HTTP layer's,
 * `src/server/http/test-checkout-page.ts`; issue 32, item 5) plays Razorpay's hosted
 * checkout with the same fields, signature and callback, so the whole purchase works offline. The
 * browser posts the checkout fields to it; its Pay and Decline buttons post back to it, and it
 * sends the browser on to the callback (307, which keeps the POST and its fields), with a
 * payment signed by the test key (Pay) or Razorpay's error fields (Decline). It never runs in
 * production (the function answers 404 there).
 */
import { ValidationError } from '~/server/domain/errors';
import { TEST_KEY_ID, type PaymentGateway } from '~/server/domain/payments/gateway';
import { CALLBACK_PATH, CANCEL_PATH } from '~/server/domain/payments/checkout-payment';
import { isGatewayId } from '~/server/domain/payments/gateway-ids';
import { isValidPaymentSignature, paymentSignature } from '~/server/domain/payments/signatures';
import { formatMoney } from '~/lib/shared/money';
import {
  getTestOrder,
  recordTestPayment,
  testGatewayId,
  type TestOrder,
} from '~/server/storage/test-gateway';

const TEST_CHECKOUT_ERRORS = {
  unknown: 'The test gateway has no such payment. Go back to the checkout and press Pay again.',
} as const;

/** Checks the posted fields name a test order of ours and return to this site; resolves to it. */
async function orderOf(fields: Readonly<Record<string, string>>, origin: string): Promise<TestOrder> {
  const orderId = fields['order_id'] ?? fields['razorpay_order_id'];
  // The id is checked against Razorpay's format before it names a record (issue 28, item 7).
  const order =
    fields['key_id'] === TEST_KEY_ID &&
    fields['callback_url'] === `${origin}${CALLBACK_PATH}` &&
    isGatewayId('order', orderId)
      ? await getTestOrder(orderId)
      : undefined;
  if (!order) throw new ValidationError([TEST_CHECKOUT_ERRORS.unknown]);
  return order;
}

/**
 * The field of the test page's second Pay that says the payment came from India. A test payment
 * is international when its order is not in rupees (a buyer abroad) unless it says `false`.
 */
const INTERNATIONAL_FIELD = 'test_international';

/** What the test gateway's page shows and posts (rendered by `src/server/http/test-checkout-page.ts`). */
export interface TestCheckoutView {
  readonly orderId: string;
  /** The amount of the order as the gateway has it (not as the form says), e.g. `$139.00 USD`. */
  readonly amount: string;
  /** The Pay button's amount, e.g. `$139.00`. */
  readonly payLabel: string;
  readonly description: string;
  /** Who pays, from the prefill fields (may be empty). */
  readonly payer: string;
  readonly payFields: Readonly<Record<string, string>>;
  /**
   * For an order in dollars (a buyer abroad), the fields of a second Pay that pays from India
   * ("Use an Indian card": Razorpay's `international` false), the export the shop refuses
   * (DECISIONS 51). Undefined for an order in rupees, which is always paid from India.
   */
  readonly indianCardFields: Readonly<Record<string, string>> | undefined;
  readonly declineFields: Readonly<Record<string, string>>;
  readonly cancelUrl: string;
}

/**
 * The test gateway's checkout page for the posted checkout fields: the order as the gateway has
 * it, a signed payment for Pay and Razorpay's error fields for Decline. Throws `ValidationError`
 * for fields that name no test order of ours.
 */
export async function testCheckoutView(
  fields: Readonly<Record<string, string>>,
  origin: string,
  gateway: PaymentGateway,
): Promise<TestCheckoutView> {
  const order = await orderOf(fields, origin);
  const paymentId = testGatewayId('pay');
  const callbackUrl = `${origin}${CALLBACK_PATH}`;
  const signature = paymentSignature(order.id, paymentId, await gateway.keySecret());
  // The order's currency (DECISIONS 46): rupees for a buyer in India.
  const currency = order.currency === 'INR' ? 'INR' : 'USD';
  const common = { key_id: TEST_KEY_ID, callback_url: callbackUrl };
  const payFields = {
    ...common,
    razorpay_payment_id: paymentId,
    razorpay_order_id: order.id,
    razorpay_signature: signature,
  };
  return {
    orderId: order.id,
    amount: `${formatMoney(order.amount, currency)} ${order.currency}`,
    payLabel: formatMoney(order.amount, currency),
    description: fields['description'] ?? '',
    payer: [fields['prefill[name]'], fields['prefill[email]']].filter(Boolean).join(', '),
    payFields,
    indianCardFields: order.currency === 'INR' ? undefined : { ...payFields, [INTERNATIONAL_FIELD]: 'false' },
    declineFields: {
      ...common,
      order_id: order.id,
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[description]': 'Payment declined on the test gateway.',
      'error[source]': 'customer',
      'error[step]': 'payment_authorization',
      'error[reason]': 'payment_declined',
      'error[metadata]': JSON.stringify({ payment_id: paymentId, order_id: order.id }),
    },
    cancelUrl: `${origin}${CANCEL_PATH}`,
  };
}

/**
 * The tester pressed Pay or Decline. Pay records the payment (authorized, as Razorpay leaves it
 * until the shop captures it; captured if the order is already paid) after checking its signature, so only a page this gateway made can
 * pay, international unless the order is in rupees or the tester chose "Use an Indian card";
 * Decline records nothing. Resolves to the callback address to send the browser on to.
 */
export async function decideTestPayment(
  decision: 'pay' | 'decline',
  fields: Readonly<Record<string, string>>,
  origin: string,
  gateway: PaymentGateway,
): Promise<string> {
  const order = await orderOf(fields, origin);
  if (decision === 'pay') {
    const paymentId = fields['razorpay_payment_id'] ?? '';
    const signed = { orderId: order.id, paymentId, signature: fields['razorpay_signature'] };
    if (!isValidPaymentSignature(signed, await gateway.keySecret()))
      throw new ValidationError([TEST_CHECKOUT_ERRORS.unknown]);
    await recordTestPayment({
      id: paymentId,
      order_id: order.id,
      amount: order.amount,
      currency: order.currency,
      // A second payment of an order already paid is captured at once, as Razorpay does with
      // the dashboard's auto-capture on: the case the shop must refund (issue 28, item 6).
      status: order.status === 'paid' ? 'captured' : 'authorized',
      international: order.currency !== 'INR' && fields[INTERNATIONAL_FIELD] !== 'false',
    });
  }
  return `${origin}${CALLBACK_PATH}`;
}
