/**
 * One payment, one order (DECISIONS 48; issue 28, item 1): the decision every callback, webhook
 * and replay goes through, against a fake Razorpay API on loopback and a real blob server. Every
 * case that refuses a payment: not captured when only authorised, refunded in full once (the
 * refund call's amount and notes checked) when captured; the races make one order and one refund.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { ValidationError } from '~/server/domain/errors';
import type { OutgoingMail } from '~/server/domain/mail';
import { startPayment, type PaymentDeps } from '~/server/domain/payments/checkout-payment';
import { settlePayment } from '~/server/domain/payments/payment-decision';
import { listPayments, paymentStatusOf } from '~/server/domain/payments/payment-records';
import { addToCart, cartItems } from '~/server/domain/shop/cart';
import { CHECKOUT_ERRORS } from '~/server/domain/shop/checkout';
import { invoiceOf, purchaseHistory } from '~/server/domain/shop/orders';
import { openStore } from '~/server/storage/blob-store';
import { claimGatewayOrder, getPayment } from '~/server/storage/payments';
import { getBatch, seatsTaken } from '~/server/storage/batches';
import { razorpayDeps } from '../../../../support/razorpay-deps';
import { useBlobsServer } from '../../../../support/blobs-server';
import { useOpenBatches } from '../../../../support/open-batches';
import { useFakeRazorpay } from '../../../../support/fake-razorpay';
import { newAccount } from '../../../../support/people';

const KARNATAKA = { name: 'Priya Rao', country: 'IN', state: '29', gstin: undefined };
const UNITED_STATES_BUYER = {
  name: 'Jane Doe',
  country: 'US',
  state: undefined,
  gstin: undefined,
  address: { line: '500 Howard Street', city: 'San Francisco', postalCode: '94105' },
};

useBlobsServer();
// The clock runs years ahead: batches that are still open then (issue 31).
useOpenBatches();

const fake = useFakeRazorpay();
let mails: OutgoingMail[];
let deps: PaymentDeps;
beforeEach(() => {
  mails = [];
  fake.refusingRefunds = false;
  fake.refundStatus = 'pending';
  // A financial year of its own per file run: FY 2036-37.
  deps = razorpayDeps(fake.url, new Date('2036-06-01T06:00:00.000Z'), mails);
});

/** A buyer with these courses in the cart and a payment started for them (a Razorpay order). */
async function buyerPaying(
  courseIndexes: number[],
  userId?: string,
  billing: typeof KARNATAKA | typeof UNITED_STATES_BUYER = KARNATAKA,
) {
  const buyer = userId ?? (await newAccount()).userId;
  for (const index of courseIndexes) await addToCart(buyer, courses[index]!.id);
  const answer = await startPayment({ userId: buyer, idempotencyKey: undefined, billing }, deps);
  const orderId = answer.gateway.fields['order_id']!;
  return { userId: buyer, paymentNo: answer.paymentNo, orderId, amount: fake.orders.get(orderId)!.amount };
}

const settle = (orderId: string, paymentId: string) => settlePayment({ orderId, paymentId }, deps);
const refundsOf = (paymentId: string) => fake.refunds.filter((refund) => refund.payment_id === paymentId);
const refusedMails = () => mails.filter((mail) => mail.idempotencyKey.startsWith('payment-refused-'));

