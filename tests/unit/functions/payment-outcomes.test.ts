/**
 * Payments over HTTP, issue 28: a second Pay on a paid order on the test gateway (refunded, the
 * buyer lands on the order and is mailed), the buyer's payment status, failed payments and
 * refunds from the webhook, the console's payments list, odd gateway ids (400, never 500), and
 * the production guards (no webhook secret: 503; test keys live: a warning for staff).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import type { CheckoutAnswer } from '~/lib/shared/schemas/shop';
import { PaymentPageSchema } from '~/lib/shared/schemas/payments';
import { hmacHex, paymentSignature } from '~/server/domain/payments/signatures';
import { resetServerEnv } from '~/server/env';
import { getQueuedMail } from '~/server/storage/mail-queue';
import { storedKey } from '~/server/storage/secrets';
import { browserHeaders } from '../../support/browser-headers';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';
import { startFakeRazorpay, type FakeRazorpay } from '../../support/fake-razorpay';
import { functionRouter, type FunctionRouter } from '../../support/function-router';
import { newSignedInPerson } from '../../support/people';
import { KARNATAKA, payOnTestGateway, testPageForm } from '../../support/test-gateway';

const ORIGIN = 'http://localhost';
const STAFF_EMAIL = 'payments-staff@example.com';
let router: FunctionRouter;
let blobs: RunningBlobsServer;
const send = (request: Request) => router.fetch(request);

beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  process.env['STAFF_EMAILS'] = STAFF_EMAIL;
  resetServerEnv();
  blobs = await startBlobsServer();
  router = await functionRouter();
});
afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env['STAFF_EMAILS'];
  resetServerEnv();
  await blobs.stop();
});

async function buyerWithCart(count = 1) {
  const { userId, session } = await newSignedInPerson();
  const headers = await browserHeaders(session);
  for (const course of courses.slice(0, count))
    await send(
      new Request(`${ORIGIN}/api/Cart/addtocart/sispl,${course.id},${userId}`, { method: 'POST', headers }),
    );
  return { userId, session, headers };
}

const get = (path: string, headers: Record<string, string>) =>
  send(new Request(`${ORIGIN}${path}`, { headers }));

const formPost = (url: string, fields: Record<string, string> | URLSearchParams) =>
  send(
    new Request(new URL(url, ORIGIN), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    }),
  );

const webhook = async (event: unknown, secret?: string) => {
  const body = JSON.stringify(event);
  return send(
    new Request(`${ORIGIN}/api/payments/webhook`, {
      method: 'POST',
      headers: {
        'x-razorpay-signature': hmacHex(secret ?? (await storedKey('test-gateway-key')), body),
      },
      body,
    }),
  );
};

let staffSession: string | undefined;
async function staffHeaders() {
  staffSession ??= (await newSignedInPerson({ email: STAFF_EMAIL, staff: true })).session;
  return browserHeaders(staffSession);
}

describe('the test gateway plays a second payment (no keys, not production)', () => {
  it('a second Pay on a paid order: captured, refunded, the buyer lands on the order, is told on the status call and by e-mail', async () => {
    const buyer = await buyerWithCart(1);
    const paid = await payOnTestGateway(send, ORIGIN, buyer);
    expect(paid.orderNo).toMatch(/^SIS-/);
    // Back in the gateway's tab: the page again, Pay again.
    const page = await formPost(paid.answer.gateway.url, paid.answer.gateway.fields);
    const pay = testPageForm(await page.text(), 'pay');
    expect((await formPost(pay.action, pay.fields)).status).toBe(307);
    const back = await formPost('/api/payments/callback', pay.fields);
    expect(back.headers.get('location')).toBe(`/checkout?placed=${paid.orderNo}&payment=refunded`);

    const status = await get(`/api/payments/${paid.answer.paymentNo}/status`, buyer.headers);
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({
      state: 'placed',
      orderNo: paid.orderNo,
      message: expect.stringMatching(
        /^This order was already paid, so your payment of ₹[\d,.]+ was refunded in full/,
      ),
    });
    const mail = await getQueuedMail(`payment-refused-${pay.fields.get('razorpay_payment_id')}`);
    expect(mail?.subject).toContain('Your payment was refunded');
    const history = (await (
      await get(`/api/Cart/GetPurchasedCoursesByUser/sispl,${buyer.userId}`, buyer.headers)
    ).json()) as unknown[];
    expect(history).toHaveLength(1);

    // Staff see it under 'needs attention', with its refund processed.
    const list = await get('/api/console/payments', await staffHeaders());
    expect(list.status).toBe(200);
    const rows = PaymentPageSchema.parse(await list.json()).items;
    expect(rows.find((row) => row.paymentId === pay.fields.get('razorpay_payment_id'))).toMatchObject({
      outcome: 'refunded',
      status: 'refunded',
      refund: { state: 'processed' },
      reason: 'The order was already paid by another payment.',
    });
    // An old refund.failed, correctly signed, arriving after processed: a refund's state only moves
    // forward (DECISIONS 49; issue 38, item 2), so nothing changes.
    const refundId = rows.find((row) => row.paymentId === pay.fields.get('razorpay_payment_id'))!.refund!.id!;
    const failed = await webhook({
      event: 'refund.failed',
      payload: {
        refund: {
          entity: {
            id: refundId,
            payment_id: pay.fields.get('razorpay_payment_id'),
            amount: 1,
            status: 'failed',
          },
        },
      },
    });
    expect(failed.status).toBe(200);
    const after = PaymentPageSchema.parse(
      await (await get('/api/console/payments', await staffHeaders())).json(),
    );
    expect(after.items.find((row) => row.paymentId === pay.fields.get('razorpay_payment_id'))).toMatchObject({
      outcome: 'refunded',
      refund: { id: refundId, state: 'processed' },
    });
  });

  it('the status call is 404 to anyone but the buyer, and to no one signed out it is 401', async () => {
    const buyer = await buyerWithCart(1);
    const paid = await payOnTestGateway(send, ORIGIN, { ...buyer, decision: 'decline' });
    const path = `/api/payments/${paid.answer.paymentNo}/status`;
    expect(await (await get(path, buyer.headers)).json()).toEqual({ state: 'waiting' });
    const other = await newSignedInPerson();
    expect((await get(path, await browserHeaders(other.session))).status).toBe(404);
    expect((await get(path, await browserHeaders())).status).toBe(401);
  });

  it('payment.failed is recorded with the gateway reason; the buyer is told it failed', async () => {
    const buyer = await buyerWithCart(1);
    const paid = await payOnTestGateway(send, ORIGIN, { ...buyer, decision: 'decline' });
    const orderId = paid.answer.gateway.fields['order_id']!;
    const response = await webhook({
      event: 'payment.failed',
      payload: {
        payment: {
          entity: {
            id: 'pay_testfailed0001',
            order_id: orderId,
            amount: courses[0]!.discountedFeesCents,
            currency: 'USD',
            status: 'failed',
            error_description: 'Your card was declined by the bank.',
            error_reason: 'payment_declined',
          },
        },
      },
    });
    expect(response.status).toBe(200);
    expect(await (await get(`/api/payments/${paid.answer.paymentNo}/status`, buyer.headers)).json()).toEqual({
      state: 'failed',
      message: expect.stringContaining('Your card was declined by the bank.'),
    });
  });

  it('an odd gateway id: the webhook and the test page answer 400, the callback 303, never 500', async () => {
    const odd = 'order_../../../x';
    const event = {
      event: 'payment.captured',
      payload: {
        payment: { entity: { id: 'pay_1', order_id: odd, amount: 1, currency: 'USD', status: 'captured' } },
      },
    };
    expect((await webhook(event)).status).toBe(400);
    expect(
      (await formPost('/api/payments/test-checkout', { key_id: 'rzp_test_offline', order_id: odd })).status,
    ).toBe(400);
    const back = await formPost('/api/payments/callback', {
      razorpay_order_id: odd,
      razorpay_payment_id: 'pay_AAAAAAAAAAAAAA',
      razorpay_signature: 'a'.repeat(64),
    });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/checkout?payment=failed');
  });

  it('the payments list is staff only (404 to anyone else) and takes attention or all', async () => {
    const customer = await newSignedInPerson();
    expect((await get('/api/console/payments', await browserHeaders(customer.session))).status).toBe(404);
    const staff = await staffHeaders();
    expect((await get('/api/console/payments?status=all', staff)).status).toBe(200);
    const bad = await get('/api/console/payments?status=some', staff);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ errors: ['Choose attention or all.'] });
  });
});

describe('staff refunds on the test gateway (issue 28, items 4-6)', () => {
  const refundCall = (orderNo: string, headers: Record<string, string>, body: unknown, key: string) =>
    send(
      new Request(`${ORIGIN}/api/console/orders/${orderNo}/refunds`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
      }),
    );

  it('one course of two: 201 with the credit note, again with the key the same answer, the credit note opens for the buyer, the course can be added again', async () => {
    const buyer = await buyerWithCart(2);
    const { orderNo } = await payOnTestGateway(send, ORIGIN, buyer);
    const staff = await staffHeaders();
    const course = courses[1]!;
    const body = { courseIds: [course.id], reason: 'Moved to a later batch.' };
    const first = await refundCall(orderNo!, staff, body, 'press-1');
    expect(first.status).toBe(201);
    const answer = (await first.json()) as { refund: { creditNoteNo: string } };
    expect(answer).toEqual({
      refund: {
        id: expect.stringMatching(/^rf_/),
        // A buyer in Karnataka is refunded in rupees (DECISIONS 46; was USD before issue 29).
        amount: course.discountedFeesPaise / 100,
        currency: 'INR',
        status: 'processed',
        courseIds: [course.id],
        creditNoteNo: expect.stringMatching(/^SIS-CN\d{4}-\d{5}$/),
      },
    });
    const again = await refundCall(orderNo!, staff, body, 'press-1');
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(answer);
    expect((await refundCall(orderNo!, staff, body, 'press-2')).status).toBe(409);
    const customer = await refundCall(orderNo!, buyer.headers, body, 'press-3');
    expect(customer.status).toBe(404);

    const path = `/api/orders/${orderNo}/credit-notes/${answer.refund.creditNoteNo}`;
    const note = await get(path, buyer.headers);
    expect(note.status).toBe(200);
    expect(await note.json()).toMatchObject({
      reason: 'Moved to a later batch.',
      originalInvoice: { orderNo },
    });
    expect((await get(path, await browserHeaders((await newSignedInPerson()).session))).status).toBe(404);
    const added = await send(
      new Request(`${ORIGIN}/api/Cart/addtocart/sispl,${course.id},${buyer.userId}`, {
        method: 'POST',
        headers: buyer.headers,
      }),
    );
    expect(added.status).toBe(200);
  });

  it('a reason with [test: refund fails] makes the test gateway fail the refund: failed, and the payment needs attention', async () => {
    const buyer = await buyerWithCart(1);
    const { orderNo } = await payOnTestGateway(send, ORIGIN, buyer);
    const staff = await staffHeaders();
    const response = await refundCall(
      orderNo!,
      staff,
      { reason: 'Trying it [test: refund fails]' },
      'fail-1',
    );
    expect(response.status).toBe(201);
    expect(((await response.json()) as { refund: { status: string } }).refund.status).toBe('failed');
    const rows = PaymentPageSchema.parse(await (await get('/api/console/payments', staff)).json()).items;
    expect(rows.find((row) => row.orderNo === orderNo)).toMatchObject({ outcome: 'attention' });
  });
});

describe('production guards (issue 28, item 7)', () => {
  let fake: FakeRazorpay;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    Object.assign(process.env, {
      CONTEXT: 'production',
      RAZORPAY_KEY_ID: 'rzp_test_fakekey',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_API_URL: fake.url,
    });
    resetServerEnv();
  });
  afterAll(async () => {
    for (const name of [
      'CONTEXT',
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'RAZORPAY_API_URL',
    ])
      delete process.env[name];
    resetServerEnv();
    await fake.stop();
  });

  it('keys without a webhook secret: checkout is 503 with the plain sentence, and the log names the setting', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const buyer = await buyerWithCart(1);
    const response = await send(
      new Request(`${ORIGIN}/api/Cart/checkout/sispl,${buyer.userId}`, {
        method: 'POST',
        headers: { ...buyer.headers, 'content-type': 'application/json' },
        body: JSON.stringify(KARNATAKA),
      }),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      errors: ['Online payment is not available right now. Please try again later or contact us.'],
    });
    expect(logged.mock.calls.flat().join(' ')).toContain('RAZORPAY_WEBHOOK_SECRET');
    expect(fake.orders.size).toBe(0);
    logged.mockRestore();
  });

  it('test keys on the live site: the payments list carries a warning for staff', async () => {
    process.env['RAZORPAY_WEBHOOK_SECRET'] = 'webhook-secret';
    resetServerEnv();
    const page = PaymentPageSchema.parse(
      await (await get('/api/console/payments', await staffHeaders())).json(),
    );
    expect(page.warning).toContain('Razorpay test keys');
    process.env['RAZORPAY_KEY_ID'] = 'rzp_live_fakekey';
    resetServerEnv();
    const live = PaymentPageSchema.parse(
      await (await get('/api/console/payments', await staffHeaders())).json(),
    );
    expect(live.warning).toBeUndefined();
  });
});

describe('with Razorpay keys: callbacks and webhooks of two captured payments of one order at once', () => {
  let fake: FakeRazorpay;
  const KEY_SECRET = 'race-key-secret';
  const WEBHOOK_SECRET = 'race-webhook-secret';
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    Object.assign(process.env, {
      RAZORPAY_KEY_ID: 'rzp_live_race',
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_URL: fake.url,
    });
    resetServerEnv();
  });
  afterAll(async () => {
    for (const name of [
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'RAZORPAY_API_URL',
    ])
      delete process.env[name];
    resetServerEnv();
    await fake.stop();
  });

  it('one order, one refund of the second payment in full; 20 replays after make no more', async () => {
    const buyer = await buyerWithCart(2);
    const started = await send(
      new Request(`${ORIGIN}/api/Cart/checkout/sispl,${buyer.userId}`, {
        method: 'POST',
        headers: { ...buyer.headers, 'content-type': 'application/json' },
        body: JSON.stringify(KARNATAKA),
      }),
    );
    const answer = (await started.json()) as CheckoutAnswer;
    const orderId = answer.gateway.fields['order_id']!;
    // Both captured (the dashboard's auto-capture): whichever wins, the other is refunded.
    const first = fake.pay(orderId, 'captured');
    const second = fake.pay(orderId, 'captured');
    const callback = (paymentId: string) =>
      formPost('/api/payments/callback', {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(orderId, paymentId, KEY_SECRET),
      });
    const captured = (paymentId: string, amount: number) => ({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: paymentId, order_id: orderId, amount, currency: 'USD', status: 'captured' },
        },
      },
    });
    const everything = () => [
      callback(first.id),
      callback(second.id),
      webhook(captured(first.id, first.amount), WEBHOOK_SECRET),
      webhook(captured(second.id, second.amount), WEBHOOK_SECRET),
    ];
    const answers = await Promise.all([...everything(), ...everything()]);
    expect(answers.every((response) => response.status === 200 || response.status === 303)).toBe(true);
    const refundsOfOrder = () =>
      fake.refunds.filter((refund) => [first.id, second.id].includes(refund.payment_id));
    expect(refundsOfOrder()).toEqual([expect.objectContaining({ amount: second.amount })]);
    const statuses = [first.id, second.id].map((id) => fake.payments.get(id)?.status).sort();
    expect(statuses).toEqual(['captured', 'refunded']);
    await Promise.all(Array.from({ length: 5 }, everything).flat());
    expect(refundsOfOrder()).toHaveLength(1);
    const history = (await (
      await get(`/api/Cart/GetPurchasedCoursesByUser/sispl,${buyer.userId}`, buyer.headers)
    ).json()) as { orderNo: string }[];
    expect(history).toHaveLength(2);
    expect(new Set(history.map((item) => item.orderNo)).size).toBe(1);
  });
});
