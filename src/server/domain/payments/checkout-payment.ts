/**
 * Paying for a cart through a gateway's hosted checkout (API.md, Payments; DECISIONS 36): the
 * checkout answer the browser posts to the gateway, the callback the gateway sends the buyer back
 * with, and the webhook it calls when the buyer closed the tab. Callback and webhook only confirm a
 * payment; placing its order is `placePaidOrder`, idempotent per gateway order, so any number of
 * them, in any order, at once, make one order.
 */
import * as z from '~/lib/shared/zod';
import { internationalMobile } from '~/lib/shared/schemas/account';
import type { CheckoutAnswer } from '~/lib/shared/schemas/shop';
import { Conflict, ValidationError } from '~/server/domain/errors';
import type { PaymentGateway } from '~/server/domain/payments/gateway';
import { isGatewayId } from '~/server/domain/payments/gateway-ids';
import { settlePayment, type SettleDeps } from '~/server/domain/payments/payment-decision';
import { recordFailedPayment, recordRefundEvent } from '~/server/domain/payments/payment-records';
import { isValidPaymentSignature, isValidWebhookSignature } from '~/server/domain/payments/signatures';
import { payableCheckout, type CheckoutDeps, type PaymentRequest } from '~/server/domain/shop/checkout';
import { checkoutOfGatewayOrder } from '~/server/storage/checkouts';
import { getUser } from '~/server/storage/users';
import { site } from '~/site.config';

/** What paying needs besides a checkout's deps. */
export interface PaymentDeps extends CheckoutDeps {
  readonly gateway: PaymentGateway;
  /** The origin the gateway sends the buyer back to (callback and cancel addresses). */
  readonly returnOrigin: string;
}

const PAYMENT_ANSWERS = {
  alreadyPaid: 'This cart is already paid for: find the order in your purchase history.',
} as const;

/** Where the gateway sends the buyer back: after paying (a form post) and after cancelling. */
export const CALLBACK_PATH = '/api/payments/callback';
export const CANCEL_PATH = '/checkout?payment=cancelled';

/**
 * `POST /api/Cart/checkout`: starts (or finds) the payment of the user's cart and answers the
 * fields the browser posts to the gateway's hosted checkout.
 */
export async function startPayment(request: PaymentRequest, deps: PaymentDeps): Promise<CheckoutAnswer> {
  const { gateway } = deps;
  const started = await payableCheckout(request, deps, async ({ amountCents, currency, paymentNo }) => ({
    gateway: gateway.kind,
    orderId: (
      await gateway.createOrder({ amount: amountCents, currency, receipt: paymentNo, notes: { paymentNo } })
    ).id,
  }));
  const { checkout, paymentNo } = started;
  if (checkout.orderNo !== undefined) throw new Conflict([PAYMENT_ANSWERS.alreadyPaid]);
  const payment = checkout.payment!;
  const user = await getUser(request.userId);
  const count = checkout.lines.length;
  return {
    paymentNo,
    gateway: {
      url: gateway.checkoutUrl,
      fields: {
        key_id: gateway.keyId,
        order_id: payment.orderId,
        amount: String(payment.amountCents),
        currency: payment.currency,
        name: site.name,
        description:
          `${count} ${count === 1 ? 'course' : 'courses'}: ${checkout.lines.map((line) => line.name).join(', ')}`.slice(
            0,
            250,
          ),
        'prefill[name]': request.billing.name,
        'prefill[email]': checkout.billTo.email,
        'prefill[contact]': user ? internationalMobile(user.mobile) : '',
        'notes[paymentNo]': paymentNo,
        callback_url: `${deps.returnOrigin}${CALLBACK_PATH}`,
        cancel_url: `${deps.returnOrigin}${CANCEL_PATH}`,
      },
    },
  };
}

/** A callback's fields when the payment succeeded (API.md). */
const SuccessFieldsSchema = z.object({
  razorpay_payment_id: z.string().check(z.minLength(1), z.maxLength(100)),
  razorpay_order_id: z.string().check(z.minLength(1), z.maxLength(100)),
  razorpay_signature: z.string().check(z.maxLength(200)),
});

/**
 * How a callback ended: the order placed, the payment refused (not captured, or refunded: the
 * buyer's payment number, for the status call), or why nothing happened (for the log).
 */
export type CallbackOutcome =
  | { readonly placed: string }
  | { readonly refused: string; readonly orderNo: string | undefined }
  | { readonly failed: string };

/**
 * `POST /api/payments/callback`: the gateway sends the buyer back here with a payment's fields.
 * The ids are checked against Razorpay's format and the signature in constant time; then the one
 * decision (`settlePayment`) asks the gateway for the payment and places its order, or refuses it.
 * A failure's `error[...]` fields, a forged or replayed signature, a payment the gateway does not
 * have: nothing happens.
 */
