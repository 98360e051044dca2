/**
 * Every payment the gateway told us of (issue 28; DECISIONS 48), in the `payments` store. Key
 * formats (gateway ids are checked against Razorpay's format before they get here):
 * - `payments/<payment id>`: the payment as last seen (amount, currency, the gateway's status),
 *   what became of it (`outcome`, with the reason), and the refund asked for it, if any;
 * - `by-gateway-order/<order id>/<payment id>`: an empty marker per payment of a gateway order
 *   (the buyer's status call reads them);
 * - `winners/<order id>`: the one payment of a gateway order that may become its order, claimed
 *   create-only (the first payment that matches wins; any other is refunded);
 * - `course-holds/<user id>`: course id -> the gateway order that is buying or bought it, written
 *   in one conditional write per payment, so two checkouts sharing a course never both become
 *   orders (a refunded course is released).
 * New payments go on the console's `payments` index; refused, refund-failed and unmatched ones
 * also on `payments-attention`.
 */
import * as z from '~/lib/shared/zod';
import { PaymentOutcomeSchema } from '~/lib/shared/schemas/payments';
import { openStore, SKIP } from '~/server/storage/blob-store';
import { addToIndex } from '~/server/storage/time-index';

/**
 * What became of a payment: `pending` (seen, not decided, or cut short: the next sight finishes
 * it), `order` (`orderNo`), `refunded` (refused, refunded in full: `reason`, `refund`),
 * `not-captured` (refused while only authorised: the gateway releases the money), `failed` (the
 * gateway's reason), `attention` (a refund that failed, a payment matched to nothing).
 */
export type PaymentOutcome = z.infer<typeof PaymentOutcomeSchema>;

/** A refund asked of the gateway. `requested`: the call is under way (or was cut short). */
const RefundStateSchema = z.enum(['requested', 'pending', 'processed', 'failed']);

