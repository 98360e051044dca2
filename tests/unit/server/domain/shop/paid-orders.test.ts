/**
 * Orders placed by a confirmed payment (issue 18): the order and its number come only then, once
 * however many callbacks and webhooks arrive, and never for a payment that does not match.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { BILLING_HINTS } from '~/lib/shared/schemas/billing';
import { ValidationError } from '~/server/domain/errors';
import type { OutgoingMail } from '~/server/domain/mail';
import { addToCart, cartItems } from '~/server/domain/shop/cart';
import { payableCheckout, type CheckoutDeps, type CreateGatewayOrder } from '~/server/domain/shop/checkout';
import { invoiceOf, purchaseHistory } from '~/server/domain/shop/orders';
import { site } from '~/site.config';
import { newAccount } from '../../../../support/people';
import { placePaidOrder } from '../../../../support/paid-checkout';
import { useBlobsServer } from '../../../../support/blobs-server';
import { useOpenBatches } from '../../../../support/open-batches';

const UNITED_STATES_BUYER = {
  name: 'Jane Doe',
  country: 'US',
  state: undefined,
  gstin: undefined,
  address: { line: '500 Howard Street', city: 'San Francisco', postalCode: '94105' },
};
const KARNATAKA = { name: 'Priya Rao', country: 'IN', state: '29', gstin: undefined };

useBlobsServer();
// The clock runs years ahead: batches that are still open then (issue 31).
useOpenBatches();

let mails: OutgoingMail[];
let deps: CheckoutDeps;
let gatewayOrders = 0;
const gateway: CreateGatewayOrder = async () => ({
  gateway: 'test',
  orderId: `order_${(gatewayOrders += 1)}`,
});
beforeEach(() => {
  mails = [];
  deps = {
    mail: { queue: async (mail) => void mails.push(mail) },
    // A financial year of its own per file run: FY 2035-36.
    now: () => new Date('2035-06-01T06:00:00.000Z'),
    siteUrl: 'https://sis.example',
  };
});

/** A buyer with courses in the cart and a payment started for them. */
async function buyerPaying(...courseIndexes: number[]) {
  const { userId } = await newAccount();
  for (const index of courseIndexes) await addToCart(userId, courses[index]!.id);
  const started = await payableCheckout(
    { userId, idempotencyKey: undefined, billing: KARNATAKA },
    deps,
    gateway,
  );
  return { userId, started, payment: started.checkout.payment! };
}

const captured = (payment: { orderId: string; amountCents: number; currency: string }, id = 'pay_1') => ({
  orderId: payment.orderId,
  paymentId: id,
  amount: payment.amountCents,
  currency: payment.currency,
  status: 'captured',
});

describe('paying before the order exists (issue 18)', () => {
  it('asks the gateway for the cart total once, and makes no order and no number yet', async () => {
    const { userId, started, payment } = await buyerPaying(0, 1);
    // A buyer in India pays the rupee prices, in paise (DECISIONS 46; was the dollar prices in cents).
    expect(payment.amountCents).toBe(courses[0]!.discountedFeesPaise + courses[1]!.discountedFeesPaise);
    expect(payment.currency).toBe('INR');
    const again = await payableCheckout(
      { userId, idempotencyKey: undefined, billing: KARNATAKA },
      deps,
      gateway,
    );
    expect(again.checkout.payment?.orderId).toBe(payment.orderId);
    expect(again.paymentNo).toBe(started.paymentNo);
    expect(await purchaseHistory(userId)).toEqual([]);
    expect(await cartItems(userId)).toHaveLength(2);
  });

  it('20 callbacks and webhooks at once for one payment make exactly one order, one number, one e-mail', async () => {
    const { userId, payment } = await buyerPaying(2);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => placePaidOrder(captured(payment), deps)),
    );
    expect(new Set(results.map((result) => result.orderNo)).size).toBe(1);
    expect(await purchaseHistory(userId)).toHaveLength(1);
    expect(new Set(mails.map((mail) => mail.idempotencyKey))).toEqual(
      new Set([`order-${results[0]!.orderNo}`]),
    );
    expect(await cartItems(userId)).toEqual([]);
  });

  it('takes consecutive numbers at payment: abandoned payments in between take none', async () => {
    const first = await buyerPaying(3);
    await buyerPaying(4); // started, never paid
    await buyerPaying(5); // started, never paid
    const second = await buyerPaying(6);
    const a = await placePaidOrder(captured(first.payment), deps);
    const b = await placePaidOrder(captured(second.payment), deps);
    const number = (orderNo: string) => Number(orderNo.slice(-6));
    expect(number(b.orderNo)).toBe(number(a.orderNo) + 1);
  });
});

