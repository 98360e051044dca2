/**
 * Payments as recorded (issue 28, item 2): a failed payment with the gateway's reason, a refund's
 * state as the gateway reports it, the buyer's view of a payment they started, and the console's
 * list of every payment ('needs attention' on its own).
 */
import { usdFromCents } from '~/lib/shared/money';
import type { PaymentRow, PaymentStatus } from '~/lib/shared/schemas/payments';
import { NotFound, ValidationError } from '~/server/domain/errors';
import { refundMovesForward } from '~/server/domain/payments/claims';
import { isGatewayId } from '~/server/domain/payments/gateway-ids';
import type { SettleDeps } from '~/server/domain/payments/payment-decision';
import { PAYMENT_ID_ERROR } from '~/server/domain/payments/payment-decision';
import { formatAmount, refusedPaymentMessage } from '~/server/domain/payments/payment-mail';
import { SKIP } from '~/server/storage/blob-store';
import { checkoutIdOf, checkoutOfGatewayOrder, getCheckout } from '~/server/storage/checkouts';
import { getOrder } from '~/server/storage/orders';
import {
  getPayment,
  NEEDS_ATTENTION,
  notePayment,
  paymentsOfGatewayOrder,
  updatePayment,
  type PaymentRecord,
} from '~/server/storage/payments';
import { refundOfGatewayRefund } from '~/server/storage/refunds';
import { pageWithCursor, type Page } from '~/server/domain/console/cursors';
import { pageOfIndex } from '~/server/storage/time-index';
import { recordOrderRefundEvent, type RefundDeps } from '~/server/domain/payments/refunds';
import { isProduction, type ServerEnv } from '~/server/env';

/** Records a payment the gateway reports failed (`payment.failed`), with its reason. */
export async function recordFailedPayment(
  payment: {
    readonly id: string;
    readonly order_id: string;
    readonly amount: number;
    readonly currency: string;
  },
  reason: string,
  deps: Pick<SettleDeps, 'gateway' | 'now'>,
): Promise<PaymentRecord> {
  if (!isGatewayId('order', payment.order_id) || !isGatewayId('pay', payment.id))
    throw new ValidationError([PAYMENT_ID_ERROR]);
  const checkout = await checkoutOfGatewayOrder(payment.order_id);
  const now = deps.now().toISOString();
  const why = reason.trim() === '' ? 'The gateway gave no reason.' : reason.trim().slice(0, 300);
  const record = await notePayment({
    paymentId: payment.id,
    gatewayOrderId: payment.order_id,
    gateway: deps.gateway.kind,
    ...(checkout ? { paymentNo: checkoutIdOf(checkout).replace('/', '.'), userId: checkout.userId } : {}),
    amountCents: payment.amount,
    currency: payment.currency,
    status: 'failed',
    outcome: 'failed',
    reason: why,
    at: now,
    updatedAt: now,
  });
  return record.outcome === 'pending'
    ? updatePayment(payment.id, (current) =>
        current.outcome === 'pending'
          ? { ...current, status: 'failed', outcome: 'failed', reason: why }
          : SKIP,
      )
    : record;
}

/**
 * Records what became of a refund (`refund.processed`, `refund.failed`): a staff refund's state
 * moves forward and a processed one issues its credit note (`recordOrderRefundEvent`); a refused
 * payment's refund is noted on its payment. A failed one needs attention.
 */
export async function recordRefundEvent(
  refund: { readonly id: string; readonly payment_id: string; readonly status: string },
  deps: RefundDeps,
): Promise<void> {
  const now = deps.now();
  if (!isGatewayId('pay', refund.payment_id) || !isGatewayId('rfnd', refund.id))
    throw new ValidationError([PAYMENT_ID_ERROR]);
  if (refund.status !== 'processed' && refund.status !== 'failed') return;
  const state = refund.status;
  const ofOrder = await refundOfGatewayRefund(refund.id);
  if (ofOrder) return recordOrderRefundEvent(ofOrder, state, deps);
  const record = await getPayment(refund.payment_id);
  if (!record?.refund || (record.refund.id !== undefined && record.refund.id !== refund.id)) return;
  await updatePayment(refund.payment_id, (current) =>
    !current.refund || !refundMovesForward(current.refund.state, state)
      ? SKIP
      : {
          ...current,
          refund: { ...current.refund!, id: refund.id, state },
          ...(state === 'failed'
            ? {
                outcome: 'attention' as const,
                reason: `The refund failed at the gateway. ${current.reason ?? ''}`.trim(),
              }
            : {}),
          updatedAt: now.toISOString(),
        },
  );
}

