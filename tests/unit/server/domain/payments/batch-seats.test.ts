/**
 * Seats taken at payment (issue 31; DECISIONS 48, 54): the one decision takes each batch's seats
 * after the course hold, atomically, so the last seats go to exactly as many payments as fit and
 * every other payment is refunded in full once; a staff refund gives the seats back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { BATCH_HINTS } from '~/lib/shared/schemas/batch';
import type { OutgoingMail } from '~/server/domain/mail';
import { startPayment, type PaymentDeps } from '~/server/domain/payments/checkout-payment';
import { settlePayment } from '~/server/domain/payments/payment-decision';
import { refundOrder } from '~/server/domain/payments/refunds';
import { addBatch } from '~/server/domain/shop/batches';
import { addToCart } from '~/server/domain/shop/cart';
import { getBatch, seatsTaken } from '~/server/storage/batches';
import {
  getEnrolment,
  listEnrolmentsOfBatch,
  updateEnrolment,
  type EnrolmentRecord,
} from '~/server/storage/enrolments';
import { getPayment } from '~/server/storage/payments';
import { razorpayDeps } from '../../../../support/razorpay-deps';
import { useBlobsServer } from '../../../../support/blobs-server';
import { useFakeRazorpay } from '../../../../support/fake-razorpay';
import { parseIcs } from '../../../../support/ics';
import { newAccount } from '../../../../support/people';

const KARNATAKA = {
  name: 'Priya Rao',
  country: 'IN',
  state: '29',
  gstin: undefined,
  address: { line: '12 MG Road', city: 'Bengaluru', postalCode: '560001' },
};
const STAFF = { userId: 'staff-user', name: 'Anita Kulkarni', email: 'anita@example.com' };

useBlobsServer();

const fake = useFakeRazorpay();
let mails: OutgoingMail[];
let deps: PaymentDeps;
beforeEach(() => {
  mails = [];
  deps = razorpayDeps(fake.url, new Date(), mails);
});

let serial = 0;
/** A batch of course 3 with `seats` seats, starting far ahead. */
async function batchWith(seats: number) {
  serial += 1;
  return addBatch(
    {
      courseId: 3,
      startsOn: `2099-02-${String(serial).padStart(2, '0')}`,
      schedule: 'Sat-Sun 10:00-13:00 IST',
      sessions: 8,
      trainer: 'Meera Iyer',
      seats,
    },
    deps.now(),
  );
}

/** A buyer with `seats` seats of the batch in the cart and a payment started (a Razorpay order). */
async function buyerPaying(batchId: string, seats = 1) {
  const { userId } = await newAccount();
  await addToCart(userId, 3, { batchId, seats }, deps.now());
  const answer = await startPayment({ userId, idempotencyKey: undefined, billing: KARNATAKA }, deps);
  return { userId, orderId: answer.gateway.fields['order_id']! };
}

