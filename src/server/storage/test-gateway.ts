/**
 * The built-in test gateway's records (issue 18, item 5), in the `test-gateway` store, shaped as
 * Razorpay's API answers them so the same code reads both. Key formats:
 * - `orders/<order id>`: an order the shop created (amount in the currency's smallest unit);
 * - `payments/<payment id>`: a payment the tester made on the test page (authorized or failed),
 *   captured when the shop captures it.
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
  status: z.enum(['authorized', 'captured', 'failed']),
  method: z.literal('test'),
});
export type TestPayment = z.infer<typeof TestPaymentSchema>;

const store = openStore('test-gateway');
/** An id shaped like Razorpay's (`order_…`, `pay_…`), marked as a test one. */
export const testGatewayId = (prefix: 'order' | 'pay') =>
  `${prefix}_test${randomBytes(9).toString('base64url')}`;

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
