/**
 * An order placed the way the payment callback places one, for domain tests that need orders:
 * the payment of the cart is started (a stand-in gateway order), then confirmed as captured.
 */
import type { BillingInput } from '~/lib/shared/schemas/billing';
import { BillingSchema } from '~/lib/shared/schemas/billing';
import * as z from '~/lib/shared/zod';
import type { ExchangeRate } from '~/server/domain/payments/exchange-rate';
import {
  issueInvoice,
  payableCheckout,
  placeOrder,
  queueConfirmation,
  type CheckoutDeps,
  type CheckoutResult,
  type CreateGatewayOrder,
} from '~/server/domain/shop/checkout';
import { checkoutOfGatewayOrder } from '~/server/storage/checkouts';

/**
 * The steps `settlePayment` runs once a payment of the gateway order `orderId` is captured
 * (issueInvoice, placeOrder, queueConfirmation), for domain tests of the checkout that need no
 * gateway: the checkout is read as the settlement reads it.
 */
export async function placePaidOrder(
  payment: { readonly orderId: string; readonly paymentId: string; readonly exchangeRate?: ExchangeRate },
  deps: CheckoutDeps,
): Promise<CheckoutResult> {
  const checkout = await checkoutOfGatewayOrder(payment.orderId);
  if (!checkout) throw new Error(`No checkout of ${payment.orderId}`);
  const issued = await issueInvoice(checkout, payment, deps);
  const placed = await placeOrder(issued, deps);
  await queueConfirmation(issued.order, deps);
  return placed;
}

let gatewayOrders = 0;
/** A gateway that answers a new order id per call. */
export const standInGateway: CreateGatewayOrder = async () => ({
  gateway: 'test',
  orderId: `order_standin${(gatewayOrders += 1)}`,
});

/** Pays for the user's cart at once (Karnataka unless `billing` says otherwise): one order. */
export async function paidCheckout(
  userId: string,
  idempotencyKey: string | undefined,
  deps: CheckoutDeps,
  billing: BillingInput = { name: 'Priya Rao', country: 'IN', state: '29' },
): Promise<CheckoutResult> {
  const started = await payableCheckout(
    { userId, idempotencyKey, billing: z.parse(BillingSchema, billing) },
    deps,
    standInGateway,
  );
  const payment = started.checkout.payment!;
  return placePaidOrder({ orderId: payment.orderId, paymentId: `pay_for_${payment.orderId}` }, deps);
}
