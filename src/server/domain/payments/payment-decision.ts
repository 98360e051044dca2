/**
 * One payment, one order (DECISIONS 48; issue 28, item 1): the one decision the callback, the
 * webhook (`payment.captured`, `payment.authorized`, `order.paid`) and every replay of them go
 * through before a payment is captured or kept. A payment becomes an order when its checkout
 * exists, its amount and currency match, no other payment claimed the gateway order, and the
 * buyer owns none of its courses now (held in one conditional write per buyer), and every batch
 * of it has the seats (taken in one conditional write per batch, DECISIONS 54). Otherwise it is
 * never kept: an authorised one is not captured, a captured one is refunded in full at once, once
 * (the refund is claimed on the payment's record before the gateway is called). Capture happens
 * here, for the payments that become orders, whatever the dashboard's auto-capture setting.
 *
 * Steps, each idempotent (docs/checkout.md): seen (the payment's record), decided (the gateway
 * order's claim, the buyer's course hold), captured, placed (`placePaidOrder`), or refused
 * (refund claimed, refunded, the buyer told by e-mail).
 */
import { ValidationError } from '~/server/domain/errors';
import { isStaleClaim } from '~/server/domain/payments/claims';
import { isGatewayId } from '~/server/domain/payments/gateway-ids';
import { exchangeRateOf } from '~/server/domain/payments/exchange-rate';
import type { PaymentGateway } from '~/server/domain/payments/gateway';
import type { RazorpayPayment } from '~/server/domain/payments/razorpay';
import { formatAmount, renderPaymentRefused } from '~/server/domain/payments/payment-mail';
import { placePaidOrder, type CheckoutDeps } from '~/server/domain/shop/checkout';
import { SKIP } from '~/server/storage/blob-store';
import {
  checkoutIdOf,
  checkoutOfGatewayOrder,
  isOurGatewayOrder,
  type Checkout,
} from '~/server/storage/checkouts';
import { boughtCourseIds } from '~/server/storage/orders';
import { releaseSeats, takeSeats } from '~/server/storage/batches';
import {
  claimGatewayOrder,
  holdCourses,
  releaseCourses,
  notePayment,
  updatePayment,
  type PaymentRecord,
} from '~/server/storage/payments';

/** What settling a payment needs: a checkout's deps and the gateway. */
export interface SettleDeps extends CheckoutDeps {
  readonly gateway: PaymentGateway;
}

/** Why a payment is not kept (DECISIONS 48), as recorded. */
export type RefusalCode =
  'no-checkout' | 'replaced' | 'amount' | 'domestic' | 'already-paid' | 'owned' | 'full';

/** The sentence staff read for each refusal (console, payments list). */
export const REFUSAL_REASONS: Readonly<Record<RefusalCode | 'unmatched', string>> = {
  'no-checkout': 'The checkout this payment was for no longer exists.',
  replaced:
    'The buyer changed the billing country after this gateway order was made; the checkout asks another currency or amount now, through a newer gateway order.',
  amount: "The payment's amount or currency differs from its checkout's.",
  domestic:
    'The billing country is outside India but the payment was made from India (an export needs a payment from abroad).',
  'already-paid': 'The order was already paid by another payment.',
  owned: 'The buyer already owns a course of this checkout.',
  full: 'A batch of this checkout had no seats left for it when the payment was confirmed (DECISIONS 54).',
  unmatched: 'The payment is for a gateway order this site did not make.',
};

export const PAYMENT_ID_ERROR = 'That is not a payment of this site.';

/** How settling ended. `unknown`: the gateway has no such payment of that order; nothing recorded. */
export type Settled =
  | { readonly outcome: 'order'; readonly orderNo: string; readonly record: PaymentRecord }
  | { readonly outcome: Exclude<PaymentRecord['outcome'], 'order'>; readonly record: PaymentRecord }
  | { readonly outcome: 'unknown'; readonly why: string };

