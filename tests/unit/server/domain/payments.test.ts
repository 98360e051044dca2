import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { razorpayClient, RazorpayError } from '~/server/domain/payments/razorpay';
import {
  hmacHex,
  isValidPaymentSignature,
  isValidWebhookSignature,
  paymentSignature,
} from '~/server/domain/payments/signatures';
import { startFakeRazorpay, type FakeRazorpay } from '../../../support/fake-razorpay';

describe('Razorpay signatures (issue 18)', () => {
  const secret = 'key-secret-of-the-test-account';
  const fields = { orderId: 'order_9A33XWu170gUtm', paymentId: 'pay_29QQoUBi66xm2f' };

  it('accepts the gateway signature of this order and payment only', () => {
    const signature = paymentSignature(fields.orderId, fields.paymentId, secret);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(isValidPaymentSignature({ ...fields, signature }, secret)).toBe(true);
    for (const [label, bad] of [
      ['another key', paymentSignature(fields.orderId, fields.paymentId, 'another-secret')],
      ['another payment', paymentSignature(fields.orderId, 'pay_other', secret)],
      ['one character changed', signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0')],
      ['wrong length', signature.slice(0, 62)],
      ['upper case hex', signature.toUpperCase()],
      ['nothing', undefined],
    ] as const) {
      expect(isValidPaymentSignature({ ...fields, signature: bad }, secret), label).toBe(false);
    }
  });

  it('checks a webhook signature over the raw body, byte for byte', () => {
    const raw = '{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_1"}}}}';
    const signature = hmacHex('webhook-secret', raw);
    expect(isValidWebhookSignature(raw, signature, 'webhook-secret')).toBe(true);
    expect(isValidWebhookSignature(Buffer.from(raw), signature, 'webhook-secret')).toBe(true);
    // The same JSON with other spacing is another body.
    expect(
      isValidWebhookSignature(JSON.stringify(JSON.parse(raw), null, 1), signature, 'webhook-secret'),
    ).toBe(false);
    expect(isValidWebhookSignature(raw, signature, 'other-secret')).toBe(false);
    expect(isValidWebhookSignature(raw, null, 'webhook-secret')).toBe(false);
  });
});

describe('the Razorpay client against a fake API on loopback (issue 18, item 8)', () => {
  let fake: FakeRazorpay;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
  });
  afterAll(async () => {
    await fake.stop();
  });
  const client = () =>
    razorpayClient({ keyId: 'rzp_test_key', keySecret: 'secret', apiUrl: fake.url, timeoutMs: 2000 });

  it('creates an order with Basic auth, fetches and captures its payment', async () => {
    const order = await client().createOrder({
      amount: 24800,
      currency: 'USD',
      receipt: 'P-1',
      notes: { paymentNo: 'P-1' },
    });
    expect(order).toMatchObject({ amount: 24800, currency: 'USD', receipt: 'P-1', status: 'created' });
    expect(fake.requests.at(-1)?.authorization).toBe(
      `Basic ${Buffer.from('rzp_test_key:secret').toString('base64')}`,
    );
    const paid = fake.pay(order.id, 'authorized');
    expect(await client().fetchPayment(paid.id)).toMatchObject({ order_id: order.id, status: 'authorized' });
    expect((await client().capturePayment(paid.id, 24800, 'USD')).status).toBe('captured');
  });

  it('tries a 5xx again, and does not try a refusal again', async () => {
    fake.failNext(2);
    const order = await client().createOrder({ amount: 100, currency: 'USD', receipt: 'P-2', notes: {} });
    expect(order.amount).toBe(100);
    const before = fake.requests.length;
    const error = await client()
      .fetchPayment('pay_unknown')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RazorpayError);
    expect((error as RazorpayError).status).toBe(400);
    expect(fake.requests.length - before).toBe(1);
    fake.failNext(3);
    expect(
      (
        (await client()
          .fetchPayment('pay_x')
          .catch((e: unknown) => e)) as RazorpayError
      ).status,
    ).toBe(503);
  });

  it('refunds answer pending, processed or failed as the test sets; a pending one settles later and its webhook is signed', async () => {
    const order = await client().createOrder({ amount: 30000, currency: 'INR', receipt: 'P-3', notes: {} });
    const paid = fake.pay(order.id, 'captured');
    const refund = (amount: number) => client().refundPayment(paid.id, amount, { reason: 'test' });
    try {
      // A failed refund takes nothing: the whole payment is still refundable.
      fake.refundStatus = 'failed';
      const failed = await refund(30000);
      expect(failed).toMatchObject({ payment_id: paid.id, amount: 30000, status: 'failed' });
      expect(fake.payments.get(paid.id)).toMatchObject({ status: 'captured', amount_refunded: 0 });

      fake.refundStatus = 'processed';
      expect((await refund(10000)).status).toBe('processed');
      fake.refundStatus = 'pending';
      const pending = await refund(20000);
      expect(pending.status).toBe('pending');
      expect(fake.payments.get(paid.id)).toMatchObject({ status: 'refunded', amount_refunded: 30000 });
      expect(fake.refundWebhook(pending.id).event).toBe('refund.created');

      // Razorpay fails it later: its amount is refundable again, and the webhook says so.
      expect(fake.settleRefund(pending.id, 'failed').status).toBe('failed');
      expect(fake.refund(pending.id).status).toBe('failed');
      expect(fake.payments.get(paid.id)).toMatchObject({ status: 'captured', amount_refunded: 10000 });
      expect(() => fake.settleRefund(pending.id, 'processed')).toThrow(/not pending/);
      const webhook = fake.refundWebhook(pending.id);
      expect(webhook.event).toBe('refund.failed');
      expect(isValidWebhookSignature(webhook.body, webhook.signature, 'webhook-secret')).toBe(true);
      expect(JSON.parse(webhook.body)).toMatchObject({
        event: 'refund.failed',
        payload: {
          refund: { entity: { id: pending.id, payment_id: paid.id, amount: 20000, status: 'failed' } },
          payment: { entity: { id: paid.id, order_id: order.id } },
        },
      });
      const other = fake.refundWebhook(pending.id, 'other-secret');
      expect(isValidWebhookSignature(other.body, other.signature, 'other-secret')).toBe(true);
    } finally {
      fake.refundStatus = 'pending';
    }
  });
});
