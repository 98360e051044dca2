/**
 * Credit notes over HTTP with Razorpay keys (DECISIONS 49, 57; issue 38, items 1 and 2): the real
 * functions, the site's Razorpay settings pointed at the fake Razorpay. A paid order (checkout,
 * the fake pays, the signed callback), then staff refunds from the console:
 * - pending: no credit note until the signed `refund.processed` webhook, then one, opened by the
 *   buyer, one row in the sales register;
 * - failed: no credit note, the payment needs attention, and a new press refunds the same courses;
 * - an old, correctly signed `refund.failed` after `processed` changes nothing;
 * - ten presses at once with one Idempotency-Key: one gateway refund, one credit note.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { PaymentPageSchema, type Refund } from '~/lib/shared/schemas/payments';
import type { CheckoutAnswer, PurchasedItem } from '~/lib/shared/schemas/shop';
import type { OrderRow } from '~/lib/shared/schemas/console';
import { paymentSignature } from '~/server/domain/payments/signatures';
import { resetServerEnv } from '~/server/env';
import { getQueuedMail } from '~/server/storage/mail-queue';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';
import { browserHeaders } from '../../support/browser-headers';
import { startFakeRazorpay, type FakeRazorpay, type FakeWebhook } from '../../support/fake-razorpay';
import { functionRouter, type FunctionRouter } from '../../support/function-router';
import { newSignedInPerson } from '../../support/people';
import { KARNATAKA } from '../../support/test-gateway';

const ORIGIN = 'http://localhost';
const STAFF_EMAIL = 'credit-notes-staff@example.com';
const KEY_SECRET = 'credit-notes-key-secret';
// The fake signs its webhooks with this secret unless told otherwise.
const WEBHOOK_SECRET = 'webhook-secret';
const RAZORPAY_SETTINGS = {
  RAZORPAY_KEY_ID: 'rzp_live_creditnotes',
  RAZORPAY_KEY_SECRET: KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
} as const;

let router: FunctionRouter;
let blobs: RunningBlobsServer;
let fake: FakeRazorpay;
let staff: Record<string, string>;
let ip = 0;

/** A request to the site's functions, from its own address (no rate limit is shared across tests). */
function send(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Response> {
  return router.fetch(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: { ...headers, 'x-nf-client-connection-ip': `198.51.100.${(ip = (ip % 250) + 1)}` },
      redirect: 'manual',
      ...(body === undefined ? {} : { body }),
    }),
  );
}
const get = (path: string, headers: Record<string, string>) => send('GET', path, headers);
const postJson = (path: string, headers: Record<string, string>, body: unknown) =>
  send('POST', path, { ...headers, 'content-type': 'application/json' }, JSON.stringify(body));

beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  fake = await startFakeRazorpay();
  Object.assign(process.env, { ...RAZORPAY_SETTINGS, RAZORPAY_API_URL: fake.url, STAFF_EMAILS: STAFF_EMAIL });
  resetServerEnv();
  blobs = await startBlobsServer();
  router = await functionRouter();
  staff = await browserHeaders((await newSignedInPerson({ email: STAFF_EMAIL, staff: true })).session);
});
afterAll(async () => {
  vi.restoreAllMocks();
  for (const name of [...Object.keys(RAZORPAY_SETTINGS), 'RAZORPAY_API_URL', 'STAFF_EMAILS'])
    delete process.env[name];
  resetServerEnv();
  await blobs.stop();
  await fake.stop();
});
beforeEach(() => {
  fake.refundStatus = 'pending';
});

interface PaidOrder {
  readonly orderNo: string;
  readonly paymentId: string;
  readonly userId: string;
  readonly buyer: Record<string, string>;
}

/**
 * A buyer in Karnataka pays for `count` courses: the checkout call makes a gateway order at the
 * fake, the fake captures a payment of it, and the signed callback places the order.
 */