type Decision = { readonly become: 'order'; readonly checkout: Checkout } | { readonly refuse: RefusalCode };

/** A checkout billed to a country other than India: an export (DECISIONS 51). */
const isExport = (checkout: Checkout) => checkout.billing !== undefined && checkout.billing.country !== 'IN';

/** The decision itself: the order's claim and the buyer's course hold are its only writes. */
async function decide(payment: RazorpayPayment, checkout: Checkout | undefined): Promise<Decision> {
  const asked = checkout?.payment;
  if (!checkout || !asked) return { refuse: 'no-checkout' };
  // A gateway order the checkout replaced (another currency asked since): never kept.
  if (payment.order_id !== asked.orderId) return { refuse: 'replaced' };
  if (payment.amount !== asked.amountCents || payment.currency !== asked.currency)
    return { refuse: 'amount' };
  // An export needs a payment from abroad (DECISIONS 51): refused before it claims the order.
  if (isExport(checkout) && payment.international === false) return { refuse: 'domestic' };
  // An order placed before payments had claims names its payment on the checkout.
  if (asked.reference !== undefined && asked.reference !== payment.id) return { refuse: 'already-paid' };
  if ((await claimGatewayOrder(asked.orderId, payment.id)) !== payment.id) return { refuse: 'already-paid' };
  if (checkout.orderNo === undefined) {
    const courseIds = checkout.lines.map((line) => line.courseId);
    const taken = await holdCourses(
      checkout.userId,
      asked.orderId,
      courseIds,
      await boughtCourseIds(checkout.userId),
    );
    if (taken.length > 0) return { refuse: 'owned' };
    // The seats, after the course hold: all of them or none, and the hold goes with them.
    if (!(await takeSeatsOf(checkout, asked.orderId))) {
      await releaseCourses(checkout.userId, asked.orderId, courseIds);
      return { refuse: 'full' };
    }
  }
  return { become: 'order', checkout };
}

/**
 * Takes the seats of every line's batch for the gateway order (DECISIONS 54), each in one
 * conditional write per batch, idempotent per gateway order: true when every batch gave them;
 * otherwise gives back those taken and answers false. A line from before batches takes none.
 */
async function takeSeatsOf(checkout: Checkout, claimId: string): Promise<boolean> {
  const lines = checkout.lines.filter((line) => line.batchId !== undefined);
  const outcomes = await Promise.all(lines.map((line) => takeSeats(line.batchId!, claimId, line.seats ?? 1)));
  if (outcomes.every((outcome) => outcome === 'taken')) return true;
  await Promise.all(
    lines.map((line, index) =>
      outcomes[index] === 'taken' ? releaseSeats(line.batchId!, claimId) : Promise.resolve(),
    ),
  );
  return false;
}

/** Gives back the seats a gateway order took of its checkout's batches (idempotent). */
async function releaseSeatsOf(checkout: Checkout, claimId: string): Promise<void> {
  await Promise.all(
    checkout.lines.map((line) => (line.batchId ? releaseSeats(line.batchId, claimId) : Promise.resolve())),
  );
}

/** Captures an authorised payment; a lost race with another capture reads the gateway again. */
async function capture(payment: RazorpayPayment, gateway: PaymentGateway): Promise<RazorpayPayment> {
  if (payment.status !== 'authorized') return payment;
  try {
    return await gateway.capturePayment(payment.id, payment.amount, payment.currency);
  } catch (error) {
    const now = await gateway.fetchPayment(payment.id);
    if (now && now.status !== 'authorized') return now;
    throw error;
  }
}

/**
 * Settles the payment `paymentId` of the gateway order `orderId`, as the gateway has it now
 * (asked, never taken from the caller). Safe to run any number of times, at once: one order,
 * at most one refund. Throws `ValidationError` for ids not shaped like Razorpay's.
 */