const PaymentRecordSchema = z.object({
  paymentId: z.string(),
  gatewayOrderId: z.string(),
  gateway: z.enum(['razorpay', 'test']),
  /** The checkout's payment number, when the gateway order is one of ours. */
  paymentNo: z.optional(z.string()),
  /** The buyer, when known. */
  userId: z.optional(z.string()),
  /** The order it paid for (outcome `order`), or for a second payment refused, the order it duplicated. */
  orderNo: z.optional(z.string()),
  /** In the currency's smallest unit. */
  amountCents: z.int(),
  currency: z.string(),
  /** The gateway's status when last seen. */
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  outcome: PaymentOutcomeSchema,
  /** Why it was refused, failed or needs attention: a plain sentence for staff. */
  reason: z.optional(z.string()),
  /** Why, as a code (the buyer's sentence is chosen by it). */
  reasonCode: z.optional(z.string()),
  refund: z.optional(
    z.object({
      id: z.optional(z.string()),
      amountCents: z.int(),
      state: RefundStateSchema,
      requestedAt: z.iso.datetime(),
    }),
  ),
  /** When the gateway first told of it (ISO 8601). */
  at: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PaymentRecord = z.infer<typeof PaymentRecordSchema>;

const WinnerSchema = z.object({ paymentId: z.string() });
const HoldsSchema = z.object({ courses: z.record(z.string(), z.string()) });
const MarkerSchema = z.object({});

const store = openStore('payments');
const paymentKey = (paymentId: string) => `payments/${paymentId}`;
const orderPrefix = (orderId: string) => `by-gateway-order/${orderId}/`;

/** Outcomes listed under 'needs attention' (API.md: refunded, failed to refund, not matched). */
export const NEEDS_ATTENTION: ReadonlySet<PaymentOutcome> = new Set([
  'refunded',
  'not-captured',
  'attention',
]);

/** Records a payment first seen now, or resolves to the record already there. */
export async function notePayment(record: PaymentRecord): Promise<PaymentRecord> {
  const created = await store.create(paymentKey(record.paymentId), PaymentRecordSchema, record);
  const stored = created ? record : await store.get(paymentKey(record.paymentId), PaymentRecordSchema);
  if (!stored) throw new Error(`Payment ${record.paymentId} vanished while being recorded`);
  // Repeated on every sight: a crash after the record leaves the markers to the next one.
  await Promise.all([
    store.create(`${orderPrefix(stored.gatewayOrderId)}${stored.paymentId}`, MarkerSchema, {}),
    addToIndex('payments', new Date(stored.at), stored.paymentId),
    NEEDS_ATTENTION.has(stored.outcome)
      ? addToIndex('payments-attention', new Date(stored.at), stored.paymentId)
      : undefined,
  ]);
  return stored;
}

/** The payment with this id, or undefined. */
export function getPayment(paymentId: string): Promise<PaymentRecord | undefined> {
  return store.get(paymentKey(paymentId), PaymentRecordSchema);
}

/**
 * Changes a payment's record (`fn` pure; SKIP leaves it) and lists it for staff when it comes to
 * need attention; resolves to the stored record.
 */
export async function updatePayment(
  paymentId: string,
  fn: (current: PaymentRecord) => PaymentRecord | typeof SKIP,
): Promise<PaymentRecord> {
  const stored = await store.update(paymentKey(paymentId), PaymentRecordSchema, (current) =>
    current ? fn(current) : SKIP,
  );
  if (!stored) throw new Error(`Payment ${paymentId} is not recorded`);
  if (NEEDS_ATTENTION.has(stored.outcome))
    await addToIndex('payments-attention', new Date(stored.at), stored.paymentId);
  return stored;
}

/** Every payment recorded for a gateway order. */
export async function paymentsOfGatewayOrder(orderId: string): Promise<PaymentRecord[]> {
  const prefix = orderPrefix(orderId);
  const ids = (await store.list(prefix)).map((key) => key.slice(prefix.length));
  const found = await Promise.all(ids.map(getPayment));
  return found.filter((record): record is PaymentRecord => record !== undefined);
}

/**
 * Claims the gateway order for a payment (create-only: the first claim stays); resolves to the
 * payment that holds it.
 */
export async function claimGatewayOrder(orderId: string, paymentId: string): Promise<string> {
  if (await store.create(`winners/${orderId}`, WinnerSchema, { paymentId })) return paymentId;
  const winner = await store.get(`winners/${orderId}`, WinnerSchema);
  if (!winner) throw new Error(`The claim of ${orderId} vanished`);
  return winner.paymentId;
}

/** True once a payment has claimed the gateway order (it is being settled, or was). */
export async function isGatewayOrderClaimed(orderId: string): Promise<boolean> {
  return (await store.get(`winners/${orderId}`, WinnerSchema)) !== undefined;
}

/**
 * Holds `courseIds` of `userId` for the gateway order `orderId`, all or none, in one conditional
 * write. Resolves to the courses held by another gateway order or in `owned` (none: held now).
 */
export async function holdCourses(
  userId: string,
  orderId: string,
  courseIds: readonly number[],
  owned: ReadonlySet<number>,
): Promise<number[]> {
  let taken: number[] = [];
  await store.update(`course-holds/${userId}`, HoldsSchema, (current) => {
    const courses = current?.courses ?? {};
    taken = courseIds.filter((id) => {
      const holder = courses[String(id)];
      return holder === undefined ? owned.has(id) : holder !== orderId;
    });
    if (taken.length > 0 || courseIds.every((id) => courses[String(id)] === orderId)) return SKIP;
    return { courses: { ...courses, ...Object.fromEntries(courseIds.map((id) => [String(id), orderId])) } };
  });
  return taken;
}

/** Releases courses held by `orderId` (a refund gives them back; idempotent). */
export async function releaseCourses(
  userId: string,
  orderId: string,
  courseIds: readonly number[],
): Promise<void> {
  await store.update(`course-holds/${userId}`, HoldsSchema, (current) => {
    if (!current || !courseIds.some((id) => current.courses[String(id)] === orderId)) return SKIP;
    const courses = { ...current.courses };
    for (const id of courseIds) if (courses[String(id)] === orderId) delete courses[String(id)];
    return { courses };
  });
}