async function paidOrder(count = 1): Promise<PaidOrder> {
  const { userId, session } = await newSignedInPerson();
  const buyer = await browserHeaders(session);
  for (const course of courses.slice(0, count))
    expect((await send('POST', `/api/Cart/addtocart/sispl,${course.id},${userId}`, buyer)).status).toBe(200);
  const started = await postJson(`/api/Cart/checkout/sispl,${userId}`, buyer, KARNATAKA);
  expect(started.status).toBe(200);
  const orderId = ((await started.json()) as CheckoutAnswer).gateway.fields['order_id']!;
  const payment = fake.pay(orderId, 'captured');
  const back = await send(
    'POST',
    '/api/payments/callback',
    { 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({
      razorpay_order_id: orderId,
      razorpay_payment_id: payment.id,
      razorpay_signature: paymentSignature(orderId, payment.id, KEY_SECRET),
    }).toString(),
  );
  expect(back.status).toBe(303);
  const orderNo = /^\/checkout\?placed=(SIS-[\d-]+)$/.exec(back.headers.get('location') ?? '')?.[1];
  expect(orderNo, back.headers.get('location') ?? '').toBeDefined();
  return { orderNo: orderNo!, paymentId: payment.id, userId, buyer };
}

/** Staff press Refund in the console: the whole order unless courses are named. */
async function pressRefund(
  orderNo: string,
  key: string,
  body: { readonly reason: string; readonly courseIds?: readonly number[] } = {
    reason: 'The batch was cancelled.',
  },
): Promise<Response> {
  return postJson(`/api/console/orders/${orderNo}/refunds`, { ...staff, 'idempotency-key': key }, body);
}

async function refundOf(response: Response): Promise<Refund> {
  expect(response.status).toBe(201);
  return ((await response.json()) as { refund: Refund }).refund;
}

/** Razorpay's webhook delivered to the site. */
const deliver = (hook: Pick<FakeWebhook, 'body' | 'signature'>) =>
  send('POST', '/api/payments/webhook', { 'x-razorpay-signature': hook.signature }, hook.body);

/** The gateway's refund the site asked for the payment (the fake keeps every one). */
const gatewayRefundsOf = (paymentId: string) =>
  fake.refunds.filter((refund) => refund.payment_id === paymentId);

/** The order's refunds as the console's Orders tab lists them (its row found by searching its number). */
async function consoleRefunds(orderNo: string): Promise<readonly Refund[] | undefined> {
  const answer = await get(`/api/console/orders?q=${orderNo}`, staff);
  expect(answer.status).toBe(200);
  const rows = ((await answer.json()) as { items: OrderRow[] }).items;
  const row = rows.find((each) => each.orderNo === orderNo);
  expect(row, orderNo).toBeDefined();
  return row!.refunds;
}

/** The buyer's purchase history. */
async function history(order: PaidOrder): Promise<PurchasedItem[]> {
  const answer = await get(`/api/Cart/GetPurchasedCoursesByUser/sispl,${order.userId}`, order.buyer);
  expect(answer.status).toBe(200);
  return (await answer.json()) as PurchasedItem[];
}

/** The console's payments needing attention, by payment id. */
async function attention(): Promise<Map<string, { outcome: string; reason: string | null }>> {
  const answer = await get('/api/console/payments?status=attention', staff);
  expect(answer.status).toBe(200);
  return new Map(PaymentPageSchema.parse(await answer.json()).items.map((row) => [row.paymentId, row]));
}

/**
 * The credit note rows of the sales register (all dates) that give back money of this payment:
 * their first cell, the credit note's number. No cell written here holds a comma or a quote.
 */
async function registerCreditNotes(paymentId: string): Promise<string[]> {
  const answer = await get('/api/console/export/sales-register.csv', staff);
  expect(answer.status).toBe(200);
  const rows = (await answer.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
  const reference = rows[0]!.indexOf('Payment reference');
  expect(reference).toBeGreaterThan(0);
  return rows
    .filter((row) => row[0]!.startsWith('SIS-CN') && row[reference] === paymentId)
    .map((row) => row[0]!);
}

/** A signed webhook Razorpay would send for this refund with its state now `processed`. */
function processedWebhook(refundId: string): FakeWebhook {
  fake.settleRefund(refundId, 'processed');
  const hook = fake.refundWebhook(refundId);
  expect(hook.event).toBe('refund.processed');
  return hook;
}

describe('credit notes over HTTP against the fake Razorpay (DECISIONS 49, 57; issue 38)', () => {
  it('a pending refund: no credit note, pending in the history and the mail; refund.processed issues one, the buyer opens it, the register has it once', async () => {
    const order = await paidOrder(1);
    const course = courses[0]!;
    const refund = await refundOf(await pressRefund(order.orderNo, 'pending-1'));
    expect(refund).toEqual({
      id: expect.stringMatching(/^rf_/),
      amount: course.discountedFeesPaise / 100,
      currency: 'INR',
      status: 'pending',
      courseIds: [course.id],
      creditNoteNo: null,
    });
    const [atGateway] = gatewayRefundsOf(order.paymentId);
    expect(atGateway).toMatchObject({ status: 'pending', amount: course.discountedFeesPaise });

    // The buyer sees it pending, without a credit note, and is mailed that it is pending.
    expect(await history(order)).toEqual([
      expect.objectContaining({
        orderNo: order.orderNo,
        refund: { amount: course.discountedFeesPaise / 100, at: expect.any(String) },
      }),
    ]);
    expect((await getQueuedMail(`refund-pending-${refund.id}`))?.subject).toMatch(
      new RegExp(`^Refund of ₹[\\d,.]+ for order ${order.orderNo} is pending - `),
    );
    // The console's row, read (and kept in its sheet) while pending.
    expect(await consoleRefunds(order.orderNo)).toEqual([{ ...refund }]);
    expect(await registerCreditNotes(order.paymentId)).toEqual([]);

    // Razorpay says the money went back.
    expect((await deliver(processedWebhook(atGateway!.id))).status).toBe(200);
    const [processed] = (await consoleRefunds(order.orderNo)) ?? [];
    expect(processed).toEqual({
      ...refund,
      status: 'processed',
      creditNoteNo: expect.stringMatching(/^SIS-CN\d{4}-\d{5}$/),
    });
    const creditNoteNo = processed!.creditNoteNo!;
    const note = await get(`/api/orders/${order.orderNo}/credit-notes/${creditNoteNo}`, order.buyer);
    expect(note.status).toBe(200);
    expect(await note.json()).toMatchObject({
      creditNoteNo,
      refundId: refund.id,
      reason: 'The batch was cancelled.',
      originalInvoice: { orderNo: order.orderNo },
      payment: { reference: order.paymentId },
    });
    expect((await history(order))[0]!.refund).toEqual({
      creditNoteNo,
      amount: course.discountedFeesPaise / 100,
      at: expect.any(String),
    });
    expect(await registerCreditNotes(order.paymentId)).toEqual([creditNoteNo]);
    expect(gatewayRefundsOf(order.paymentId)).toHaveLength(1);
  });

  it('a failed refund: no credit note, the payment needs attention; a new press refunds the same courses, processed with a credit note', async () => {
    const order = await paidOrder(2);
    const courseIds = [courses[1]!.id];
    fake.refundStatus = 'failed';
    const failed = await refundOf(
      await pressRefund(order.orderNo, 'failed-1', { reason: 'Moved to a later batch.', courseIds }),
    );
    expect(failed).toMatchObject({ status: 'failed', courseIds, creditNoteNo: null });
    expect((await attention()).get(order.paymentId)).toMatchObject({
      outcome: 'attention',
      reason: expect.stringContaining(`Refund ${failed.id}`),
    });
    expect(await registerCreditNotes(order.paymentId)).toEqual([]);
    // The buyer still owns the course: a failed refund gave nothing back.
    expect((await history(order)).every((item) => item.refund === undefined)).toBe(true);

    // Staff press Refund again (a new dialog: another key); Razorpay completes it at once.
    fake.refundStatus = 'processed';
    const again = await refundOf(
      await pressRefund(order.orderNo, 'failed-2', { reason: 'Moved to a later batch.', courseIds }),
    );
    expect(again).toEqual({
      ...failed,
      id: expect.not.stringMatching(failed.id),
      status: 'processed',
      creditNoteNo: expect.stringMatching(/^SIS-CN\d{4}-\d{5}$/),
    });
    expect(gatewayRefundsOf(order.paymentId).map((refund) => refund.status)).toEqual(['failed', 'processed']);
    expect(await consoleRefunds(order.orderNo)).toEqual([failed, again]);
    expect(await registerCreditNotes(order.paymentId)).toEqual([again.creditNoteNo]);
    // Nothing of it is left to refund now.
    expect(
      (await pressRefund(order.orderNo, 'failed-3', { reason: 'Moved to a later batch.', courseIds })).status,
    ).toBe(409);
  });

  it('an old, correctly signed refund.failed after processed changes nothing', async () => {
    const order = await paidOrder(1);
    const refund = await refundOf(await pressRefund(order.orderNo, 'late-1'));
    const [atGateway] = gatewayRefundsOf(order.paymentId);
    const processed = processedWebhook(atGateway!.id);
    expect((await deliver(processed)).status).toBe(200);
    const before = await consoleRefunds(order.orderNo);
    expect(before).toEqual([{ ...refund, status: 'processed', creditNoteNo: expect.any(String) }]);

    // The same refund reported failed, signed with the webhook secret: a delivery from before it
    // was processed, arriving late.
    const event = JSON.parse(processed.body) as {
      event: string;
      payload: { refund: { entity: { status: string } } };
    };
    event.event = 'refund.failed';
    event.payload.refund.entity.status = 'failed';
    const body = JSON.stringify(event);
    const signature = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
    expect((await deliver({ body, signature })).status).toBe(200);

    expect(await consoleRefunds(order.orderNo)).toEqual(before);
    expect((await attention()).has(order.paymentId)).toBe(false);
    expect(await registerCreditNotes(order.paymentId)).toEqual([before![0]!.creditNoteNo]);
    expect((await history(order))[0]!.refund?.creditNoteNo).toBe(before![0]!.creditNoteNo);
    // Its courses stay refunded: a new press finds nothing left.
    expect((await pressRefund(order.orderNo, 'late-2')).status).toBe(409);
    expect(gatewayRefundsOf(order.paymentId)).toHaveLength(1);
  });

  it('ten presses at once with one Idempotency-Key: one gateway refund and, once processed, one credit note', async () => {
    const order = await paidOrder(2);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => pressRefund(order.orderNo, 'ten-presses').then(refundOf)),
    );
    expect(new Set(answers.map((refund) => refund.id)).size).toBe(1);
    expect(answers.every((refund) => refund.status === 'pending' && refund.creditNoteNo === null)).toBe(true);
    const atGateway = gatewayRefundsOf(order.paymentId);
    expect(atGateway).toHaveLength(1);

    // Razorpay processes it; its webhook comes ten times at once, and the presses are repeated.
    const hook = processedWebhook(atGateway[0]!.id);
    const after = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver(hook)),
      ...Array.from({ length: 10 }, () => pressRefund(order.orderNo, 'ten-presses')),
    ]);
    expect(after.map((response) => response.status).sort()).toEqual([
      ...Array<number>(10).fill(200),
      ...Array<number>(10).fill(201),
    ]);
    const [refund, ...others] = (await consoleRefunds(order.orderNo)) ?? [];
    expect(others).toEqual([]);
    expect(refund).toMatchObject({ status: 'processed', creditNoteNo: expect.stringMatching(/^SIS-CN/) });
    expect(await registerCreditNotes(order.paymentId)).toEqual([refund!.creditNoteNo]);
    expect(gatewayRefundsOf(order.paymentId)).toHaveLength(1);
  });
});
