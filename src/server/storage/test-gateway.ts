/**
 * The built-in test gateway's records (issue 18, item 5), in the `test-gateway` store, shaped as
 * Razorpay's API answers them so the same code reads both. Key formats:
 * - `orders/<order id>`: an order the shop created (amount in the currency's smallest unit);
 * - `payments/<payment id>`: a payment the tester made on the test page (authorized or failed),
 *   captured when the shop captures it, refunded when the shop refunds all of it;
 * - `refunds/<refund id>`: a refund the shop asked for (issue 28), processed or failed at once.
 */
import { randomBytes } from 'node:crypto';
import * as z from '~/lib/shared/zod';
import { openStore, SKIP } from '~/server/storage/blob-store';

const TestOrderSchema = z.object({
  id: z.string(),
  amount: z.int().check(z.gte(1)),
  currency: z.string(),
  receipt: z.nullable(z.string()),
  status: z.enum(['created', 'paid']),
  notes: z.record(z.string(), z.string()),
  createdAt: z.iso.datetime(),
});
export type TestOrder = z.infer<typeof TestOrderSchema>;

const TestPaymentSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  amount: z.int(),
  currency: z.string(),
  status: z.enum(['authorized', 'captured', 'refunded', 'failed']),
  method: z.literal('test'),
  /** Razorpay's flag: paid from abroad (DECISIONS 51); the tester's choice on the test page. */
  international: z.optional(z.boolean()),
  /** Refunded so far, in the currency's smallest unit (issue 28). */
  amount_refunded: z.optional(z.int()),
});
export type TestPayment = z.infer<typeof TestPaymentSchema>;

const TestRefundSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.int().check(z.gte(1)),
  currency: z.string(),
  status: z.enum(['processed', 'failed']),
  notes: z.record(z.string(), z.string()),
});
export type TestRefund = z.infer<typeof TestRefundSchema>;

const store = openStore('test-gateway');
/** An id shaped like Razorpay's (`order_…`, `pay_…`, `rfnd_…`: 14 letters or digits), marked as a test one. */
export const testGatewayId = (prefix: 'order' | 'pay' | 'rfnd') =>
  `${prefix}_test${randomBytes(5).toString('hex')}`;

/** Creates an order as Razorpay's `POST /orders` would. */
export async function createTestOrder(
  order: Pick<TestOrder, 'amount' | 'currency' | 'receipt' | 'notes'>,
  now: Date,
): Promise<TestOrder> {
  const created: TestOrder = {
    ...order,
    id: testGatewayId('order'),
    status: 'created',
    createdAt: now.toISOString(),
  };
  await store.create(`orders/${created.id}`, TestOrderSchema, created);
  return created;
}

/** The test order with this id, or undefined. */
export function getTestOrder(orderId: string): Promise<TestOrder | undefined> {
  return store.get(`orders/${orderId}`, TestOrderSchema);
}

/** Records the tester's payment of an order (create-only: a payment id is used once). */
export async function recordTestPayment(payment: Omit<TestPayment, 'method'>): Promise<TestPayment> {
  const record: TestPayment = { ...payment, method: 'test' };
  if (!(await store.create(`payments/${payment.id}`, TestPaymentSchema, record))) {
    const existing = await getTestPayment(payment.id);
    if (!existing) throw new Error(`Test payment ${payment.id} vanished while being recorded`);
    return existing;
  }
  return record;
}

/** The test payment with this id, or undefined. */
export function getTestPayment(paymentId: string): Promise<TestPayment | undefined> {
  return store.get(`payments/${paymentId}`, TestPaymentSchema);
}

/** Captures an authorized test payment (idempotent); marks its order paid. */
export async function captureTestPayment(paymentId: string): Promise<TestPayment | undefined> {
  const captured = await store.update(`payments/${paymentId}`, TestPaymentSchema, (current) =>
    current?.status === 'authorized' ? { ...current, status: 'captured' as const } : SKIP,
  );
  if (captured?.status === 'captured') {
    await store.update(`orders/${captured.order_id}`, TestOrderSchema, (order) =>
      order && order.status !== 'paid' ? { ...order, status: 'paid' as const } : SKIP,
    );
  }
  return captured;
}

/**
 * Refunds `amount` of a captured test payment, as Razorpay's `POST /payments/{id}/refund` would;
 * `fail` records the refund as failed and leaves the payment as it was. Undefined when the payment
 * is not captured or the amount is more than is left.
 */
export async function refundTestPayment(
  paymentId: string,
  amount: number,
  notes: Readonly<Record<string, string>>,
  fail: boolean,
): Promise<TestRefund | undefined> {
  const refund: TestRefund = {
    id: testGatewayId('rfnd'),
    payment_id: paymentId,
    amount,
    currency: '',
    status: fail ? 'failed' : 'processed',
    notes: { ...notes },
  };
  let refused = false;
  const payment = await store.update(`payments/${paymentId}`, TestPaymentSchema, (current) => {
    const left = current ? current.amount - (current.amount_refunded ?? 0) : 0;
    refused = !current || current.status !== 'captured' || amount < 1 || amount > left;
    if (refused || fail) return SKIP;
    const refunded = current!.amount - left + amount;
    return {
      ...current!,
      amount_refunded: refunded,
      status: refunded === current!.amount ? ('refunded' as const) : current!.status,
    };
  });
  if (refused || !payment) return undefined;
  const stored = { ...refund, currency: payment.currency };
  await store.create(`refunds/${stored.id}`, TestRefundSchema, stored);
  return stored;
}