describe('two currencies (DECISIONS 46)', () => {
  it('a buyer in India pays the rupee prices and the order keeps them in paise; a buyer abroad pays dollars', async () => {
    const india = await buyerPaying(8);
    expect(india.payment).toMatchObject({ currency: 'INR', amountCents: courses[8]!.discountedFeesPaise });
    await placePaidOrder(captured(india.payment), deps);
    const [bought] = await purchaseHistory(india.userId);
    expect(bought).toMatchObject({
      currency: 'INR',
      discountedFees: courses[8]!.discountedFeesPaise / 100,
      fees: courses[8]!.feesPaise / 100,
    });
    expect(mails.at(-1)?.text).toContain(
      `Paid ₹${(courses[8]!.discountedFeesPaise / 100).toLocaleString('en-IN')}.00`,
    );

    const { userId } = await newAccount();
    await addToCart(userId, courses[8]!.id);
    const abroad = await payableCheckout(
      {
        userId,
        idempotencyKey: undefined,
        billing: { name: 'Jane Doe', country: 'US', state: undefined, gstin: undefined },
      },
      deps,
      gateway,
    );
    expect(abroad.checkout.payment).toMatchObject({
      currency: 'USD',
      amountCents: courses[8]!.discountedFeesCents,
    });
    await placePaidOrder(captured(abroad.checkout.payment!, 'pay_2'), deps);
    expect(await purchaseHistory(userId)).toEqual([
      expect.objectContaining({ currency: 'USD', discountedFees: courses[8]!.discountedFeesCents / 100 }),
    ]);
  });

  it("stores a USD invoice's rupee value at the payment's rate, once, and none on a rupee invoice (issue 29)", async () => {
    const { userId } = await newAccount();
    await addToCart(userId, courses[8]!.id);
    const abroad = await payableCheckout(
      { userId, idempotencyKey: undefined, billing: UNITED_STATES_BUYER },
      deps,
      gateway,
    );
    const rate = { rate: 83.5, source: 'Razorpay, payment pay_usd' };
    const placed = await placePaidOrder(
      { ...captured(abroad.checkout.payment!, 'pay_usd'), exchangeRate: rate },
      deps,
    );
    // A replay with another rate (a later read of the payment) changes nothing issued.
    await placePaidOrder(
      { ...captured(abroad.checkout.payment!, 'pay_usd'), exchangeRate: { rate: 90, source: 'later' } },
      deps,
    );
    const invoice = await invoiceOf(userId, placed.orderNo);
    const cents = courses[8]!.discountedFeesCents;
    expect(invoice.currency).toBe('USD');
    expect(invoice.inr).toEqual({
      rate: 83.5,
      taxable: Math.round(cents * 83.5) / 100,
      taxes: [],
      total: Math.round(cents * 83.5) / 100,
      source: 'Razorpay, payment pay_usd',
    });

    const india = await buyerPaying(0);
    const rupees = await placePaidOrder(captured(india.payment, 'pay_inr'), deps);
    expect((await invoiceOf(india.userId, rupees.orderNo)).inr).toBeUndefined();
  });

  it('the page must have shown the total in the currency charged, or the cart comes back (409)', async () => {
    const { userId } = await newAccount();
    await addToCart(userId, courses[0]!.id);
    const shown = (total: number, currency?: 'INR' | 'USD') => ({
      userId,
      idempotencyKey: undefined,
      billing: KARNATAKA,
      expect: { courseIds: [courses[0]!.id], total, currency },
    });
    await expect(
      payableCheckout(shown(courses[0]!.discountedFeesCents / 100), deps, gateway),
    ).rejects.toThrow('Your cart changed');
    await expect(
      payableCheckout(shown(courses[0]!.discountedFeesPaise / 100, 'USD'), deps, gateway),
    ).rejects.toThrow('Your cart changed');
    const started = await payableCheckout(shown(courses[0]!.discountedFeesPaise / 100, 'INR'), deps, gateway);
    expect(started.checkout.payment?.currency).toBe('INR');
  });

  it("the page must have shown exactly the cart's courses and a total in whole cents; a page that names no currency showed dollars", async () => {
    const { userId } = await newAccount();
    await addToCart(userId, courses[0]!.id);
    await addToCart(userId, courses[1]!.id);
    const dollars = (courses[0]!.discountedFeesCents + courses[1]!.discountedFeesCents) / 100;
    const shown = (courseIds: number[], total = dollars) => ({
      userId,
      idempotencyKey: undefined,
      billing: UNITED_STATES_BUYER,
      expect: { courseIds, total },
    });
    // The right total, but not the cart's courses: one of them another, or one shown twice.
    for (const courseIds of [
      [courses[0]!.id, courses[2]!.id],
      [courses[0]!.id, courses[1]!.id, courses[0]!.id],
      [courses[0]!.id],
    ])
      await expect(payableCheckout(shown(courseIds), deps, gateway), String(courseIds)).rejects.toThrow(
        'Your cart changed',
      );
    // A total a hair above the cart's is not the cart's total, nor is one a dollar off.
    for (const total of [dollars + 0.004, dollars + 1, dollars - 1])
      await expect(
        payableCheckout(shown([courses[0]!.id, courses[1]!.id], total), deps, gateway),
        String(total),
      ).rejects.toThrow('Your cart changed');
    const started = await payableCheckout(shown([courses[1]!.id, courses[0]!.id]), deps, gateway);
    expect(started.checkout.payment).toMatchObject({
      currency: 'USD',
      amountCents: Math.round(dollars * 100),
    });
  });
});