describe('the one decision (DECISIONS 48)', () => {
  it('a captured payment that matches becomes the order; its record says so', async () => {
    const { userId, orderId, paymentNo, amount } = await buyerPaying([0]);
    const payment = fake.pay(orderId, 'captured');
    const settled = await settle(orderId, payment.id);
    expect(settled.outcome).toBe('order');
    expect(await purchaseHistory(userId)).toHaveLength(1);
    // The console's Payments row: whose, which checkout, how much, which order.
    expect(await getPayment(payment.id)).toMatchObject({
      paymentId: payment.id,
      gatewayOrderId: orderId,
      gateway: 'razorpay',
      paymentNo,
      userId,
      amountCents: amount,
      currency: 'INR',
      status: 'captured',
      outcome: 'order',
      orderNo: settled.outcome === 'order' ? settled.orderNo : '',
    });
    // Captured already (the dashboard's auto-capture): not asked to capture again.
    expect(fake.requests.map((request) => request.call)).not.toContain(
      `POST /payments/${payment.id}/capture`,
    );
    expect(refundsOf(payment.id)).toEqual([]);
  });

  it("a USD payment's invoice carries its rupee value at the rate Razorpay reports (base_amount / amount)", async () => {
    const { userId } = await newAccount();
    await addToCart(userId, courses[8]!.id);
    const billing = {
      name: 'Jane Doe',
      country: 'US',
      state: undefined,
      gstin: undefined,
      address: { line: '500 Howard Street', city: 'San Francisco', postalCode: '94105' },
    };
    const answer = await startPayment({ userId, idempotencyKey: undefined, billing }, deps);
    const orderId = answer.gateway.fields['order_id']!;
    const payment = fake.pay(orderId, 'captured');
    expect(payment.currency).toBe('USD');
    const settled = await settle(orderId, payment.id);
    if (settled.outcome !== 'order') throw new Error(`not an order: ${settled.outcome}`);
    const inr = (await invoiceOf(userId, settled.orderNo)).inr;
    expect(inr?.rate).toBe(payment.base_amount / payment.amount);
    expect(inr?.total).toBe(payment.base_amount / 100);
    expect(inr?.source).toContain(payment.id);
  });

  it('an authorised payment that will become the order is captured here, whatever the dashboard', async () => {
    const { orderId } = await buyerPaying([1]);
    const payment = fake.pay(orderId, 'authorized');
    expect((await settle(orderId, payment.id)).outcome).toBe('order');
    expect(fake.payments.get(payment.id)?.status).toBe('captured');
  });

  it('a second captured payment of a placed order (auto-captured) is refunded in full once, with notes naming why; the buyer is told once', async () => {
    const { userId: buyer, email } = await newAccount();
    const { userId, orderId, amount, paymentNo } = await buyerPaying([2], buyer);
    const first = fake.pay(orderId, 'captured');
    const second = fake.pay(orderId, 'captured');
    expect((await settle(orderId, first.id)).outcome).toBe('order');
    expect((await settle(orderId, second.id)).outcome).toBe('refunded');
    expect(await settle(orderId, second.id)).toMatchObject({ outcome: 'refunded' });
    expect(refundsOf(second.id)).toEqual([
      expect.objectContaining({
        amount,
        notes: { reason: expect.stringContaining('already-paid'), paymentNo },
      }),
    ]);
    expect(fake.payments.get(second.id)?.status).toBe('refunded');
    expect(await getPayment(second.id)).toMatchObject({
      outcome: 'refunded',
      reason: 'The order was already paid by another payment.',
      refund: { amountCents: amount, state: 'pending' },
    });
    expect(await purchaseHistory(userId)).toHaveLength(1);
    expect(refusedMails()).toHaveLength(2); // queued twice under one key: sent once
    expect(new Set(refusedMails().map((mail) => mail.idempotencyKey))).toEqual(
      new Set([`payment-refused-${second.id}`]),
    );
    expect(refusedMails()[0]!.text).toContain('This order was already paid');
    expect(refusedMails()[0]!.to).toEqual([email]);
  });

  it("a refused second payment names the order it duplicated on its record and the console's Payments row", async () => {
    const { orderId } = await buyerPaying([5]);
    const first = fake.pay(orderId, 'captured');
    const placed = await settle(orderId, first.id);
    const orderNo = placed.outcome === 'order' ? placed.orderNo : '';
    const captured = fake.pay(orderId, 'captured');
    const authorised = fake.pay(orderId, 'authorized');
    await settle(orderId, captured.id);
    await settle(orderId, authorised.id);
    expect(await getPayment(captured.id)).toMatchObject({ outcome: 'refunded', orderNo });
    expect(await getPayment(authorised.id)).toMatchObject({ outcome: 'not-captured', orderNo });
    const page = await listPayments({ status: 'attention' }, deps.now());
    for (const paymentId of [captured.id, authorised.id])
      expect(page.items.find((row) => row.paymentId === paymentId)).toMatchObject({ orderNo });
  });

  it('a payment refused for another reason names no order', async () => {
    const { userId, orderId: a } = await buyerPaying([0]);
    await addToCart(userId, courses[1]!.id);
    const { orderId: b } = await buyerPaying([], userId);
    await settle(b, fake.pay(b, 'captured').id);
    const refused = fake.pay(a, 'captured');
    await settle(a, refused.id);
    expect(await getPayment(refused.id)).toMatchObject({ outcome: 'refunded', reasonCode: 'owned' });
    expect(await getPayment(refused.id)).not.toHaveProperty('orderNo');
  });

  it('a second payment settled 10 times at once: every one answers refunded, one refund', async () => {
    const { orderId } = await buyerPaying([4]);
    const first = fake.pay(orderId, 'captured');
    await settle(orderId, first.id);
    const second = fake.pay(orderId, 'captured');
    const runs = await Promise.all(Array.from({ length: 10 }, () => settle(orderId, second.id)));
    expect(runs.map((run) => run.outcome)).toEqual(Array.from({ length: 10 }, () => 'refunded'));
    expect(refundsOf(second.id)).toHaveLength(1);
  });

  it('a second authorised payment is not captured and not refunded', async () => {
    const { orderId } = await buyerPaying([3]);
    const first = fake.pay(orderId, 'captured');
    const second = fake.pay(orderId, 'authorized');
    await settle(orderId, first.id);
    expect((await settle(orderId, second.id)).outcome).toBe('not-captured');
    expect(fake.payments.get(second.id)?.status).toBe('authorized');
    expect(fake.requests.some((request) => request.call.startsWith(`POST /payments/${second.id}`))).toBe(
      false,
    );
    expect(refusedMails()[0]!.text).toContain('was not taken');
    // Captured later all the same (the dashboard's auto-capture): then refunded.
    fake.payments.get(second.id)!.status = 'captured';
    expect((await settle(orderId, second.id)).outcome).toBe('refunded');
    expect(refundsOf(second.id)).toHaveLength(1);
  });

  it('a payment for another amount is refunded for what it took, and places nothing', async () => {
    const { userId, orderId } = await buyerPaying([4]);
    const short = fake.pay(orderId, 'captured', 100);
    expect((await settle(orderId, short.id)).outcome).toBe('refunded');
    expect(refundsOf(short.id)).toEqual([
      expect.objectContaining({
        amount: 100,
        notes: expect.objectContaining({ reason: expect.stringMatching(/^amount:/) }),
      }),
    ]);
    expect(await purchaseHistory(userId)).toEqual([]);
    expect(await getPayment(short.id)).toMatchObject({
      reasonCode: 'amount',
      reason: "The payment's amount or currency differs from its checkout's.",
    });
    // The right payment still becomes the order.
    const full = fake.pay(orderId, 'captured');
    expect((await settle(orderId, full.id)).outcome).toBe('order');
  });

  it('a checkout that no longer exists (swept after 30 days): refunded', async () => {
    const { userId, orderId, paymentNo } = await buyerPaying([5]);
    await openStore('checkouts').delete(`carts/${paymentNo.replace('.', '/')}`);
    const payment = fake.pay(orderId, 'captured');
    expect((await settle(orderId, payment.id)).outcome).toBe('refunded');
    expect(refundsOf(payment.id)).toHaveLength(1);
    expect(await purchaseHistory(userId)).toEqual([]);
    expect(await getPayment(payment.id)).toMatchObject({
      reasonCode: 'no-checkout',
      reason: 'The checkout this payment was for no longer exists.',
    });
  });

  it('checkouts A and B sharing a course: B paid, then A paid is refunded; the course is bought once', async () => {
    const { userId, orderId: a } = await buyerPaying([6]);
    await addToCart(userId, courses[7]!.id);
    const { orderId: b } = await buyerPaying([], userId);
    const paidB = fake.pay(b, 'captured');
    const paidA = fake.pay(a, 'captured');
    expect((await settle(b, paidB.id)).outcome).toBe('order');
    expect((await settle(a, paidA.id)).outcome).toBe('refunded');
    expect(refundsOf(paidA.id)[0]!.notes['reason']).toBe(
      'owned: The buyer already owns a course of this checkout.',
    );
    expect(await getPayment(paidA.id)).toMatchObject({
      reasonCode: 'owned',
      reason: 'The buyer already owns a course of this checkout.',
    });
    const history = await purchaseHistory(userId);
    expect(history.map((item) => item.id).sort()).toEqual([courses[6]!.id, courses[7]!.id].sort());
  });

  it('checkouts A and B sharing a course paid at the same moment: one of them becomes an order', async () => {
    const { userId, orderId: a } = await buyerPaying([1]);
    await addToCart(userId, courses[2]!.id);
    const { orderId: b } = await buyerPaying([], userId);
    const paidA = fake.pay(a, 'captured');
    const paidB = fake.pay(b, 'captured');
    const outcomes = await Promise.all([settle(a, paidA.id), settle(b, paidB.id)]);
    expect(outcomes.map((settled) => settled.outcome).sort()).toEqual(['order', 'refunded']);
    const ids = (await purchaseHistory(userId)).map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('an export paid from India (international false) is refunded in full once, places nothing, and the buyer is told to choose India (DECISIONS 51)', async () => {
    const { userId, orderId, amount, paymentNo } = await buyerPaying([5], undefined, UNITED_STATES_BUYER);
    const payment = fake.pay(orderId, 'captured', undefined, false);
    expect((await settle(orderId, payment.id)).outcome).toBe('refunded');
    expect(await settle(orderId, payment.id)).toMatchObject({ outcome: 'refunded' });
    expect(refundsOf(payment.id)).toEqual([
      expect.objectContaining({ amount, notes: { reason: expect.stringMatching(/^domestic:/), paymentNo } }),
    ]);
    expect(await getPayment(payment.id)).toMatchObject({
      outcome: 'refunded',
      reasonCode: 'domestic',
      reason:
        'The billing country is outside India but the payment was made from India (an export needs a payment from abroad).',
    });
    expect(await purchaseHistory(userId)).toEqual([]);
    expect(new Set(refusedMails().map((mail) => mail.idempotencyKey))).toEqual(
      new Set([`payment-refused-${payment.id}`]),
    );
    expect(refusedMails()[0]!.text).toContain('Choose India as the billing country and pay again.');
    const status = await paymentStatusOf(userId, paymentNo);
    expect(status.state).toBe('refunded');
    expect(status.message).toMatch(
      /^Your billing country is outside India but the payment was made with an Indian card or account, so your payment of \$[\d,.]+ was refunded in full\. .*Choose India as the billing country and pay again\.$/,
    );
  });

  it('an export paid from India while only authorised is not captured; a payment from abroad then becomes the order', async () => {
    const { userId, orderId } = await buyerPaying([6], undefined, UNITED_STATES_BUYER);
    const domestic = fake.pay(orderId, 'authorized', undefined, false);
    expect((await settle(orderId, domestic.id)).outcome).toBe('not-captured');
    expect(fake.payments.get(domestic.id)?.status).toBe('authorized');
    expect(refundsOf(domestic.id)).toEqual([]);
    expect(refusedMails()[0]!.text).toContain('was not taken');
    const abroad = fake.pay(orderId, 'authorized', undefined, true);
    expect((await settle(orderId, abroad.id)).outcome).toBe('order');
    expect(await purchaseHistory(userId)).toHaveLength(1);
  });

  it('a dollar gateway order left unpaid, then the billing country changed to India: a new gateway order in rupees; the old one paid later is refunded and places nothing', async () => {
    const { userId } = await newAccount();
    const course = courses[8]!;
    await addToCart(userId, course.id);
    // The same Idempotency-Key both times: a page that lost the answer and kept its key.
    const start = (billing: typeof KARNATAKA | typeof UNITED_STATES_BUYER) =>
      startPayment({ userId, idempotencyKey: 'one-attempt', billing }, deps);
    const abroad = await start(UNITED_STATES_BUYER);
    const dollarOrder = abroad.gateway.fields['order_id']!;
    expect(fake.orders.get(dollarOrder)).toMatchObject({
      currency: 'USD',
      amount: course.discountedFeesCents,
    });

    // Cancelled on the gateway; back at the checkout, India is chosen.
    const india = await start(KARNATAKA);
    const rupeeOrder = india.gateway.fields['order_id']!;
    expect(rupeeOrder).not.toBe(dollarOrder);
    expect(india.gateway.fields).toMatchObject({
      currency: 'INR',
      amount: String(course.discountedFeesPaise),
    });
    expect(fake.orders.get(rupeeOrder)).toMatchObject({
      currency: 'INR',
      amount: course.discountedFeesPaise,
    });
    expect(india.paymentNo).toBe(abroad.paymentNo);
    // Pressing Pay again in rupees answers the same gateway order.
    expect((await start(KARNATAKA)).gateway.fields['order_id']).toBe(rupeeOrder);

    // The dollar order paid in a tab left open on the gateway: never kept.
    const stale = fake.pay(dollarOrder, 'captured');
    expect((await settle(dollarOrder, stale.id)).outcome).toBe('refunded');
    expect(refundsOf(stale.id)).toEqual([expect.objectContaining({ amount: course.discountedFeesCents })]);
    expect(await getPayment(stale.id)).toMatchObject({
      outcome: 'refunded',
      reasonCode: 'replaced',
      reason:
        'The buyer changed the billing details after this gateway order was made (another tab, or another country); the checkout is paid through a newer gateway order now (DECISIONS 58).',
    });
    expect(await purchaseHistory(userId)).toEqual([]);
    expect(await paymentStatusOf(userId, india.paymentNo)).toEqual({
      state: 'refunded',
      message: expect.stringMatching(
        /^This payment was started before the billing details were changed \(in this tab or another\), so your payment of \$[\d,.]+ was refunded in full\. .*Pay from your cart with the billing details it shows now\.$/,
      ),
    });

    const paid = fake.pay(rupeeOrder, 'captured');
    const settled = await settle(rupeeOrder, paid.id);
    if (settled.outcome !== 'order') throw new Error(`not an order: ${settled.outcome}`);
    const invoice = await invoiceOf(userId, settled.orderNo);
    expect(invoice.currency).toBe('INR');
    expect(invoice.totals.total).toBe(course.discountedFeesPaise / 100);
    // The billing details changed with the gateway order, in one write.
    expect(invoice.placeOfSupply).toBe('Karnataka (29)');
  });

  it('a gateway order being settled is not replaced: changing the currency then is refused with a sentence', async () => {
    const { userId, orderId } = await buyerPaying([7], undefined, UNITED_STATES_BUYER);
    await claimGatewayOrder(orderId, 'pay_AAAAAAAAAAAAAA');
    const before = fake.orders.size;
    await expect(
      startPayment({ userId, idempotencyKey: undefined, billing: KARNATAKA }, deps),
    ).rejects.toMatchObject({ name: 'Conflict', messages: [CHECKOUT_ERRORS.settling] });
    expect(fake.orders.size).toBe(before);
  });

  it('a buyer in India paying from India is kept: the rule is for exports only', async () => {
    const { userId, orderId } = await buyerPaying([7]);
    const payment = fake.pay(orderId, 'captured', undefined, false);
    expect((await settle(orderId, payment.id)).outcome).toBe('order');
    expect(await purchaseHistory(userId)).toHaveLength(1);
  });

  it('a gateway order this site did not make: needs attention, neither captured nor refunded', async () => {
    const order = await deps.gateway.createOrder({ amount: 500, currency: 'USD', receipt: 'x', notes: {} });
    const payment = fake.pay(order.id, 'captured');
    expect((await settle(order.id, payment.id)).outcome).toBe('attention');
    expect(refundsOf(payment.id)).toEqual([]);
    expect(await getPayment(payment.id)).toMatchObject({
      reason: 'The payment is for a gateway order this site did not make.',
      reasonCode: 'unmatched',
    });
  });

  it("ids not shaped like Razorpay's are refused before they name anything", async () => {
    for (const [orderId, paymentId] of [
      ['order_../../x', 'pay_AAAAAAAAAAAAAA'],
      ['order_AAAAAAAAAAAAAA', 'pay_1'],
      ['', ''],
    ] as const) {
      await expect(settle(orderId, paymentId)).rejects.toBeInstanceOf(ValidationError);
      await expect(settle(orderId, paymentId)).rejects.toMatchObject({
        messages: ['That is not a payment of this site.'],
      });
    }
  });

  it('a refund the gateway refuses: the payment needs attention and is listed first for staff', async () => {
    const { orderId } = await buyerPaying([0]);
    const first = fake.pay(orderId, 'captured');
    const second = fake.pay(orderId, 'captured');
    await settle(orderId, first.id);
    fake.refusingRefunds = true;
    expect((await settle(orderId, second.id)).outcome).toBe('attention');
    const record = await getPayment(second.id);
    expect(record).toMatchObject({ outcome: 'attention', refund: { state: 'failed' } });
    expect(record?.reason).toContain('refund');
    // The money is not back yet: the buyer is not told it was refunded.
    expect(refusedMails()).toEqual([]);
    // A replay does not ask again by itself: staff decide.
    fake.refusingRefunds = false;
    await settle(orderId, second.id);
    expect(refundsOf(second.id)).toEqual([]);
    const page = await listPayments({ status: 'attention' }, deps.now());
    expect(page.items.find((row) => row.paymentId === second.id)).toMatchObject({
      outcome: 'attention',
      refund: { state: 'failed' },
    });
    expect(page.items.some((row) => row.paymentId === first.id)).toBe(false);
    const all = await listPayments({ status: 'all' }, deps.now());
    expect(all.items.some((row) => row.paymentId === first.id)).toBe(true);
  });
});

describe('races: callback, webhook and a second payment at once', () => {
  it('make one order and one refund; 20 replays after make no more', async () => {
    const { userId, orderId, amount } = await buyerPaying([0, 1]);
    // Both captured (the dashboard's auto-capture): whichever wins the order, the other is refunded.
    const first = fake.pay(orderId, 'captured');
    const second = fake.pay(orderId, 'captured');
    const runs = await Promise.all([
      ...Array.from({ length: 5 }, () => settle(orderId, first.id)),
      ...Array.from({ length: 5 }, () => settle(orderId, second.id)),
    ]);
    const orders = new Set(runs.flatMap((run) => (run.outcome === 'order' ? [run.orderNo] : [])));
    expect(orders.size).toBe(1);
    // Every run of one payment answers the same, even one that found the other's refund under way.
    expect(new Set(runs.slice(0, 5).map((run) => run.outcome)).size).toBe(1);
    expect(new Set(runs.slice(5).map((run) => run.outcome)).size).toBe(1);
    const refunded = [...fake.refunds.filter((refund) => [first.id, second.id].includes(refund.payment_id))];
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.amount).toBe(amount);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => settle(orderId, index % 2 ? first.id : second.id)),
    );
    expect(fake.refunds.filter((refund) => [first.id, second.id].includes(refund.payment_id))).toHaveLength(
      1,
    );
    expect(await purchaseHistory(userId)).toHaveLength(2);
    expect(await cartItems(userId)).toEqual([]);
  });
});

