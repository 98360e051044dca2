/**
 * Refunds by staff (DECISIONS 49; issue 28, items 4-5): the whole order or chosen courses, with a
 * reason, one refund per Idempotency-Key however often it is pressed. Steps, each idempotent:
 *
 * 1. claimed:  the refund added to the order's refunds in one conditional write, with the courses
 *    no other refund took (none left: `Conflict`); its id comes from the key, so a repeat finds it;
 * 2. noted:    its GST credit note numbered in its own consecutive series per financial year (the
 *    order numbers' claim machinery) and stored as issued: the invoice of the refunded lines, by
 *    the invoice's own tax code, with the original invoice, the reason;
 * 3. asked:    the gateway's refund for the amount, notes naming the reason (only the call that
 *    claimed it asks; one cut short is asked again by a repeat after a while);
 * 4. released: the refunded courses leave what the buyer bought, so they can be bought again;
 * 5. told:     the buyer's e-mail, linking the credit note, queued once.
 *
 * `refund.processed` / `refund.failed` move its state later; a failed refund needs attention.
 */
import { createHash, randomBytes } from 'node:crypto';
import { financialYearOf, instantsOfDays } from '~/lib/shared/dates';
import { sumCents, usdFromCents } from '~/lib/shared/money';
import { type CreditNote, type Refund, type RefundRequest } from '~/lib/shared/schemas/payments';
import { ORDER_NO_PATTERN } from '~/lib/shared/schemas/shop';
import type { StaffMember } from '~/server/domain/auth/staff';
import { Conflict, NotFound, ValidationError } from '~/server/domain/errors';
import type { MailQueue } from '~/server/domain/mail-queue';
import type { PaymentGateway } from '~/server/domain/payments/gateway';
import { renderRefundMail } from '~/server/domain/payments/refund-mail';
import { toInvoice } from '~/server/domain/shop/invoice';
import { creditNoteSeriesOf, formatCreditNoteNo } from '~/server/domain/shop/order-numbers';
import { SKIP } from '~/server/storage/blob-store';
import { assignNumber } from '~/server/storage/counters';
import { forgetBoughtCourses, getOrder, type Order } from '~/server/storage/orders';
import { getPayment, releaseCourses, updatePayment } from '~/server/storage/payments';
import { releaseSeats } from '~/server/storage/batches';
import { updateEnrolment } from '~/server/storage/enrolments';
import {
  addRefund,
  getCreditNote,
  indexGatewayRefund,
  saveCreditNote,
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

/** A refund claimed but not answered for this long is asked again by a repeat. */
const REFUND_CLAIM_STALE_MS = 2 * 60 * 1000;

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
 * The credit note of a refund: the invoice of the refunded lines, made by the invoice's own code
 * (`toInvoice`), so value and tax are reversed under the invoice's heads.
 */
export function creditNoteOf(order: Order, refund: OrderRefund, creditNoteNo: string): CreditNote {
  const refunded = new Set(refund.courseIds);
  // A USD invoice's rupee value is reversed at the invoice's own rate (CGST Rule 34; issue 29).
  const rate = order.invoice?.inr;
  const invoice = toInvoice(
    { ...order, lines: order.lines.filter((line) => refunded.has(line.courseId)) },
    rate ? { rate: rate.rate, source: rate.source } : undefined,
  );
  return {
    ...invoice,
    creditNoteNo,
    creditNoteDate: refund.at,
    originalInvoice: { orderNo: order.orderNo, orderDate: order.placedAt },
    reason: refund.reason,
    amountStatus: 'Refunded',
    refundId: refund.id,
  };
}

/** `POST /api/console/orders/{orderNo}/refunds`: refunds the order or some of its courses. */
export async function refundOrder(
  input: RefundRequest & {
    readonly orderNo: string;
    readonly idempotencyKey: string | undefined;
    readonly staff: StaffMember;
  },
  deps: RefundDeps,
): Promise<Refund> {
  const order = ORDER_NO_PATTERN.test(input.orderNo) ? await getOrder(input.orderNo) : undefined;
  if (!order) throw new NotFound([REFUND_ERRORS.notFound]);
  if (!order.payment) throw new Conflict([REFUND_ERRORS.noPayment]);
  const inOrder = new Set(order.lines.map((line) => line.courseId));
  const wanted = input.courseIds ?? [...inOrder];
  if (wanted.some((id) => !inOrder.has(id))) throw new ValidationError([REFUND_ERRORS.notInOrder]);
  const refundId = input.idempotencyKey
    ? `rf_${createHash('sha256').update(`${order.orderNo}\n${input.idempotencyKey}`).digest('hex').slice(0, 16)}`
    : `rf_${randomBytes(8).toString('hex')}`;
  const at = deps.now().toISOString();

  // 1. claimed
  const claimed = await addRefund(order.orderNo, (refunds) => {
    const found = refunds.find((refund) => refund.id === refundId);
    if (found) return { found };
    const taken = new Set(refunds.flatMap((refund) => refund.courseIds));
    const left = [...new Set(wanted)].filter((id) => !taken.has(id));
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
  let refund = claimed.refund;
  if (!refund) throw new Conflict([REFUND_ERRORS.nothingLeft]);

  // 2. noted
  if (refund.creditNoteNo === undefined) refund = await issueCreditNote(order, refund);

  // 3. asked
  const stale =
    refund.state === 'requested' &&
    deps.now().getTime() - Date.parse(refund.updatedAt) > REFUND_CLAIM_STALE_MS;
  if (claimed.added || stale) refund = await askGateway(order, refund, stale, deps);

  // 4. released, 5. told
  if (refund.state !== 'failed' && refund.state !== 'requested') {
    await releaseRefundedCourses(order, refund.courseIds, deps.now());
    await deps.mail.queue({
      ...renderRefundMail(order, refund, deps.siteUrl),
      to: [order.billTo.email],
      idempotencyKey: `refund-${refund.id}`,
    });
  }
  return refundViewOf(refund);
}

/** Numbers and stores the refund's credit note (a repeat finds its number and the stored note). */
async function issueCreditNote(order: Order, refund: OrderRefund): Promise<OrderRefund> {
  const series = creditNoteSeriesOf(financialYearOf(new Date(refund.at)));
  const creditNoteNo = formatCreditNoteNo(
    series,
    await assignNumber(series, `${order.orderNo}/${refund.id}`),
  );
  await saveCreditNote(creditNoteOf(order, refund, creditNoteNo));
  await addToIndex('credit-notes', new Date(refund.at), creditNoteNo);
  return (
    (await updateRefund(order.orderNo, refund.id, (current) =>
      current.creditNoteNo === undefined ? { ...current, creditNoteNo } : SKIP,
    )) ?? refund
  );
}

/** Asks the gateway for the refund; a refusal or a lost call is a failed refund for staff. */
async function askGateway(
  order: Order,
  refund: OrderRefund,
  stale: boolean,
  deps: RefundDeps,
): Promise<OrderRefund> {
  const paymentId = order.payment!.reference;
  if (stale) {
    // Take the stale claim over: one repeat asks again, not every one.
    let mine = false;
    const taken = await updateRefund(order.orderNo, refund.id, (current) => {
      mine = current.state === 'requested' && current.updatedAt === refund.updatedAt;
      return mine ? { ...current, updatedAt: deps.now().toISOString() } : SKIP;
    });
    if (!mine) return taken ?? refund;
  }
  const notes = {
    reason: refund.reason,
    orderNo: order.orderNo,
    refundId: refund.id,
    ...(refund.creditNoteNo ? { creditNoteNo: refund.creditNoteNo } : {}),
  };
  try {
    const answer = await deps.gateway.refundPayment(paymentId, refund.amountCents, notes);
    await indexGatewayRefund(answer.id, order.orderNo, refund.id);
    const stored = await updateRefund(order.orderNo, refund.id, (current) => ({
      ...current,
      state: answer.status,
      gatewayRefundId: answer.id,
      updatedAt: deps.now().toISOString(),
    }));
    if (answer.status === 'failed') await refundNeedsAttention(order, refund, 'the gateway failed it');
    return stored ?? refund;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    console.error('[payments] a staff refund failed', order.orderNo, refund.id, why);
    const stored = await updateRefund(order.orderNo, refund.id, (current) => ({
      ...current,
      state: 'failed',
      failure: why.slice(0, 300),
      updatedAt: deps.now().toISOString(),
    }));
    await refundNeedsAttention(order, refund, why);
    return stored ?? refund;
  }
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
    reason: `Refund ${refund.id} of ${usdFromCents(refund.amountCents).toFixed(2)} ${refund.currency} for ${order.orderNo} failed (${why.slice(0, 200)}).`,
  }));
}

