/**
 * One payment, one order (DECISIONS 48; issue 28, item 1; issue 38, item 8): the one settlement
 * the callback, the webhook (`payment.captured`, `payment.authorized`, `order.paid`) and every
 * replay of them go through. `settlePayment` reads as its steps, each idempotent, with the
 * payment as the gateway has it and the checkout read once and passed down:
 *
 * 1. `decide`: what the checkout asked (it exists; this gateway order, not a replaced one; the
 *    amount and currency; an export paid from abroad; not paid by another payment);
 * 2. `claim`: the gateway order for this payment, create-only, and on the checkout in one
 *    conditional write, so its gateway order and billing are never replaced from here on;
 * 3. `holdCourses`: the buyer owns none of its courses now (one conditional write per buyer);
 * 4. `takeSeats`: every batch has the seats (one conditional write per batch, DECISIONS 54);
 * 5. `capture`: an authorised payment captured here, whatever the dashboard's auto-capture;
 * 6. `issueInvoice`, 7. `placeOrder`, 8. `queueConfirmation` (src/server/domain/shop/checkout.ts).
 *
 * A refusal at steps 1-4 keeps no money: an authorised payment is not captured, a captured one is
 * refunded in full at once, once (the refund is claimed on the payment's record before the gateway
 * is called), and the buyer is told. Nothing after the capture refuses: steps 6-8 are idempotent
 * writes, and one that fails leaves the payment listed as needing attention until the next
 * callback, webhook or replay finishes it.
 */