export async function settlePayment(
  ids: { readonly orderId: string; readonly paymentId: string },
  deps: SettleDeps,
): Promise<Settled> {
  if (!isGatewayId('order', ids.orderId) || !isGatewayId('pay', ids.paymentId))
    throw new ValidationError([PAYMENT_ID_ERROR]);
  const { gateway } = deps;
  let payment = await gateway.fetchPayment(ids.paymentId);
  if (!payment || payment.order_id !== ids.orderId)
    return { outcome: 'unknown', why: `payment ${ids.paymentId} is not for ${ids.orderId}` };
  const checkout = await checkoutOfGatewayOrder(ids.orderId);
  const known = checkout !== undefined || (await isOurGatewayOrder(ids.orderId));
  const now = deps.now().toISOString();
  let record: PaymentRecord;
  await notePayment({
    paymentId: payment.id,
    gatewayOrderId: ids.orderId,
    gateway: gateway.kind,
    ...(checkout ? { paymentNo: checkoutIdOf(checkout).replace('/', '.'), userId: checkout.userId } : {}),
    amountCents: payment.amount,
    currency: payment.currency,
    status: payment.status,
    outcome: 'pending',
    at: now,
    updatedAt: now,
  });
  if (payment.status === 'failed' || payment.status === 'created') {
    record = await updatePayment(payment.id, (current) =>
      current.outcome === 'pending' ? { ...current, status: payment!.status, outcome: 'failed' } : SKIP,
    );
    return { outcome: record.outcome, record } as Settled;
  }
  if (!known) {
    record = await updatePayment(payment.id, (current) =>
      current.outcome === 'pending'
        ? { ...current, outcome: 'attention', reason: REFUSAL_REASONS.unmatched, reasonCode: 'unmatched' }
        : SKIP,
    );
    return { outcome: 'attention', record };
  }

  const decision = await decide(payment, checkout);
  if ('become' in decision) {
    payment = await capture(payment, gateway);
    if (payment.status !== 'captured') {
      // Refunded or voided at the gateway meanwhile (the dashboard, or our own refund of a
      // replayed refusal): for staff to look at, and the seats it took go back.
      await releaseSeatsOf(decision.checkout, ids.orderId);
      record = await updatePayment(payment.id, (current) => ({
        ...current,
        status: payment!.status,
        outcome: 'attention',
        reason: `The payment is ${payment!.status} at the gateway; no order was placed.`,
        updatedAt: deps.now().toISOString(),
      }));
      return { outcome: 'attention', record };
    }
    const placed = await placePaidOrder(
      {
        orderId: ids.orderId,
        paymentId: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        status: payment.status,
        exchangeRate: exchangeRateOf(payment, gateway.kind),
      },
      deps,
    );
    record = await updatePayment(payment.id, (current) =>
      current.outcome === 'order' && current.orderNo === placed.orderNo
        ? SKIP
        : {
            ...current,
            status: 'captured',
            outcome: 'order',
            orderNo: placed.orderNo,
            updatedAt: deps.now().toISOString(),
          },
    );
    return { outcome: 'order', orderNo: placed.orderNo, record };
  }
  record = await refuse(payment, decision.refuse, checkout, deps);
  return { outcome: record.outcome, record } as Settled;
}

/**
 * A payment that does not become an order: left uncaptured if only authorised, else refunded in
 * full once; the buyer (when known) is told by e-mail once.
 */