/**
 * The refunded courses can be bought again: out of what the buyer bought, their hold released;
 * their seats go back to their batches and their enrolments end (DECISIONS 54). Idempotent.
 */
async function releaseRefundedCourses(order: Order, courseIds: readonly number[], now: Date): Promise<void> {
  await forgetBoughtCourses(order.userId, order.orderNo, courseIds);
  const payment = order.payment ? await getPayment(order.payment.reference) : undefined;
  if (payment) await releaseCourses(order.userId, payment.gatewayOrderId, courseIds);
  const at = now.toISOString();
  await Promise.all(
    order.lines
      .filter((line) => courseIds.includes(line.courseId) && line.batchId !== undefined)
      .map(async (line) => {
        if (payment) await releaseSeats(line.batchId!, payment.gatewayOrderId);
        await updateEnrolment(order.orderNo, line.courseId, (enrolment) =>
          enrolment.cancelledAt === undefined ? { ...enrolment, cancelledAt: at } : SKIP,
        );
      }),
  );
}

/** Records what the gateway says became of a staff refund; false when the id is not one. */
export async function recordOrderRefundEvent(
  found: { readonly orderNo: string; readonly refundId: string },
  state: 'processed' | 'failed',
  now: Date,
): Promise<void> {
  const order = await getOrder(found.orderNo);
  const stored = await updateRefund(found.orderNo, found.refundId, (current) =>
    current.state === state ? SKIP : { ...current, state, updatedAt: now.toISOString() },
  );
  if (order && stored && state === 'failed')
    await refundNeedsAttention(order, stored, 'the gateway failed it');
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
