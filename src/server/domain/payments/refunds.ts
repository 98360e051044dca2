/**
 * Refunds by staff (DECISIONS 49; issue 28, items 4-5; issue 38, items 2 and 8): the whole order or
 * chosen courses, with a reason, one refund per Idempotency-Key however often it is pressed.
 * `refundOrder` reads as its steps, each idempotent:
 *
 * 1. `refundableOrder`: the order, paid online, and the courses asked, all of it;
 * 2. `claimRefund`: the refund added to the order's refunds in one conditional write, with the
 *    courses no other live refund took (none left: `Conflict`); its id comes from the key, so a
 *    repeat finds it. A failed refund's courses are free to be refunded again;
 * 3. `askGateway`: the gateway's refund for the amount, notes naming the reason; only the call
 *    that claimed it asks (or, once the claim is stale, one repeat: `isStaleClaim`);
 * 4. `settleRefund`: what the gateway's answer means, here or when its webhook tells later:
 *    - `processed`: the money went back, so the GST credit note is issued (`issueCreditNote`),
 *      dated then and made from the invoice as issued; the courses are released
 *      (`releaseRefundedCourses`) and the buyer is mailed the credit note;
 *    - `pending`: the buyer is mailed that the refund is on its way; nothing is issued yet;
 *    - `failed`: no credit note (the buyer still bore the tax); the payment needs attention.
 *
 * A refund's state only moves forward (`refundMovesForward`): an old `refund.failed` never undoes
 * `processed`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { financialYearOf, instantsOfDays } from '~/lib/shared/dates';
import { majorFromMinor, sumCents, usdFromCents } from '~/lib/shared/money';
import { type CreditNote, type Refund, type RefundRequest } from '~/lib/shared/schemas/payments';
import { ORDER_NO_PATTERN } from '~/lib/shared/schemas/shop';
import { invoiceTotals } from '~/lib/shared/tax';
import type { StaffMember } from '~/server/domain/auth/staff';
import { Conflict, NotFound, ValidationError } from '~/server/domain/errors';
import type { MailQueue } from '~/server/domain/mail-queue';
import { isStaleClaim, refundMovesForward } from '~/server/domain/payments/claims';
import type { PaymentGateway } from '~/server/domain/payments/gateway';
import { renderRefundMail } from '~/server/domain/payments/refund-mail';
import { issuedInvoiceOf, printedTotalsOf, rupeeValueOf } from '~/server/domain/shop/invoice';
import { creditNoteSeriesOf, formatCreditNoteNo } from '~/server/domain/shop/order-numbers';
import { SKIP } from '~/server/storage/blob-store';
import { assignNumber } from '~/server/storage/counters';
import { forgetBoughtCourses, getOrder, type Order } from '~/server/storage/orders';
import { getPayment, releaseCourses, updatePayment } from '~/server/storage/payments';
import { releaseSeats } from '~/server/storage/batches';
import { updateEnrolment, type EnrolmentRecord } from '~/server/storage/enrolments';
import { queueRefundCancellations, refundCancellationFor } from '~/server/domain/students/student-notices';
import {
  addRefund,
  getCreditNote,
  indexGatewayRefund,
  saveCreditNote,
  refundsOfOrder,
  updateRefund,
  type OrderRefund,
} from '~/server/storage/refunds';
import { addToIndex, pageOfIndex } from '~/server/storage/time-index';

/** What a refund needs from the outside world. */
export interface RefundDeps {
  readonly gateway: PaymentGateway;
  readonly mail: MailQueue;
  readonly now: () => Date;
  readonly siteUrl: string;
}

export const REFUND_ERRORS = {
  notFound: 'There is no such order.',
  notInOrder: 'Choose courses of this order.',
  noPayment: 'This order was not paid online, so it cannot be refunded here.',
  nothingLeft: 'Nothing of this is left to refund.',
  creditNote: 'Credit note not found.',
} as const;

/**
 * The refund moved on to `state` at `at`, or SKIP when that is no move forward
 * (`refundMovesForward`). The first `processed` dates it.
 */
