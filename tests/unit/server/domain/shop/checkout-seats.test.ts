/** Checkout of batches and seats (issue 31; DECISIONS 54, 55): prices times seats, full and closed batches refused. */
import { describe, expect, it } from 'vitest';
import { courseById } from '~/lib/shared/catalogue';
import { majorFromMinor } from '~/lib/shared/money';
import { BATCH_HINTS } from '~/lib/shared/schemas/batch';
import { Conflict, ValidationError } from '~/server/domain/errors';
import { addBatch, BATCH_ERRORS } from '~/server/domain/shop/batches';
import { addToCart } from '~/server/domain/shop/cart';
import {
  CHECKOUT_ERRORS,
  payableCheckout,
  type CheckoutDeps,
  type CreateGatewayOrder,
} from '~/server/domain/shop/checkout';
import { invoiceOf, purchaseHistory } from '~/server/domain/shop/orders';
import { takeSeats } from '~/server/storage/batches';
import { updateCart } from '~/server/storage/carts';
import { getOrder } from '~/server/storage/orders';
import { claimGatewayOrder } from '~/server/storage/payments';
import { newAccount } from '../../../../support/people';
import { placePaidOrder } from '../../../../support/paid-checkout';
import { useBlobsServer } from '../../../../support/blobs-server';

useBlobsServer();

const KARNATAKA = { name: 'Priya Rao', country: 'IN', state: '29', gstin: undefined };
let clock = new Date();
const deps: CheckoutDeps = {
  mail: { queue: async () => {} },
  now: () => clock,
  siteUrl: 'https://sis.example',
};
let gatewayOrders = 0;
const gateway: CreateGatewayOrder = async () => ({
  gateway: 'test',
  orderId: `order_s${(gatewayOrders += 1)}`,
});

const batchInput = (seats: number, startsOn = '2099-01-05') => ({
  courseId: 2,
  startsOn,
  schedule: 'Mon-Thu 19:00-21:00 IST',
  sessions: 16,
  trainer: 'Asha Kulkarni',
  seats,
});