describe('two tabs at once (DECISIONS 58)', () => {
  it("a tab whose gateway order lost the race to another tab's billing gets one of its own, never the other tab's", async () => {
    const { userId } = await newAccount();
    await addToCart(userId, courses[0]!.id);
    const other = { ...KARNATAKA, name: 'Kulkarni Traders' };
    let otherTab: Awaited<ReturnType<typeof payableCheckout>> | undefined;
    // While the gateway makes this tab's order, the other tab's payment of the same cart is bound.
    const racing: CreateGatewayOrder = async (request) => {
      if (!otherTab)
        otherTab = await payableCheckout({ userId, idempotencyKey: 'tab-b', billing: other }, deps, gateway);
      return gateway(request);
    };
    const thisTab = await payableCheckout(
      { userId, idempotencyKey: 'tab-a', billing: KARNATAKA },
      deps,
      racing,
    );

    expect(otherTab!.checkout.billing?.name).toBe('Kulkarni Traders');
    expect(thisTab.checkout.billing?.name).toBe('Priya Rao');
    expect(thisTab.checkout.payment!.orderId).not.toBe(otherTab!.checkout.payment!.orderId);
  });
});

describe('the address the invoice must print (DECISIONS 52)', () => {
  it('asks an Indian buyer for it once the taxable value reaches Rs 50,000, not before', async () => {
    const small = await newAccount();
    for (const course of courses.slice(0, 3)) await addToCart(small.userId, course.id);
    // Three courses: under Rs 50,000 of taxable value, no address needed.
    await expect(
      payableCheckout({ userId: small.userId, idempotencyKey: undefined, billing: KARNATAKA }, deps, gateway),
    ).resolves.toMatchObject({ checkout: { payment: { currency: 'INR' } } });

    const { userId } = await newAccount();
    for (const course of courses.slice(0, 4)) await addToCart(userId, course.id);
    const taxable = Math.round(
      (courses.slice(0, 4).reduce((sum, course) => sum + course.discountedFeesPaise, 0) * 100) / 118,
    );
    expect(taxable).toBeGreaterThanOrEqual(50_000_00);
    const refused = await payableCheckout(
      { userId, idempotencyKey: undefined, billing: KARNATAKA },
      deps,
      gateway,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).messages).toEqual([BILLING_HINTS.address]);
    const address = { line: '12 MG Road', city: 'Bengaluru', postalCode: '560038' };
    const started = await payableCheckout(
      { userId, idempotencyKey: undefined, billing: { ...KARNATAKA, address } },
      deps,
      gateway,
    );
    expect(started.checkout.billing?.address).toEqual(address);
  });
});

describe('issued when paid (DECISIONS 47)', () => {
  it("a checkout started on 31 March and paid on 1 April gets the new year's series and the payment's date", async () => {
    let now = new Date('2039-03-31T18:25:00.000Z'); // 23:55 on 31 March in India
    const clock: CheckoutDeps = { ...deps, now: () => now };
    const { userId } = await newAccount();
    await addToCart(userId, courses[2]!.id);
    const started = await payableCheckout(
      { userId, idempotencyKey: undefined, billing: KARNATAKA },
      clock,
      gateway,
    );
    now = new Date('2039-03-31T18:35:00.000Z'); // 00:05 on 1 April in India
    const placed = await placePaidOrder(captured(started.checkout.payment!, 'pay_april'), clock);
    expect(placed.orderNo).toMatch(/^SIS-3940-\d{6}$/);
    const [bought] = await purchaseHistory(userId);
    expect(bought?.orderDate).toBe('2039-03-31T18:35:00.000Z');
    // A later confirmation of the same payment (the webhook after the callback) changes nothing.
    now = new Date('2039-04-02T10:00:00.000Z');
    await placePaidOrder(captured(started.checkout.payment!, 'pay_april'), clock);
    expect((await purchaseHistory(userId))[0]?.orderDate).toBe('2039-03-31T18:35:00.000Z');
  });
});

describe('stored as issued (DECISIONS 47)', () => {
  it('a change to the site settings after an order leaves its invoice as it was issued', async () => {
    const { userId } = await newAccount();
    await addToCart(userId, courses[3]!.id);
    const abroad = await payableCheckout(
      { userId, idempotencyKey: undefined, billing: UNITED_STATES_BUYER },
      deps,
      gateway,
    );
    const { orderNo } = await placePaidOrder(captured(abroad.checkout.payment!, 'pay_issued'), deps);
    const issued = await invoiceOf(userId, orderNo);
    expect(issued.exportNote).toContain(`(LUT ARN ${site.tax.lutReference})`);
    const settings = site as unknown as { legalName: string; tax: { lutReference: string } };
    const before = { legalName: settings.legalName, lut: settings.tax.lutReference };
    try {
      settings.legalName = 'Renamed Infotech LLP';
      settings.tax.lutReference = 'AD279999999999Z';
      expect(await invoiceOf(userId, orderNo)).toEqual(issued);
      expect(issued.seller.legalName).toBe(before.legalName);
    } finally {
      settings.legalName = before.legalName;
      settings.tax.lutReference = before.lut;
    }
  });
});
