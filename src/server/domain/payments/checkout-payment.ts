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
import { isValidPaymentSignature, isValidWebhookSignature } from '~/server/domain/payments/signatures';
import {
  placePaidOrder,
  startPayment,
  type CheckoutDeps,
  type PaymentRequest,
} from '~/server/domain/shop/checkout';
import { checkoutOfGatewayOrder } from '~/server/storage/checkouts';
import { getUser } from '~/server/storage/users';
import { site } from '~/site.config';

/** What paying needs besides a checkout's deps. */
export interface PaymentDeps extends CheckoutDeps {
  readonly gateway: PaymentGateway;
  /** The origin the gateway sends the buyer back to (callback and cancel addresses). */
  readonly returnOrigin: string;
}

export const PAYMENT_ANSWERS = {
  alreadyPaid: 'This cart is already paid for: find the order in your purchase history.',
} as const;

/** Where the gateway sends the buyer back: after paying (a form post) and after cancelling. */
export const CALLBACK_PATH = '/api/payments/callback';
export const CANCEL_PATH = '/checkout?payment=cancelled';

/**
 * `POST /api/Cart/checkout`: starts (or finds) the payment of the user's cart and answers the
 * fields the browser posts to the gateway's hosted checkout.
 */
export async function beginPayment(request: PaymentRequest, deps: PaymentDeps): Promise<CheckoutAnswer> {
  const { gateway } = deps;
  const started = await startPayment(request, deps, async ({ amountCents, currency, paymentNo }) => ({
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

/** How a callback ended: the order placed, or why not (for the log; the buyer sees one message). */
export type CallbackOutcome = { readonly placed: string } | { readonly failed: string };

/**
 * `POST /api/payments/callback`: the gateway sends the buyer back here with a payment's fields.
 * The signature is checked in constant time, then the gateway is asked for the payment: it must
 * be this order's, for its amount and currency, and is captured if only authorized. Then the order
 * is placed. Anything else (a failure's `error[...]` fields, a forged or replayed signature, a
 * payment for another amount) places nothing.
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
  const signed = { orderId, paymentId, signature: parsed.data.razorpay_signature };
  if (!isValidPaymentSignature(signed, await deps.gateway.keySecret()))
    return { failed: `bad signature for ${orderId}` };
  const checkout = await checkoutOfGatewayOrder(orderId);
  const asked = checkout?.payment;
  if (!asked || asked.orderId !== orderId) return { failed: `unknown order ${orderId}` };
  let payment = await deps.gateway.fetchPayment(paymentId);
  if (!payment || payment.order_id !== orderId)
    return { failed: `payment ${paymentId} is not for ${orderId}` };
  if (payment.amount !== asked.amountCents || payment.currency !== asked.currency)
    return { failed: `payment ${paymentId} is for ${payment.amount} ${payment.currency}` };
  if (payment.status === 'authorized')
    payment = await deps.gateway.capturePayment(paymentId, asked.amountCents, asked.currency);
  if (payment.status !== 'captured') return { failed: `payment ${paymentId} is ${payment.status}` };
  const placed = await placePaidOrder(
    { orderId, paymentId, amount: payment.amount, currency: payment.currency, status: payment.status },
    deps,
  );
  return { placed: placed.orderNo };
}

/** The part of a webhook event read here (Razorpay's payment entity). */
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
          }),
        }),
      ),
    }),
  ),
});

/** Events that say a payment was captured: they place its order. */
const PAID_EVENTS = new Set(['payment.captured', 'order.paid']);

export const WEBHOOK_ERRORS = { signature: 'The webhook signature is not valid.' } as const;

/**
 * `POST /api/payments/webhook`: an event from the gateway, signed over its raw body. A payment
 * captured for one of our gateway orders places that order (if the callback has not); every other
 * well-signed event is acknowledged and ignored. A bad signature is a `ValidationError` (400).
 * Resolves to the order number placed, or undefined when the event places nothing.
 */
export async function receiveWebhook(
  rawBody: string,
  signature: string | null,
  deps: CheckoutDeps & { readonly gateway: PaymentGateway },
): Promise<string | undefined> {
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
  if (!PAID_EVENTS.has(event.event) || !payment?.order_id) return undefined;
  const checkout = await checkoutOfGatewayOrder(payment.order_id);
  if (!checkout) return undefined;
  try {
    const placed = await placePaidOrder(
      {
        orderId: payment.order_id,
        paymentId: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        status: payment.status,
      },
      deps,
    );
    return placed.orderNo;
  } catch (error) {
    // A payment that does not match its order is for staff to look at, not for Razorpay to resend.
    if (error instanceof ValidationError) {
      console.error('[payments] webhook payment refused', payment.id, error.messages.join(' '));
      return undefined;
    }
    throw error;
  }
}