describe('the last seats of a batch', () => {
  it('50 payments confirmed at once for the last 3 seats: exactly 3 orders and enrolments, 47 refunded in full once', async () => {
    const batch = await batchWith(3);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyerPaying(batch.id)));
    const payments = buyers.map((buyer) => fake.pay(buyer.orderId, 'captured'));
    const settleAll = () =>
      Promise.all(
        buyers.map((buyer, index) =>
          settlePayment({ orderId: buyer.orderId, paymentId: payments[index]!.id }, deps),
        ),
      );
    const settled = await settleAll();
    expect(settled.filter((each) => each.outcome === 'order')).toHaveLength(3);
    expect(settled.filter((each) => each.outcome === 'refunded')).toHaveLength(47);
    // Every callback and webhook again, at once: nothing more happens.
    const replayed = await settleAll();
    expect(replayed.map((each) => each.outcome)).toEqual(settled.map((each) => each.outcome));

    const enrolments = await listEnrolmentsOfBatch(batch.id);
    expect(enrolments).toHaveLength(3);
    expect(seatsTaken((await getBatch(batch.id))!)).toBe(3);
    const refunded = payments.filter((_, index) => settled[index]!.outcome === 'refunded');
    for (const payment of refunded) {
      const refunds = fake.refunds.filter((refund) => refund.payment_id === payment.id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.amount).toBe(payment.amount);
      expect(await getPayment(payment.id)).toMatchObject({
        reasonCode: 'full',
        reason:
          'A batch of this checkout had no seats left for it when the payment was confirmed (DECISIONS 54).',
      });
    }
    const refusedMails = mails.filter((mail) => mail.idempotencyKey.startsWith('payment-refused-'));
    expect(new Set(refusedMails.map((mail) => mail.idempotencyKey)).size).toBe(47);
    expect(refusedMails[0]!.text).toContain(BATCH_HINTS.full);
    expect(refusedMails[0]!.text).toContain('was refunded in full');
    // The winners' enrolments are theirs.
    const winners = buyers.filter((_, index) => settled[index]!.outcome === 'order').map((b) => b.userId);
    expect(enrolments.map((each) => each.buyer.userId).sort()).toEqual([...winners].sort());
    // 50 accounts, checkouts and 100 settlements on a shared 2-core machine.
  }, 90_000);

  it('a payment for 2 seats when 1 is left is refunded, its course hold released so the buyer can pay again', async () => {
    const batch = await batchWith(3);
    const first = await buyerPaying(batch.id, 2);
    const second = await buyerPaying(batch.id, 2);
    const firstPayment = fake.pay(first.orderId, 'captured');
    const secondPayment = fake.pay(second.orderId, 'captured');
    expect((await settlePayment({ orderId: first.orderId, paymentId: firstPayment.id }, deps)).outcome).toBe(
      'order',
    );
    expect(
      (await settlePayment({ orderId: second.orderId, paymentId: secondPayment.id }, deps)).outcome,
    ).toBe('refunded');
    expect(seatsTaken((await getBatch(batch.id))!)).toBe(2);
    // Course 3 is not held for the refunded payment: the buyer takes the last seat of it.
    await addToCart(second.userId, 3, { batchId: batch.id, seats: 1 }, deps.now());
    const again = await startPayment(
      { userId: second.userId, idempotencyKey: undefined, billing: KARNATAKA },
      deps,
    );
    const orderId = again.gateway.fields['order_id']!;
    const payment = fake.pay(orderId, 'captured');
    expect((await settlePayment({ orderId, paymentId: payment.id }, deps)).outcome).toBe('order');
    expect(seatsTaken((await getBatch(batch.id))!)).toBe(3);
  });

  it('the order saves its enrolment once; a staff refund gives the seats back and cancels it', async () => {
    const batch = await batchWith(5);
    const enrolled: EnrolmentRecord[] = [];
    deps = { ...deps, enrolled: async (enrolment) => void enrolled.push(enrolment) };
    const buyer = await buyerPaying(batch.id, 4);
    const payment = fake.pay(buyer.orderId, 'captured');
    const settled = await settlePayment({ orderId: buyer.orderId, paymentId: payment.id }, deps);
    expect(settled.outcome).toBe('order');
    const orderNo = settled.outcome === 'order' ? settled.orderNo : '';
    const enrolment = await getEnrolment(orderNo, 3);
    expect(enrolment).toMatchObject({
      batchId: batch.id,
      seats: 4,
      buyer: { userId: buyer.userId },
      attendees: [],
    });
    // A buyer of seats is asked in My courses whether they attend (issue 42, item 6).
    expect(enrolment!.buyerAttends).toBeUndefined();
    expect(enrolled).toEqual([enrolment]);
    await settlePayment({ orderId: buyer.orderId, paymentId: payment.id }, deps);
    expect(await listEnrolmentsOfBatch(batch.id)).toHaveLength(1);
    expect(toLeft(await getBatch(batch.id))).toBe(1);

    // The seats come back once Razorpay says the money went back (DECISIONS 49).
    fake.refundStatus = 'processed';
    await refundOrder(
      { orderNo, reason: 'The buyer cannot attend.', idempotencyKey: 'k1', staff: STAFF },
      deps,
    );
    fake.refundStatus = 'pending';
    expect(toLeft(await getBatch(batch.id))).toBe(5);
    expect((await getEnrolment(orderNo, 3))!.cancelledAt).toBeDefined();
    expect(await listEnrolmentsOfBatch(batch.id)).toEqual([]);
    // The buyer of seats did not attend: their refund mail cancels nothing in their calendar.
    expect(mails.find((mail) => mail.idempotencyKey.startsWith('refund-'))!.attachments).toBeUndefined();
  });

  it('enrols a one-seat buyer as the attendee; a refund keeps the enrolment with its credit note and mails the buyer the cancellation of its sessions (issue 42, item 6)', async () => {
    const batch = await batchWith(5);
    const buyer = await buyerPaying(batch.id, 1);
    const payment = fake.pay(buyer.orderId, 'captured');
    const settled = await settlePayment({ orderId: buyer.orderId, paymentId: payment.id }, deps);
    const orderNo = settled.outcome === 'order' ? settled.orderNo : '';
    const enrolment = (await getEnrolment(orderNo, 3))!;
    expect(enrolment.buyerAttends).toBe(true);
    expect(enrolment.attendees).toEqual([{ name: enrolment.buyer.name, email: enrolment.buyer.email }]);

    fake.refundStatus = 'processed';
    const refund = await refundOrder(
      { orderNo, reason: 'The buyer cannot attend.', idempotencyKey: 'k-one', staff: STAFF },
      deps,
    );
    fake.refundStatus = 'pending';
    const ended = (await getEnrolment(orderNo, 3))!;
    expect(ended.cancelledAt).toBeDefined();
    expect(ended.creditNoteNo).toBe(refund.creditNoteNo);
    const refundMail = mails.find((mail) => mail.idempotencyKey === `refund-${refund.id}`)!;
    expect(refundMail.text).toContain(
      'The attached calendar file removes the sessions of the refunded course',
    );
    const [file] = refundMail.attachments!;
    expect(file!.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    const calendar = parseIcs(Buffer.from(file!.contentBase64, 'base64').toString('utf8'));
    expect(calendar.method).toBe('CANCEL');
    expect(calendar.events).toHaveLength(8);
    for (const [index, event] of calendar.events.entries()) {
      expect(event.uid).toMatch(new RegExp(`^${batch.id}-${index + 1}@`));
      expect(event.status).toBe('CANCELLED');
    }
  });

  it('tells each other attendee of a refunded course that their place was cancelled, with the cancellation (issue 42, item 6)', async () => {
    const batch = await batchWith(5);
    const buyer = await buyerPaying(batch.id, 2);
    const payment = fake.pay(buyer.orderId, 'captured');
    const settled = await settlePayment({ orderId: buyer.orderId, paymentId: payment.id }, deps);
    const orderNo = settled.outcome === 'order' ? settled.orderNo : '';
    await updateEnrolment(orderNo, 3, (record) => ({
      ...record,
      attendees: [{ name: 'Ravi Patil', email: 'ravi.refunded@example.com' }],
    }));
    fake.refundStatus = 'processed';
    await refundOrder(
      { orderNo, reason: 'The team cannot attend.', idempotencyKey: 'k-team', staff: STAFF },
      deps,
    );
    fake.refundStatus = 'pending';
    const told = mails.filter((mail) => mail.idempotencyKey.startsWith(`enrolment-cancelled-${orderNo}-3-`));
    expect(told.map((mail) => mail.to)).toEqual([['ravi.refunded@example.com']]);
    expect(told[0]!.subject).toMatch(/^Cancelled: /);
    expect(told[0]!.attachments![0]!.contentType).toContain('method=CANCEL');
  });
});