function advanceRefund(
  current: OrderRefund,
  state: OrderRefund['state'],
  at: string,
  extra: Partial<Pick<OrderRefund, 'gatewayRefundId' | 'failure'>> = {},
): OrderRefund | typeof SKIP {
  if (!refundMovesForward(current.state, state)) return SKIP;
  return {
    ...current,
    ...extra,
    state,
    updatedAt: at,
    ...(state === 'processed' ? { processedAt: current.processedAt ?? at } : {}),
  };
}

/** When the money went back: the credit note's date (a refund processed before `processedAt` was kept: its last change). */
const processedAtOf = (refund: OrderRefund): string => refund.processedAt ?? refund.updatedAt;

/** The refund as the console shows it. */
export function refundViewOf(refund: OrderRefund): Refund {
  return {
    id: refund.id,
    amount: usdFromCents(refund.amountCents),
    currency: refund.currency,
    status: refund.state === 'requested' ? 'pending' : refund.state,
    courseIds: refund.courseIds,
    creditNoteNo: refund.creditNoteNo ?? null,
  };
}

/**
 * The credit note of a processed refund (DECISIONS 49): the invoice as issued (seller, buyer,
 * place of supply, rates and heads, LUT legend, exchange rate), with the refunded lines only and
 * their value and tax computed by the invoice's own rates, never from today's settings.
 */
function creditNoteOf(order: Order, refund: OrderRefund, creditNoteNo: string): CreditNote {
  const invoice = issuedInvoiceOf(order);
  const refunded = new Set(refund.courseIds);
  const lines = order.lines.filter((line) => refunded.has(line.courseId));
  const rates = invoice.totals.taxes.map(({ label, ratePct }) => ({ label, ratePct }));
  const totals = invoiceTotals(
    lines.map((line) => line.priceCents),
    rates,
  );
  const printed = new Map(invoice.lines.map((line) => [line.courseId, line]));
  return {
    ...invoice,
    lines: lines.map((line, index) => ({
      ...printed.get(line.courseId)!,
      taxableValue: majorFromMinor(totals.lines[index]!.taxableCents),
    })),
    ...printedTotalsOf(totals, invoice.currency),
    // A USD invoice's rupee value is reversed at the invoice's own rate (CGST Rule 34; issue 29).
    ...(invoice.inr
      ? { inr: rupeeValueOf(totals, { rate: invoice.inr.rate, source: invoice.inr.source }) }
      : {}),
    creditNoteNo,
    creditNoteDate: processedAtOf(refund),
    originalInvoice: { orderNo: order.orderNo, orderDate: order.placedAt },
    reason: refund.reason,
    amountStatus: 'Refunded',
    refundId: refund.id,
  };
}

/** The input of `refundOrder`: the console's request, its key and who asked. */
export type RefundOrderInput = RefundRequest & {
  readonly orderNo: string;
  readonly idempotencyKey: string | undefined;
  readonly staff: StaffMember;
};

/** `POST /api/console/orders/{orderNo}/refunds`: refunds the order or some of its courses. */
export async function refundOrder(input: RefundOrderInput, deps: RefundDeps): Promise<Refund> {
  const { order, courseIds } = await refundableOrder(input);
  const claimed = await claimRefund(order, courseIds, input, deps);
  let refund = claimed.refund;
  const stale = refund.state === 'requested' && isStaleClaim(refund.updatedAt, deps.now());
  if (claimed.added || stale) refund = await askGateway(order, refund, stale, deps);
  return refundViewOf(await settleRefund(order, refund, deps));
}

/** Step 1: the order, paid online, and the courses to refund (all of it when none are named). */
async function refundableOrder(
  input: RefundOrderInput,
): Promise<{ readonly order: Order; readonly courseIds: readonly number[] }> {
  const order = ORDER_NO_PATTERN.test(input.orderNo) ? await getOrder(input.orderNo) : undefined;
  if (!order) throw new NotFound([REFUND_ERRORS.notFound]);
  if (!order.payment) throw new Conflict([REFUND_ERRORS.noPayment]);
  const inOrder = new Set(order.lines.map((line) => line.courseId));
  const courseIds = input.courseIds ?? [...inOrder];
  if (courseIds.some((id) => !inOrder.has(id))) throw new ValidationError([REFUND_ERRORS.notInOrder]);
  return { order, courseIds: [...new Set(courseIds)] };
}