describe('what the buyer sees (GET /api/payments/{paymentNo}/status)', () => {
  it('waiting, then placed (with the refunded second payment said); 404 for anyone else', async () => {
    const { userId, orderId, paymentNo } = await buyerPaying([2]);
    expect(await paymentStatusOf(userId, paymentNo)).toEqual({ state: 'waiting' });
    const first = fake.pay(orderId, 'captured');
    const placed = await settle(orderId, first.id);
    const orderNo = placed.outcome === 'order' ? placed.orderNo : '';
    expect(await paymentStatusOf(userId, paymentNo)).toEqual({ state: 'placed', orderNo });
    await settle(orderId, fake.pay(orderId, 'captured').id);
    expect(await paymentStatusOf(userId, paymentNo)).toEqual({
      state: 'placed',
      orderNo,
      message: expect.stringContaining('refunded in full'),
    });
    const other = await newAccount();
    await expect(paymentStatusOf(other.userId, paymentNo)).rejects.toMatchObject({ name: 'NotFound' });
    await expect(paymentStatusOf(userId, 'nonsense')).rejects.toMatchObject({ name: 'NotFound' });
  });

  it('refunded with the amount and why when the course was bought meanwhile', async () => {
    const { userId, orderId: a, paymentNo } = await buyerPaying([3]);
    await addToCart(userId, courses[4]!.id);
    const { orderId: b } = await buyerPaying([], userId);
    await settle(b, fake.pay(b, 'captured').id);
    await settle(a, fake.pay(a, 'captured').id);
    const status = await paymentStatusOf(userId, paymentNo);
    expect(status.state).toBe('refunded');
    expect(status.message).toMatch(
      /^You already own a course of this checkout, so your payment of ₹[\d,.]+ was refunded in full/,
    );
  });
});