export async function completePayment(
  fields: Readonly<Record<string, string>>,
  deps: PaymentDeps,
): Promise<CallbackOutcome> {
  const parsed = z.safeParse(SuccessFieldsSchema, fields);
  if (!parsed.success) {
    const code = fields['error[code]'] ?? 'no payment fields';
    return { failed: `${code}: ${fields['error[description]'] ?? ''}`.trim() };
  }
  const { razorpay_order_id: orderId, razorpay_payment_id: paymentId } = parsed.data;
  if (!isGatewayId('order', orderId) || !isGatewayId('pay', paymentId))
    return { failed: "ids not shaped like the gateway's" };
  const signed = { orderId, paymentId, signature: parsed.data.razorpay_signature };
  if (!isValidPaymentSignature(signed, await deps.gateway.keySecret()))
    return { failed: `bad signature for ${orderId}` };
  const settled = await settlePayment({ orderId, paymentId }, deps);
  if (settled.outcome === 'order') return { placed: settled.orderNo };
  if (settled.outcome === 'unknown') return { failed: settled.why };
  if (settled.outcome === 'failed' || settled.outcome === 'pending')
    return { failed: `payment ${paymentId} is ${settled.record.status}` };
  // A second payment of an order already placed: the buyer lands on that order.
  const orderNo = settled.record.reasonCode === 'already-paid' ? await orderNoOf(orderId) : undefined;
  return { refused: settled.record.reason ?? settled.outcome, orderNo };
}

/** The order number a gateway order's checkout placed, if it did. */
async function orderNoOf(orderId: string): Promise<string | undefined> {
  return (await checkoutOfGatewayOrder(orderId))?.orderNo;
}

/** The part of a webhook event read here (Razorpay's payment and refund entities). */
const WebhookEventSchema = z.object({
  event: z.string(),
  payload: z.optional(
    z.object({
      payment: z.optional(
        z.object({
          entity: z.object({
            id: z.string(),
            order_id: z.nullable(z.string()),
            amount: z.int(),
            currency: z.string(),
            status: z.string(),
            error_code: z.optional(z.nullable(z.string())),
            error_description: z.optional(z.nullable(z.string())),
            error_reason: z.optional(z.nullable(z.string())),
          }),
        }),
      ),
      refund: z.optional(
        z.object({
          entity: z.object({
            id: z.string(),
            payment_id: z.string(),
            amount: z.int(),
            status: z.string(),
          }),
        }),
      ),
    }),
  ),
});

/** Events that say a payment is authorised or captured: the one decision settles it. */
const PAYMENT_EVENTS = new Set(['payment.captured', 'payment.authorized', 'order.paid']);
/** Events that say what became of a refund. */
const REFUND_EVENTS = new Set(['refund.processed', 'refund.failed']);

const WEBHOOK_ERRORS = { signature: 'The webhook signature is not valid.' } as const;

/**
 * `POST /api/payments/webhook`: an event from the gateway, signed over its raw body. A payment
 * authorised or captured for a gateway order goes through the one decision (its order placed if
 * the callback has not, or the payment refused); a failed payment is recorded with the gateway's
 * reason; a refund's state is recorded. Every other well-signed event is acknowledged and
 * ignored. A bad signature, or ids not shaped like Razorpay's, is a `ValidationError` (400).
 * Resolves to the order number placed, or undefined when the event places nothing.
 */
export async function receiveWebhook(rawBody: string, signature: string | null, deps: SettleDeps) {
  const secret = await deps.gateway.webhookSecret();
  if (secret === undefined || !isValidWebhookSignature(rawBody, signature, secret))
    throw new ValidationError([WEBHOOK_ERRORS.signature]);
  let event: z.infer<typeof WebhookEventSchema>;
  try {
    event = z.parse(WebhookEventSchema, JSON.parse(rawBody));
  } catch {
    console.warn('[payments] a signed webhook event of an unknown shape was ignored');
    return undefined;
  }
  const payment = event.payload?.payment?.entity;
  const refund = event.payload?.refund?.entity;
  if (REFUND_EVENTS.has(event.event) && refund) {
    await recordRefundEvent(refund, deps);
    return undefined;
  }
  if (event.event === 'payment.failed' && payment?.order_id) {
    const reason = [payment.error_description, payment.error_reason].filter(Boolean).join(' ');
    await recordFailedPayment({ ...payment, order_id: payment.order_id }, reason, deps);
    return undefined;
  }
  if (!PAYMENT_EVENTS.has(event.event) || !payment?.order_id) return undefined;
  const settled = await settlePayment({ orderId: payment.order_id, paymentId: payment.id }, deps);
  if (settled.outcome === 'unknown') console.warn('[payments] webhook:', settled.why);
  return settled.outcome === 'order' ? settled.orderNo : undefined;
}