/** Our id of a refund: from the Idempotency-Key (a repeat finds it), else random. */
function refundIdOf(orderNo: string, idempotencyKey: string | undefined): string {
  return idempotencyKey
    ? `rf_${createHash('sha256').update(`${orderNo}\n${idempotencyKey}`).digest('hex').slice(0, 16)}`
    : `rf_${randomBytes(8).toString('hex')}`;
}

/**
 * Step 2: the refund on the order's record, in one conditional write: the one this key made, or a
 * new one for the courses no other refund holds (a failed refund holds none); `Conflict` when
 * none is left.
 */
async function claimRefund(
  order: Order,
  courseIds: readonly number[],
  input: RefundOrderInput,
  deps: RefundDeps,
): Promise<{ readonly refund: OrderRefund; readonly added: boolean }> {
  const refundId = refundIdOf(order.orderNo, input.idempotencyKey);
  const at = deps.now().toISOString();
  const claimed = await addRefund(order.orderNo, (refunds) => {
    const found = refunds.find((refund) => refund.id === refundId);
    if (found) return { found };
    const taken = new Set(
      refunds.filter((refund) => refund.state !== 'failed').flatMap((refund) => refund.courseIds),
    );
    const left = courseIds.filter((id) => !taken.has(id));
    if (left.length === 0) return {};
    const lines = order.lines.filter((line) => left.includes(line.courseId));
    return {
      add: {
        id: refundId,
        courseIds: left,
        amountCents: sumCents(lines.map((line) => line.priceCents)),
        // The order's currency (DECISIONS 46): an order paid in rupees is refunded in paise.
        currency: order.currency ?? 'USD',
        reason: input.reason,
        state: 'requested',
        by: `${input.staff.name} <${input.staff.email}>`,
        at,
        updatedAt: at,
      },
    };
  });
  if (!claimed.refund) throw new Conflict([REFUND_ERRORS.nothingLeft]);
  return { refund: claimed.refund, added: claimed.added };
}

/**
 * Step 3: asks the gateway for the refund and records its answer; a refusal or a lost call is a
 * failed refund. A stale claim is taken over first, so one repeat asks again, not every one.
 */
async function askGateway(
  order: Order,
  refund: OrderRefund,
  stale: boolean,
  deps: RefundDeps,
): Promise<OrderRefund> {
  const paymentId = order.payment!.reference;
  if (stale) {
    let mine = false;
    const taken = await updateRefund(order.orderNo, refund.id, (current) => {
      mine = current.state === 'requested' && current.updatedAt === refund.updatedAt;
      return mine ? { ...current, updatedAt: deps.now().toISOString() } : SKIP;
    });
    if (!mine) return taken ?? refund;
  }
  const notes = { reason: refund.reason, orderNo: order.orderNo, refundId: refund.id };
  let answer: Awaited<ReturnType<PaymentGateway['refundPayment']>>;
  try {
    answer = await deps.gateway.refundPayment(paymentId, refund.amountCents, notes);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    console.error('[payments] a staff refund failed', order.orderNo, refund.id, why);
    return moveRefund(order, refund.id, 'failed', deps, { failure: why.slice(0, 300) });
  }
  await indexGatewayRefund(answer.id, order.orderNo, refund.id);
  return moveRefund(order, refund.id, answer.status, deps, { gatewayRefundId: answer.id });
}

/**
 * Moves a refund of `order` forward to `state` (never back) and lists a failed one for staff;
 * resolves to the refund as stored.
 */
async function moveRefund(
  order: Order,
  refundId: string,
  state: OrderRefund['state'],
  deps: Pick<RefundDeps, 'now'>,
  extra: Partial<Pick<OrderRefund, 'gatewayRefundId' | 'failure'>> = {},
): Promise<OrderRefund> {
  const at = deps.now().toISOString();
  const stored = await updateRefund(order.orderNo, refundId, (current) =>
    advanceRefund(current, state, at, extra),
  );
  if (!stored) throw new Error(`Refund ${refundId} of ${order.orderNo} is missing`);
  if (stored.state === 'failed' && state === 'failed')
    await refundNeedsAttention(order, stored, extra.failure ?? 'the gateway failed it');
  return stored;
}