describe('what the gateway did meanwhile (issue 38, item 9)', () => {
  /** The deps with the gateway's calls as `change` makes them. */
  const gatewayWith = (change: Partial<PaymentDeps['gateway']>): PaymentDeps => ({
    ...deps,
    gateway: { ...deps.gateway, ...change },
  });

  it('an authorised payment captured on the dashboard while we asked: our capture is refused, and the order is placed all the same', async () => {
    const { userId, orderId } = await buyerPaying([3]);
    const payment = fake.pay(orderId, 'authorized');
    const racing = gatewayWith({
      capturePayment: (...args) => {
        fake.payments.get(payment.id)!.status = 'captured';
        return deps.gateway.capturePayment(...args);
      },
    });
    expect((await settlePayment({ orderId, paymentId: payment.id }, racing)).outcome).toBe('order');
    expect(await purchaseHistory(userId)).toHaveLength(1);
    expect(refundsOf(payment.id)).toEqual([]);
  });

  it('a capture that fails while the payment is still authorised places nothing; a replay places the order', async () => {
    const { userId, orderId } = await buyerPaying([4]);
    const payment = fake.pay(orderId, 'authorized');
    const down = gatewayWith({ capturePayment: () => Promise.reject(new Error('Razorpay answered 503')) });
    await expect(settlePayment({ orderId, paymentId: payment.id }, down)).rejects.toThrow(
      'Razorpay answered 503',
    );
    expect(await purchaseHistory(userId)).toEqual([]);
    expect(fake.payments.get(payment.id)?.status).toBe('authorized');
    expect((await settle(orderId, payment.id)).outcome).toBe('order');
    expect(fake.payments.get(payment.id)?.status).toBe('captured');
  });

  it('a payment refunded at the gateway before it was captured: no order, its seats back, staff told why', async () => {
    const { userId, orderId } = await buyerPaying([5]);
    const payment = fake.pay(orderId, 'authorized');
    fake.payments.get(payment.id)!.status = 'refunded';
    const batchId = (await cartItems(userId))[0]!.batchId!;
    const before = seatsTaken((await getBatch(batchId))!);
    expect((await settle(orderId, payment.id)).outcome).toBe('attention');
    expect(await getPayment(payment.id)).toMatchObject({
      status: 'refunded',
      outcome: 'attention',
      reason: 'The payment is refunded at the gateway; no order was placed.',
    });
    expect(seatsTaken((await getBatch(batchId))!)).toBe(before);
    expect(await purchaseHistory(userId)).toEqual([]);
    expect(refundsOf(payment.id)).toEqual([]);
  });

  it('a second payment already refunded on the dashboard is recorded refunded, and not refunded again', async () => {
    const { orderId } = await buyerPaying([6]);
    const first = fake.pay(orderId, 'captured');
    await settle(orderId, first.id);
    const second = fake.pay(orderId, 'captured');
    fake.payments.get(second.id)!.status = 'refunded';
    expect((await settle(orderId, second.id)).outcome).toBe('refunded');
    expect(await getPayment(second.id)).toMatchObject({
      status: 'refunded',
      outcome: 'refunded',
      reasonCode: 'already-paid',
    });
    expect(await getPayment(second.id)).not.toHaveProperty('refund');
    expect(refundsOf(second.id)).toEqual([]);
  });

  it('a payment that failed at the gateway is recorded failed and places nothing; one of another gateway order is unknown', async () => {
    const { userId, orderId } = await buyerPaying([0]);
    const failed = fake.pay(orderId, 'failed');
    expect(await settle(orderId, failed.id)).toMatchObject({
      outcome: 'failed',
      record: { status: 'failed', outcome: 'failed' },
    });
    expect(await getPayment(failed.id)).toMatchObject({ status: 'failed', outcome: 'failed' });
    // Created but never paid: the same.
    const created = fake.pay(orderId, 'failed');
    fake.payments.get(created.id)!.status = 'created' as 'failed';
    expect((await settle(orderId, created.id)).outcome).toBe('failed');
    const other = await buyerPaying([1]);
    const elsewhere = fake.pay(other.orderId, 'captured');
    expect(await settle(orderId, elsewhere.id)).toEqual({
      outcome: 'unknown',
      why: `payment ${elsewhere.id} is not for ${orderId}`,
    });
    expect(await getPayment(elsewhere.id)).toBeUndefined();
    expect(await purchaseHistory(userId)).toEqual([]);
  });

  it('a refund of a second payment that Razorpay answers failed: the payment needs attention, saying so', async () => {
    const { orderId } = await buyerPaying([7]);
    await settle(orderId, fake.pay(orderId, 'captured').id);
    const second = fake.pay(orderId, 'captured');
    fake.refundStatus = 'failed';
    expect((await settle(orderId, second.id)).outcome).toBe('attention');
    const [gatewayRefund] = refundsOf(second.id);
    expect(await getPayment(second.id)).toMatchObject({
      // The money is still with us: captured, not refunded.
      status: 'captured',
      outcome: 'attention',
      reason: 'The refund failed. The order was already paid by another payment.',
      refund: { id: gatewayRefund!.id, amountCents: second.amount, state: 'failed' },
    });
  });

  it('a refund claim left by a crash: a replay within two minutes asks nothing; after, one of five replays asks once', async () => {
    const { orderId } = await buyerPaying([8]);
    await settle(orderId, fake.pay(orderId, 'captured').id);
    const second = fake.pay(orderId, 'captured');
    // The first settlement claims the refund, then its call to the gateway never comes back.
    void settlePayment(
      { orderId, paymentId: second.id },
      gatewayWith({ refundPayment: () => new Promise<never>(() => {}) }),
    );
    await expect.poll(async () => (await getPayment(second.id))?.refund?.state).toBe('requested');
    const asked = () =>
      fake.requests.filter((request) => request.call === `POST /payments/${second.id}/refund`);
    const at = (minutes: number) =>
      razorpayDeps(fake.url, new Date(deps.now().getTime() + minutes * 60_000), mails);

    expect((await settlePayment({ orderId, paymentId: second.id }, at(1))).outcome).toBe('refunded');
    expect(asked()).toEqual([]);
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => settlePayment({ orderId, paymentId: second.id }, at(3))),
    );
    expect(replays.map((replay) => replay.outcome)).toEqual(Array.from({ length: 5 }, () => 'refunded'));
    expect(asked()).toHaveLength(1);
    expect(refundsOf(second.id)).toEqual([expect.objectContaining({ amount: second.amount })]);
  });
});