async function refuse(
  payment: RazorpayPayment,
  code: RefusalCode,
  checkout: Checkout | undefined,
  deps: SettleDeps,
): Promise<PaymentRecord> {
  const reason = REFUSAL_REASONS[code];
  const at = deps.now().toISOString();
  const orderNo = code === 'already-paid' ? await duplicatedOrderNo(checkout) : undefined;
  const named = orderNo === undefined ? {} : { orderNo };
  let record: PaymentRecord;
  if (payment.status === 'authorized') {
    record = await updatePayment(payment.id, (current) => {
      if (current.outcome === 'pending')
        return {
          ...current,
          ...named,
          status: 'authorized',
          outcome: 'not-captured',
          reason,
          reasonCode: code,
          updatedAt: at,
        };
      // A replay after the other payment's order was placed names it.
      return orderNo !== undefined && current.orderNo === undefined ? { ...current, orderNo } : SKIP;
    });
  } else {
    await updatePayment(payment.id, (current) =>
      current.reasonCode === code && (orderNo === undefined || current.orderNo === orderNo)
        ? SKIP
        : { ...current, ...named, reason, reasonCode: code, updatedAt: at },
    );
    record = await refundInFull(payment, code, deps);
  }
  if (checkout && (record.outcome === 'refunded' || record.outcome === 'not-captured')) {
    await deps.mail.queue({
      ...renderPaymentRefused(record, code, checkout, deps.siteUrl),
      to: [checkout.billTo.email],
      idempotencyKey: `payment-refused-${payment.id}`,
    });
  }
  return record;
}

/**
 * The order a payment refused as `already-paid` duplicated, when it is placed by now (the
 * checkout read before the decision may predate it): staff see it on the payment's row.
 */
async function duplicatedOrderNo(checkout: Checkout | undefined): Promise<string | undefined> {
  if (!checkout) return undefined;
  if (checkout.orderNo !== undefined || !checkout.payment) return checkout.orderNo;
  return (await checkoutOfGatewayOrder(checkout.payment.orderId))?.orderNo;
}

/**
 * Refunds a captured payment in full, once: the refund is claimed on the payment's record first
 * (one caller wins; a claim left unanswered by a crash is taken again after a while), then asked
 * of the gateway with notes naming the reason. A refund the gateway refuses needs attention.
 */
async function refundInFull(
  payment: RazorpayPayment,
  code: RefusalCode,
  deps: SettleDeps,
): Promise<PaymentRecord> {
  const requestedAt = deps.now().toISOString();
  let mine = false;
  const claimed = await updatePayment(payment.id, (current) => {
    mine = false;
    const refund = current.refund;
    const stale = refund?.state === 'requested' && isStaleClaim(refund.requestedAt, deps.now());
    if (refund && !stale) return SKIP;
    if (payment.status === 'refunded') {
      // Refunded already at the gateway (a lost answer, the dashboard): nothing to ask.
      return { ...current, status: 'refunded', outcome: 'refunded', updatedAt: requestedAt };
    }
    mine = true;
    // Refunded from the claim on: a replay meanwhile answers the same (the gateway's refusal
    // turns it into `attention` below).
    return {
      ...current,
      status: payment.status,
      outcome: 'refunded',
      refund: { amountCents: payment.amount, state: 'requested', requestedAt },
      updatedAt: requestedAt,
    };
  });
  if (!mine) return claimed;
  const notes = {
    reason: `${code}: ${REFUSAL_REASONS[code]}`,
    ...(claimed.paymentNo ? { paymentNo: claimed.paymentNo } : {}),
  };
  try {
    const refund = await deps.gateway.refundPayment(payment.id, payment.amount, notes);
    return await updatePayment(payment.id, (current) => ({
      ...current,
      status: 'refunded',
      outcome: refund.status === 'failed' ? 'attention' : 'refunded',
      ...(refund.status === 'failed' ? { reason: `The refund failed. ${REFUSAL_REASONS[code]}` } : {}),
      refund: { id: refund.id, amountCents: refund.amount, state: refund.status, requestedAt },
      updatedAt: deps.now().toISOString(),
    }));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    console.error('[payments] a refund failed', payment.id, why);
    return updatePayment(payment.id, (current) => ({
      ...current,
      outcome: 'attention',
      reason: `The refund of ${formatAmount(payment.amount, payment.currency)} failed (${why}). ${REFUSAL_REASONS[code]}`,
      refund: { amountCents: payment.amount, state: 'failed', requestedAt },
      updatedAt: deps.now().toISOString(),
    }));
  }
}