/**
 * Step 4: what the refund's state asks for, idempotent (every repeat and webhook runs it again):
 * processed, the credit note, the courses released and the buyer mailed it; pending, the buyer
 * told it is on its way. A failed refund was listed for staff when it failed.
 */
async function settleRefund(order: Order, refund: OrderRefund, deps: RefundDeps): Promise<OrderRefund> {
  if (refund.state === 'processed') {
    const noted = await issueCreditNote(order, refund);
    const ended = await releaseRefundedCourses(order, noted, deps.now());
    await attentionResolved(order, noted);
    // The refunded batches' sessions leave the buyer's calendar, and their attendees are told
    // (issue 42, item 6).
    const cancellations = (
      await Promise.all(ended.map((enrolment) => refundCancellationFor(enrolment, deps.siteUrl)))
    ).filter((file) => file !== undefined);
    await deps.mail.queue({
      ...renderRefundMail(order, noted, deps.siteUrl, cancellations.length > 0),
      to: [order.billTo.email],
      ...(cancellations.length > 0 ? { attachments: cancellations } : {}),
      idempotencyKey: `refund-${noted.id}`,
    });
    for (const enrolment of ended) await queueRefundCancellations(enrolment, deps);
    return noted;
  }
  if (refund.state === 'pending') {
    await deps.mail.queue({
      ...renderRefundMail(order, refund, deps.siteUrl, false),
      to: [order.billTo.email],
      idempotencyKey: `refund-pending-${refund.id}`,
    });
  }
  return refund;
}

/**
 * The credit note of a processed refund, numbered in its financial year's series (the year of the
 * day it was processed) and stored as issued, then indexed and noted on the refund. Any number of
 * callers at once issue one note: the number is the refund's (`assignNumber`), the note is
 * written create-only, and nothing is indexed under a number that holds another refund's note
 * (DECISIONS 57).
 */
async function issueCreditNote(order: Order, refund: OrderRefund): Promise<OrderRefund> {
  if (refund.creditNoteNo !== undefined) return refund;
  const series = creditNoteSeriesOf(financialYearOf(new Date(processedAtOf(refund))));
  const creditNoteNo = formatCreditNoteNo(
    series,
    await assignNumber(series, `${order.orderNo}/${refund.id}`),
  );
  const stored = await saveCreditNote(creditNoteOf(order, refund, creditNoteNo));
  if (stored.refundId !== refund.id || stored.originalInvoice.orderNo !== order.orderNo)
    throw new Error(`Credit note number ${creditNoteNo} already belongs to another refund`);
  await addToIndex('credit-notes', new Date(stored.creditNoteDate), creditNoteNo);
  return (
    (await updateRefund(order.orderNo, refund.id, (current) =>
      current.creditNoteNo === undefined ? { ...current, creditNoteNo } : SKIP,
    )) ?? { ...refund, creditNoteNo }
  );
}

/** Lists the order's payment under 'needs attention' with why its refund failed. */
async function refundNeedsAttention(order: Order, refund: OrderRefund, why: string): Promise<void> {
  const paymentId = order.payment!.reference;
  if (!(await getPayment(paymentId))) {
    console.error('[payments] a failed refund of a payment with no record', order.orderNo, paymentId);
    return;
  }
  await updatePayment(paymentId, (current) => ({
    ...current,
    outcome: 'attention',
    reason: `Refund ${refund.id} of ${usdFromCents(refund.amountCents).toFixed(2)} ${refund.currency} for ${order.orderNo} failed (${why.slice(0, 200)}). Refund it again from the order.`,
    reasonCode: REFUND_FAILED,
  }));
}

/** The reason code of an order's payment listed for a failed staff refund. */
const REFUND_FAILED = 'refund-failed';

/**
 * A refund of the order went through after one failed: once every course of the failed refunds
 * has gone back, its payment no longer needs attention (it is the order's again, its note saying
 * so), and leaves the console's 'needs attention' list.
 */