import { ValidationError } from '~/server/domain/errors';
import { isStaleClaim } from '~/server/domain/payments/claims';
import { isGatewayId } from '~/server/domain/payments/gateway-ids';
import { exchangeRateOf } from '~/server/domain/payments/exchange-rate';
import type { PaymentGateway } from '~/server/domain/payments/gateway';
import type { RazorpayPayment } from '~/server/domain/payments/razorpay';
import { formatAmount, renderPaymentRefused } from '~/server/domain/payments/payment-mail';
import {
  issueInvoice,
  placeOrder,
  queueConfirmation,
  type CheckoutDeps,
} from '~/server/domain/shop/checkout';
import { SKIP } from '~/server/storage/blob-store';
import {
  checkoutIdOf,
  checkoutOfGatewayOrder,
  claimCheckout,
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
type RefusalCode = 'no-checkout' | 'replaced' | 'amount' | 'domestic' | 'already-paid' | 'owned' | 'full';

/** The sentence staff read for each refusal (console, payments list). */
const REFUSAL_REASONS: Readonly<Record<RefusalCode | 'unmatched', string>> = {
  'no-checkout': 'The checkout this payment was for no longer exists.',
  replaced:
    'The buyer changed the billing details after this gateway order was made (another tab, or another country); the checkout is paid through a newer gateway order now (DECISIONS 58).',
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

/** A checkout billed to a country other than India: an export (DECISIONS 51). */
const isExport = (checkout: Checkout) => checkout.billing !== undefined && checkout.billing.country !== 'IN';

/** A step's verdict: go on with the checkout as it now stands, or refuse the payment. */
type Verdict = { readonly checkout: Checkout } | { readonly refuse: RefusalCode };

/** Step 1: what the checkout asked, checked against the payment; no writes. */
export function decide(payment: RazorpayPayment, checkout: Checkout | undefined): Verdict {
  const asked = checkout?.payment;
  if (!checkout || !asked) return { refuse: 'no-checkout' };
  // A gateway order the checkout replaced (another billing or currency asked since): never kept.
  if (payment.order_id !== asked.orderId) return { refuse: 'replaced' };
  if (payment.amount !== asked.amountCents || payment.currency !== asked.currency)
    return { refuse: 'amount' };
  // An export needs a payment from abroad (DECISIONS 51): refused before it claims the order.
  if (isExport(checkout) && payment.international === false) return { refuse: 'domestic' };
  // An order placed before payments had claims names its payment on the checkout.
  if (asked.reference !== undefined && asked.reference !== payment.id) return { refuse: 'already-paid' };
  return { checkout };
}

/**
 * Step 2: the gateway order for this payment (the first payment of it wins), then the checkout's
 * claim, so that no other tab's billing replaces the gateway order while it is settled.
 */
async function claim(paymentId: string, orderId: string, checkout: Checkout): Promise<Verdict> {
  if ((await claimGatewayOrder(orderId, paymentId)) !== paymentId) return { refuse: 'already-paid' };
  const claimed = await claimCheckout(checkout, orderId, paymentId);
  if (claimed === 'replaced') return { refuse: 'replaced' };
  if (claimed === 'other') return { refuse: 'already-paid' };
  return { checkout: claimed };
}

/** Step 3: the checkout's courses held for its gateway order, unless the buyer owns one now. */
async function holdCoursesOf(checkout: Checkout, orderId: string): Promise<boolean> {
  const courseIds = checkout.lines.map((line) => line.courseId);
  const taken = await holdCourses(
    checkout.userId,
    orderId,
    courseIds,
    await boughtCourseIds(checkout.userId),
  );
  return taken.length === 0;
}

/**
 * Step 4: the seats of every line's batch for the gateway order (DECISIONS 54), each in one
 * conditional write per batch, idempotent per gateway order: true when every batch gave them;
 * otherwise gives back those taken and answers false. A line from before batches takes none.
 */
async function takeSeatsOf(checkout: Checkout, claimId: string): Promise<boolean> {
  const lines = checkout.lines.filter((line) => line.batchId !== undefined);
  const outcomes = await Promise.all(
    lines.map((line) => takeSeats(line.batchId!, claimId, line.seats ?? 1, line.courseId)),
  );
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

/** Step 5: captures an authorised payment; a lost race with another capture reads the gateway again. */
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
  const payment = await gateway.fetchPayment(ids.paymentId);
  if (!payment || payment.order_id !== ids.orderId)
    return { outcome: 'unknown', why: `payment ${ids.paymentId} is not for ${ids.orderId}` };
  const checkout = await checkoutOfGatewayOrder(ids.orderId);
  const known = checkout !== undefined || (await isOurGatewayOrder(ids.orderId));
  await noteSeen(payment, ids.orderId, checkout, deps);
  if (payment.status === 'failed' || payment.status === 'created') return recordFailed(payment);
  if (!known) return recordUnmatched(payment);

  const decided = decide(payment, checkout);
  if ('refuse' in decided) return refused(payment, decided.refuse, checkout, deps);
  const claimed = await claim(payment.id, ids.orderId, decided.checkout);
  if ('refuse' in claimed) return refused(payment, claimed.refuse, checkout, deps);
  const paying = claimed.checkout;
  if (paying.orderNo === undefined) {
    if (!(await holdCoursesOf(paying, ids.orderId))) return refused(payment, 'owned', paying, deps);
    if (!(await takeSeatsOf(paying, ids.orderId))) {
      await releaseCourses(
        paying.userId,
        ids.orderId,
        paying.lines.map((line) => line.courseId),
      );
      return refused(payment, 'full', paying, deps);
    }
  }
  const captured = await capture(payment, gateway);
  if (captured.status !== 'captured') return notCaptured(captured, ids.orderId, paying, deps);

  try {
    const issued = await issueInvoice(
      paying,
      { paymentId: captured.id, exchangeRate: exchangeRateOf(captured, gateway.kind) },
      deps,
    );
    await placeOrder(issued, deps);
    await queueConfirmation(issued.order, deps);
    const { orderNo } = issued.order;
    const record = await updatePayment(captured.id, (current) =>
      current.outcome === 'order' && current.orderNo === orderNo
        ? SKIP
        : {
            ...current,
            status: 'captured',
            outcome: 'order',
            orderNo,
            reason: undefined,
            updatedAt: deps.now().toISOString(),
          },
    );
    return { outcome: 'order', orderNo, record };
  } catch (error) {
    // The money is taken and the order not finished: staff see it until a replay finishes it.
    const why = error instanceof Error ? error.message : String(error);
    await updatePayment(captured.id, (current) =>
      current.outcome === 'order'
        ? SKIP
        : {
            ...current,
            status: 'captured',
            outcome: 'attention',
            reason: `Captured, but its order was not finished (${why.slice(0, 200)}). The next webhook or replay finishes it; if none comes, refund the payment.`,
            updatedAt: deps.now().toISOString(),
          },
    ).catch(() => undefined);
    throw error;
  }
}

/** The payment's record, made the first time the gateway tells of it (the markers every time). */
async function noteSeen(
  payment: RazorpayPayment,
  orderId: string,
  checkout: Checkout | undefined,
  deps: SettleDeps,
) {
  const now = deps.now().toISOString();
  await notePayment({
    paymentId: payment.id,
    gatewayOrderId: orderId,
    gateway: deps.gateway.kind,
    ...(checkout ? { paymentNo: checkoutIdOf(checkout).replace('/', '.'), userId: checkout.userId } : {}),
    amountCents: payment.amount,
    currency: payment.currency,
    status: payment.status,
    outcome: 'pending',
    at: now,
    updatedAt: now,
  });
}

/** A payment that failed or was never made at the gateway: recorded as failed, nothing else. */
async function recordFailed(payment: RazorpayPayment): Promise<Settled> {
  const record = await updatePayment(payment.id, (current) =>
    current.outcome === 'pending' ? { ...current, status: payment.status, outcome: 'failed' } : SKIP,
  );
  return { outcome: record.outcome, record } as Settled;
}

/** A payment of a gateway order this site did not make: for staff to look at. */
async function recordUnmatched(payment: RazorpayPayment): Promise<Settled> {
  const record = await updatePayment(payment.id, (current) =>
    current.outcome === 'pending'
      ? { ...current, outcome: 'attention', reason: REFUSAL_REASONS.unmatched, reasonCode: 'unmatched' }
      : SKIP,
  );
  return { outcome: 'attention', record };
}

/**
 * A payment the gateway would not capture (refunded or voided there meanwhile: the dashboard, or
 * our own refund of a replayed refusal): for staff to look at, and the seats it took go back.
 */
async function notCaptured(
  payment: RazorpayPayment,
  orderId: string,
  checkout: Checkout,
  deps: SettleDeps,
): Promise<Settled> {
  await releaseSeatsOf(checkout, orderId);
  const record = await updatePayment(payment.id, (current) => ({
    ...current,
    status: payment.status,
    outcome: 'attention',
    reason: `The payment is ${payment.status} at the gateway; no order was placed.`,
    updatedAt: deps.now().toISOString(),
  }));
  return { outcome: 'attention', record };
}

/** A refused payment, as the settlement answers it. */
async function refused(
  payment: RazorpayPayment,
  code: RefusalCode,
  checkout: Checkout | undefined,
  deps: SettleDeps,
): Promise<Settled> {
  const record = await refuse(payment, code, checkout, deps);
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
      // A refund that failed left the money with us: the payment is still captured.
      status: refund.status === 'failed' ? current.status : 'refunded',
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