describe('a checkout of two batches', () => {
  it('one batch full when paid: refunded, and the seats the other batch gave are given back', async () => {
    const full = await batchWith(1);
    const open = await addBatch(
      {
        courseId: 4,
        startsOn: '2099-03-01',
        schedule: 'Sat-Sun 10:00-13:00 IST',
        sessions: 8,
        trainer: 'Meera Iyer',
        seats: 5,
      },
      deps.now(),
    );
    const { userId } = await newAccount();
    await addToCart(userId, 3, { batchId: full.id, seats: 1 }, deps.now());
    await addToCart(userId, 4, { batchId: open.id, seats: 2 }, deps.now());
    const both = await startPayment({ userId, idempotencyKey: undefined, billing: KARNATAKA }, deps);
    // Someone else pays for the last seat of the first batch meanwhile.
    const other = await buyerPaying(full.id);
    await settlePayment({ orderId: other.orderId, paymentId: fake.pay(other.orderId, 'captured').id }, deps);
    expect(toLeft(await getBatch(full.id))).toBe(0);

    const orderId = both.gateway.fields['order_id']!;
    const payment = fake.pay(orderId, 'captured');
    expect((await settlePayment({ orderId, paymentId: payment.id }, deps)).outcome).toBe('refunded');
    expect(await getPayment(payment.id)).toMatchObject({ outcome: 'refunded', reasonCode: 'full' });
    expect(toLeft(await getBatch(open.id))).toBe(5);
    expect(toLeft(await getBatch(full.id))).toBe(0);
  });
});

function toLeft(record: Awaited<ReturnType<typeof getBatch>>): number {
  return record!.seats - seatsTaken(record!);
}