async function attentionResolved(order: Order, refund: OrderRefund): Promise<void> {
  const payment = await getPayment(order.payment!.reference);
  if (payment?.outcome !== 'attention' || payment.reasonCode !== REFUND_FAILED) return;
  // Only once every course of a failed refund went back since: another course's refund going
  // through leaves the failed one's money still owed.
  const refunds = await refundsOfOrder(order.orderNo);
  const back = new Set([
    ...refund.courseIds,
    ...refunds.filter((each) => each.state === 'processed').flatMap((each) => each.courseIds),
  ]);
  if (refunds.some((each) => each.state === 'failed' && each.courseIds.some((id) => !back.has(id)))) return;
  await updatePayment(payment.paymentId, (current) =>
    current.outcome === 'attention' && current.reasonCode === REFUND_FAILED
      ? {
          ...current,
          outcome: 'order',
          reasonCode: undefined,
          reason: `An earlier refund failed; refund ${refund.id} went through.`,
        }
      : SKIP,
  );
}

/**
 * The refunded courses can be bought again: out of what the buyer bought, their hold released;
 * their seats go back to their batches and their enrolments end (DECISIONS 54), noting the
 * refund's credit note (My courses links it: issue 42, item 6). Idempotent; resolves to the
 * enrolments ended.
 */
async function releaseRefundedCourses(
  order: Order,
  refund: OrderRefund,
  now: Date,
): Promise<EnrolmentRecord[]> {
  const { courseIds } = refund;
  await forgetBoughtCourses(order.userId, order.orderNo, courseIds);
  const payment = order.payment ? await getPayment(order.payment.reference) : undefined;
  if (payment) await releaseCourses(order.userId, payment.gatewayOrderId, courseIds);
  const at = now.toISOString();
  const ended = await Promise.all(
    order.lines
      .filter((line) => courseIds.includes(line.courseId) && line.batchId !== undefined)
      .map(async (line) => {
        if (payment) await releaseSeats(line.batchId!, payment.gatewayOrderId);
        return updateEnrolment(order.orderNo, line.courseId, (enrolment) =>
          enrolment.cancelledAt === undefined
            ? {
                ...enrolment,
                cancelledAt: at,
                ...(refund.creditNoteNo === undefined ? {} : { creditNoteNo: refund.creditNoteNo }),
              }
            : SKIP,
        );
      }),
  );
  return ended.filter((enrolment) => enrolment?.cancelledAt !== undefined) as EnrolmentRecord[];
}

/**
 * Records what the gateway says became of a staff refund (`refund.processed`, `refund.failed`)
 * and does what that state asks (`settleRefund`): a processed refund's credit note is issued here
 * when the refund call answered `pending`.
 */
export async function recordOrderRefundEvent(
  found: { readonly orderNo: string; readonly refundId: string },
  state: 'processed' | 'failed',
  deps: RefundDeps,
): Promise<void> {
  const order = await getOrder(found.orderNo);
  if (!order?.payment) return;
  await settleRefund(order, await moveRefund(order, found.refundId, state, deps), deps);
}

/**
 * `GET /api/orders/{orderNo}/credit-notes/{creditNoteNo}`: the credit note as issued, to its
 * buyer or staff (`anyOrder`); `NotFound` for anyone else or a number not of this order.
 */
export async function creditNoteFor(
  userId: string,
  orderNo: string,
  creditNoteNo: string,
  viewer: { readonly anyOrder?: boolean } = {},
): Promise<CreditNote> {
  if (!ORDER_NO_PATTERN.test(orderNo) || !ORDER_NO_PATTERN.test(creditNoteNo))
    throw new NotFound([REFUND_ERRORS.creditNote]);
  const [order, note] = await Promise.all([getOrder(orderNo), getCreditNote(creditNoteNo)]);
  if (!order || !note || note.originalInvoice.orderNo !== orderNo)
    throw new NotFound([REFUND_ERRORS.creditNote]);
  if (order.userId !== userId && !viewer.anyOrder) throw new NotFound([REFUND_ERRORS.creditNote]);
  return note;
}

/** Every credit note issued in a range of days in India, newest first (the sales register's). */
export async function creditNotesIn(
  range: { readonly from?: string | undefined; readonly to?: string | undefined },
  now: Date,
): Promise<CreditNote[]> {
  const notes: CreditNote[] = [];
  let cursor: string | undefined;
  do {
    const page = await pageOfIndex(
      'credit-notes',
      { ...instantsOfDays(range), cursor, limit: 200, read: getCreditNote },
      now,
    );
    notes.push(...page.items);
    cursor = page.cursor;
  } while (cursor !== undefined);
  return notes;
}