const PAYMENT_NO = /^([A-Za-z0-9_-]{16,64})\.(\d{1,9})$/;
const PAYMENT_STATUS_ERRORS = { notFound: 'There is no such payment.' } as const;

/**
 * `GET /api/payments/{paymentNo}/status`: what became of the payment a buyer started (API.md).
 * Anyone but the buyer gets `NotFound`.
 */
export async function paymentStatusOf(userId: string, paymentNo: string): Promise<PaymentStatus> {
  const match = PAYMENT_NO.exec(paymentNo);
  if (!match || match[1] !== userId) throw new NotFound([PAYMENT_STATUS_ERRORS.notFound]);
  const checkout = await getCheckout(userId, Number(match[2]));
  if (!checkout) throw new NotFound([PAYMENT_STATUS_ERRORS.notFound]);
  // The checkout's gateway order and any it replaced (a payment of one of those is refused).
  const orderIds = [
    ...(checkout.payment ? [checkout.payment.orderId] : []),
    ...(checkout.replacedGatewayOrders ?? []),
  ];
  const records = (await Promise.all(orderIds.map(paymentsOfGatewayOrder))).flat();
  records.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const refused = records.find((record) => refusedPaymentMessage(record) !== undefined);
  if (checkout.orderNo !== undefined && (await getOrder(checkout.orderNo))) {
    return {
      state: 'placed',
      orderNo: checkout.orderNo,
      ...(refused ? { message: refusedPaymentMessage(refused)! } : {}),
    };
  }
  if (refused) return { state: 'refunded', message: refusedPaymentMessage(refused)! };
  const latest = records[0];
  if (latest?.outcome === 'failed') {
    return {
      state: 'failed',
      message: `Your payment of ${formatAmount(latest.amountCents, latest.currency)} failed (${latest.reason ?? 'no reason given'}). Nothing was charged: you can pay again.`,
    };
  }
  return { state: 'waiting' };
}

/** Rows per page of the console's payments list. */
const PAYMENTS_PAGE_SIZE = 50;

/** A recorded payment as the console lists it. */
function paymentRowOf(record: PaymentRecord): PaymentRow {
  return {
    paymentId: record.paymentId,
    gatewayOrderId: record.gatewayOrderId,
    paymentNo: record.paymentNo ?? null,
    ...(record.orderNo ? { orderNo: record.orderNo } : {}),
    amount: usdFromCents(record.amountCents),
    currency: record.currency,
    status: record.status,
    outcome: record.outcome,
    reason: record.reason ?? null,
    refund: record.refund ? { id: record.refund.id ?? null, state: record.refund.state } : null,
    at: record.at,
  };
}

/** `GET /api/console/payments`: every payment, or those needing attention, newest first. */
export function listPayments(
  query: { readonly status: 'attention' | 'all'; readonly cursor?: string | undefined },
  now: Date,
): Promise<Page<PaymentRow>> {
  return pageWithCursor(`payments-${query.status}`, query.cursor, (after) =>
    pageOfIndex(
      query.status === 'attention' ? 'payments-attention' : 'payments',
      {
        cursor: after,
        limit: PAYMENTS_PAGE_SIZE,
        read: async (paymentId) => {
          const record = await getPayment(paymentId);
          // The attention index only grows: a payment whose trouble was resolved since is skipped.
          if (!record || (query.status === 'attention' && !NEEDS_ATTENTION.has(record.outcome)))
            return undefined;
          return paymentRowOf(record);
        },
      },
      now,
    ),
  );
}

/** The console's warning when the live site takes payments with Razorpay's test keys. */
const TEST_KEYS_WARNING =
  'The live site uses Razorpay test keys (rzp_test_): no real money is taken. Set the live keys.';

/** A warning for staff about the payment settings (issue 28, item 7), or undefined. */
export function paymentsWarningOf(settings: ServerEnv): string | undefined {
  return isProduction() && settings.razorpay?.keyId.startsWith('rzp_test_') ? TEST_KEYS_WARNING : undefined;
}