describe("a payment's record over replays (issue 38, item 9)", () => {
  const minutesOn = (minutes: number) => new Date(deps.now().getTime() + minutes * 60_000).toISOString();
  const settleAt = (orderId: string, paymentId: string, minutes: number) =>
    settlePayment({ orderId, paymentId }, razorpayDeps(fake.url, new Date(minutesOn(minutes)), mails));

  it("a replay of a placed order leaves its payment's record as it was", async () => {
    const { orderId } = await buyerPaying([1]);
    const payment = fake.pay(orderId, 'captured');
    await settle(orderId, payment.id);
    const placed = await getPayment(payment.id);
    expect((await settleAt(orderId, payment.id, 5)).outcome).toBe('order');
    expect(await getPayment(payment.id)).toEqual(placed);
  });

  it('a replay that fails after the capture never lists a placed order as needing attention', async () => {
    const { orderId } = await buyerPaying([2]);
    const payment = fake.pay(orderId, 'captured');
    await settle(orderId, payment.id);
    const placed = await getPayment(payment.id);
    const failing: PaymentDeps = {
      ...deps,
      mail: { queue: () => Promise.reject(new Error('mail down')) },
    };
    await expect(settlePayment({ orderId, paymentId: payment.id }, failing)).rejects.toThrow('mail down');
    expect(await getPayment(payment.id)).toEqual(placed);
  });

  it('a failure after the capture: staff read the first 200 characters of why', async () => {
    const { orderId } = await buyerPaying([3]);
    const payment = fake.pay(orderId, 'captured');
    const why = `Storage down: ${'x'.repeat(400)}`;
    const failing: PaymentDeps = {
      ...deps,
      afterStep: (step) => {
        if (step === 'numbered') throw new Error(why);
      },
    };
    await expect(settlePayment({ orderId, paymentId: payment.id }, failing)).rejects.toThrow(why);
    expect((await getPayment(payment.id))!.reason).toBe(
      `Captured, but its order was not finished (${why.slice(0, 200)}). The next webhook or replay finishes it; if none comes, refund the payment.`,
    );
  });

  it('only a duplicate payment names the order: one of the wrong amount for a placed checkout names none', async () => {
    const { orderId } = await buyerPaying([4]);
    await settle(orderId, fake.pay(orderId, 'captured').id);
    const short = fake.pay(orderId, 'captured', 100);
    expect((await settle(orderId, short.id)).outcome).toBe('refunded');
    expect(await getPayment(short.id)).toMatchObject({ reasonCode: 'amount' });
    expect(await getPayment(short.id)).not.toHaveProperty('orderNo');
  });

  it.each(['authorized', 'captured'] as const)(
    'a %s payment refused while the first payment still settled: a replay once the order is placed names it, and keeps when it was refused',
    async (status) => {
      const { orderId } = await buyerPaying([5]);
      const first = fake.pay(orderId, 'captured');
      const second = fake.pay(orderId, status);
      // The first payment has claimed the gateway order and is still being settled.
      await claimGatewayOrder(orderId, first.id);
      const refused = await settle(orderId, second.id);
      expect(refused.outcome).toBe(status === 'authorized' ? 'not-captured' : 'refunded');
      const before = await getPayment(second.id);
      expect(before).toMatchObject({
        reasonCode: 'already-paid',
        reason: 'The order was already paid by another payment.',
      });
      expect(before).not.toHaveProperty('orderNo');

      const placed = await settle(orderId, first.id);
      const orderNo = placed.outcome === 'order' ? placed.orderNo : '';
      expect(orderNo).not.toBe('');
      await settleAt(orderId, second.id, 1);
      // A refunded payment's record notes when it named the order; an unpaid one's is left as refused.
      const named = {
        ...before,
        orderNo,
        updatedAt: status === 'captured' ? minutesOn(1) : before!.updatedAt,
      };
      expect(await getPayment(second.id)).toEqual(named);
      // Replayed again: nothing changes.
      await settleAt(orderId, second.id, 2);
      expect(await getPayment(second.id)).toEqual(named);
      expect(refundsOf(second.id)).toHaveLength(status === 'captured' ? 1 : 0);
    },
  );
});