describe('checkout of seats', () => {
  it('charges price and tax times the seats; the order keeps the batch and seats; the invoice qty is the seats', async () => {
    clock = new Date();
    const { userId } = await newAccount();
    const batch = await addBatch(batchInput(10), clock);
    await addToCart(userId, 2, { batchId: batch.id, seats: 3 }, clock);
    const course = courseById(2)!;
    const started = await payableCheckout(
      { userId, idempotencyKey: undefined, billing: KARNATAKA },
      deps,
      gateway,
    );
    const payment = started.checkout.payment!;
    expect(payment.amountCents).toBe(course.discountedFeesPaise * 3);
    // Both currencies' prices are for all the seats: a dollar invoice of the line lists them so.
    expect(started.checkout.lines[0]).toMatchObject({
      listPriceCents: course.feesCents * 3,
      priceCents: course.discountedFeesCents * 3,
      listPricePaise: course.feesPaise * 3,
      pricePaise: course.discountedFeesPaise * 3,
    });
    const { orderNo } = await placePaidOrder({ orderId: payment.orderId, paymentId: 'pay_s1' }, deps);
    const order = (await getOrder(orderNo))!;
    expect(order.lines).toEqual([
      expect.objectContaining({
        courseId: 2,
        batchId: batch.id,
        seats: 3,
        priceCents: course.discountedFeesPaise * 3,
        listPriceCents: course.feesPaise * 3,
      }),
    ]);
    expect(await purchaseHistory(userId)).toEqual([
      expect.objectContaining({
        id: 2,
        batchId: batch.id,
        seats: 3,
        discountedFees: majorFromMinor(course.discountedFeesPaise * 3),
      }),
    ]);
    const invoice = await invoiceOf(userId, orderNo);
    expect(invoice.lines[0]).toMatchObject({ qty: 3, price: majorFromMinor(course.discountedFeesPaise) });
    expect(invoice.totals.total).toBe(majorFromMinor(course.discountedFeesPaise * 3));
    // The taxable value is the line's (all seats): with the taxes it makes the total.
    const taxes = invoice.totals.taxes.reduce((sum, tax) => sum + Math.round(tax.amount * 100), 0);
    expect(Math.round(invoice.lines[0]!.taxableValue * 100) + taxes).toBe(course.discountedFeesPaise * 3);
  });

  it("refuses a batch that is full for the seats asked, with the batch's sentence, and starts no payment", async () => {
    clock = new Date();
    const { userId } = await newAccount();
    const batch = await addBatch(batchInput(3, '2099-01-12'), clock);
    await addToCart(userId, 2, { batchId: batch.id, seats: 2 }, clock);
    // Someone else's payment is confirmed for 2 of the 3 seats meanwhile.
    expect(await takeSeats(batch.id, 'order_other', 2)).toBe('taken');
    const before = gatewayOrders;
    const refused = payableCheckout({ userId, idempotencyKey: undefined, billing: KARNATAKA }, deps, gateway);
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toThrow(BATCH_HINTS.full);
    expect(gatewayOrders).toBe(before);
  });

  it('refuses a batch that has started since it was added', async () => {
    clock = new Date();
    const { userId } = await newAccount();
    const batch = await addBatch(batchInput(5, '2099-01-19'), clock);
    await addToCart(userId, 2, { batchId: batch.id }, clock);
    clock = new Date('2099-01-20T06:00:00Z');
    await expect(
      payableCheckout({ userId, idempotencyKey: undefined, billing: KARNATAKA }, deps, gateway),
    ).rejects.toThrow(BATCH_HINTS.closed);
  });

  it('refuses a course that has no open batch at checkout with that sentence, and starts no payment', async () => {
    clock = new Date();
    const { userId } = await newAccount();
    // A cart from before batches: the course is in it with no batch chosen.
    await updateCart(userId, (cart) => ({ ...cart, courseIds: [5] }));
    // Long after every batch in this store has started: course 5 has none open.
    clock = new Date('2100-03-01T06:00:00Z');
    const before = gatewayOrders;
    const refused = payableCheckout({ userId, idempotencyKey: undefined, billing: KARNATAKA }, deps, gateway);
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toMatchObject({ messages: [BATCH_ERRORS.noOpenBatch] });
    expect(gatewayOrders).toBe(before);
  });

  it("counts the seats the checkout's own confirmed payment holds as its own: asked again, the buyer hears that payment is being confirmed, not that the batch is full", async () => {
    clock = new Date();
    const { userId } = await newAccount();
    const batch = await addBatch(batchInput(2, '2099-01-26'), clock);
    await addToCart(userId, 2, { batchId: batch.id, seats: 2 }, clock);
    const started = await payableCheckout(
      { userId, idempotencyKey: 'own-seats', billing: KARNATAKA },
      deps,
      gateway,
    );
    const { orderId } = started.checkout.payment!;
    // The payment is being settled: it claimed the gateway order and took both seats.
    await claimGatewayOrder(orderId, 'pay_own');
    expect(await takeSeats(batch.id, orderId, 2)).toBe('taken');
    const before = gatewayOrders;

    // Another tab asks to pay with other billing details.
    const again = payableCheckout(
      { userId, idempotencyKey: 'own-seats', billing: { ...KARNATAKA, name: 'Priya R' } },
      deps,
      gateway,
    );
    await expect(again).rejects.toBeInstanceOf(Conflict);
    await expect(again).rejects.toMatchObject({ messages: [CHECKOUT_ERRORS.settling] });
    expect(gatewayOrders).toBe(before);
  });

  it('answers a checkout whose payment was confirmed as it is, even when its batch has started since', async () => {
    clock = new Date();
    const { userId } = await newAccount();
    const batch = await addBatch(batchInput(5, '2099-02-02'), clock);
    await addToCart(userId, 2, { batchId: batch.id }, clock);
    const started = await payableCheckout(
      { userId, idempotencyKey: 'paid-1', billing: KARNATAKA },
      deps,
      gateway,
    );
    // The payment's reference is recorded, then the settlement stops before the order number.
    const stopped = {
      ...deps,
      afterStep: (step: string) => {
        if (step === 'started') throw new Error('stopped after the payment was recorded');
      },
    };
    await expect(
      placePaidOrder({ orderId: started.checkout.payment!.orderId, paymentId: 'pay_paid1' }, stopped),
    ).rejects.toThrow('stopped after the payment was recorded');
    clock = new Date('2099-02-03T06:00:00Z');

    const again = await payableCheckout(
      { userId, idempotencyKey: 'paid-1', billing: KARNATAKA },
      deps,
      gateway,
    );
    expect(again.checkout.payment).toMatchObject({
      orderId: started.checkout.payment!.orderId,
      reference: 'pay_paid1',
    });
    expect(again.paymentNo).toBe(started.paymentNo);
  });
});
