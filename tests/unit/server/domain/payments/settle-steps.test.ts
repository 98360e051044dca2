/**
 * The settlement's steps and refusals (issue 38, items 3, 8 and 9), against a fake Razorpay on
 * loopback and a real blob server: the billing of the gateway order that was paid is the
 * invoice's, whatever another tab does (DECISIONS 58); our own GSTIN is refused; `decide` refuses
 * each mismatch; a failure after the capture leaves the payment needing attention until a replay
 * finishes its order.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import type { Billing } from '~/lib/shared/schemas/billing';
import { ValidationError } from '~/server/domain/errors';
import type { OutgoingMail } from '~/server/domain/mail';
import { startPayment, type PaymentDeps } from '~/server/domain/payments/checkout-payment';
import type { RazorpayPayment } from '~/server/domain/payments/razorpay';
import { decide, settlePayment } from '~/server/domain/payments/payment-decision';
import { addToCart } from '~/server/domain/shop/cart';
import { CHECKOUT_ERRORS, type CheckoutStep } from '~/server/domain/shop/checkout';
import { invoiceOf, purchaseHistory } from '~/server/domain/shop/orders';
import { checkoutOfGatewayOrder, claimCheckout, type Checkout } from '~/server/storage/checkouts';
import { getPayment } from '~/server/storage/payments';
import { site } from '~/site.config';
import { razorpayDeps } from '../../../../support/razorpay-deps';
import { useBlobsServer } from '../../../../support/blobs-server';
import { useOpenBatches } from '../../../../support/open-batches';
import { useFakeRazorpay } from '../../../../support/fake-razorpay';
import { newAccount } from '../../../../support/people';

/** Uttar Pradesh: IGST from the company's Maharashtra. */
const UTTAR_PRADESH: Billing = { name: 'Ravi Verma', country: 'IN', state: '09' };
/** Maharashtra with a GSTIN: CGST + SGST. */
const MAHARASHTRA_FIRM: Billing = {
  name: 'Acme Learning Pvt Ltd',
  country: 'IN',
  state: '27',
  gstin: '27AAPFU0939F1ZV',
  address: { line: '12 MG Road', city: 'Pune', postalCode: '411001' },
};

useBlobsServer();
useOpenBatches();

const fake = useFakeRazorpay();
let mails: OutgoingMail[];
let deps: PaymentDeps;
beforeEach(() => {
  mails = [];
  // FY 2043-44, a series of this file's own.
  deps = razorpayDeps(fake.url, new Date('2043-07-01T06:00:00.000Z'), mails);
});

/** A buyer with these courses in the cart. */
async function buyerWith(courseIndexes: number[]) {
  const { userId } = await newAccount();
  for (const index of courseIndexes) await addToCart(userId, courses[index]!.id);
  return userId;
}

/** A tab pressing Pay with `billing`: the gateway order it is sent to pay. */
async function tabPays(userId: string, billing: Billing) {
  const answer = await startPayment({ userId, idempotencyKey: undefined, billing }, deps);
  return answer.gateway.fields['order_id']!;
}

const settle = (orderId: string, paymentId: string) => settlePayment({ orderId, paymentId }, deps);
const heads = (taxes: readonly { label: string }[]) => taxes.map((tax) => tax.label);

describe('the billing of the payment that became the order (DECISIONS 58; issue 38, item 3)', () => {
  it("two tabs, two billings: the older gateway order is replaced and its payment refunded; the invoice is the paying tab's", async () => {
    const userId = await buyerWith([0]);
    const orderA = await tabPays(userId, UTTAR_PRADESH);
    const orderB = await tabPays(userId, MAHARASHTRA_FIRM);
    expect(orderB).not.toBe(orderA);
    // Tab A, still showing Uttar Pradesh and IGST, pays its gateway order: refused, refunded.
    const paidA = fake.pay(orderA, 'captured');
    expect((await settle(orderA, paidA.id)).outcome).toBe('refunded');
    expect(fake.refunds.filter((each) => each.payment_id === paidA.id)).toHaveLength(1);
    // Tab B pays: the invoice carries B's name, GSTIN and state, with CGST and SGST.
    const paidB = fake.pay(orderB, 'captured');
    const settled = await settle(orderB, paidB.id);
    if (settled.outcome !== 'order') throw new Error(`not placed: ${settled.outcome}`);
    const invoice = await invoiceOf(userId, settled.orderNo);
    expect(invoice.billing).toMatchObject({
      name: MAHARASHTRA_FIRM.name,
      gstin: MAHARASHTRA_FIRM.gstin,
      state: '27',
    });
    expect(heads(invoice.totals.taxes)).toEqual(['CGST', 'SGST']);
  });

  it('the same billing again reuses the gateway order; while a payment of it settles, other billing is refused', async () => {
    const userId = await buyerWith([1]);
    const orderA = await tabPays(userId, UTTAR_PRADESH);
    expect(await tabPays(userId, { ...UTTAR_PRADESH })).toBe(orderA);
    const paid = fake.pay(orderA, 'captured');
    // The settlement's claim on the checkout, as it stands between the claim and the invoice.
    const claimed = await claimCheckout((await checkoutOfGatewayOrder(orderA))!, orderA, paid.id);
    expect(claimed).toMatchObject({ payment: { claimedBy: paid.id } });
    const error = await tabPays(userId, MAHARASHTRA_FIRM).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'Conflict', messages: [CHECKOUT_ERRORS.settling] });
    const settled = await settle(orderA, paid.id);
    if (settled.outcome !== 'order') throw new Error(`not placed: ${settled.outcome}`);
    const invoice = await invoiceOf(userId, settled.orderNo);
    expect(invoice.billing).toMatchObject({ name: UTTAR_PRADESH.name, state: '09' });
    expect(heads(invoice.totals.taxes)).toEqual(['IGST']);
  });

  it("a payment settling while another tab changes the billing: the order, if any, carries the paid gateway order's billing", async () => {
    for (let round = 0; round < 8; round += 1) {
      const userId = await buyerWith([2 + (round % 6)]);
      const orderA = await tabPays(userId, UTTAR_PRADESH);
      const paidA = fake.pay(orderA, 'captured');
      const [settled, other] = await Promise.allSettled([
        settle(orderA, paidA.id),
        tabPays(userId, MAHARASHTRA_FIRM),
      ]);
      if (settled.status !== 'fulfilled') throw settled.reason;
      if (settled.value.outcome === 'order') {
        const invoice = await invoiceOf(userId, settled.value.orderNo);
        expect(invoice.billing).toMatchObject({ name: UTTAR_PRADESH.name, state: '09' });
        expect(invoice.payment?.reference).toBe(paidA.id);
      } else {
        // Replaced first: refunded, and the other tab's gateway order is the checkout's now.
        expect(settled.value.outcome).toBe('refunded');
        expect(other.status).toBe('fulfilled');
        expect(await purchaseHistory(userId)).toEqual([]);
      }
    }
  });

  it("our own GSTIN is refused as a buyer's, and nothing is stored", async () => {
    const userId = await buyerWith([3]);
    const ours: Billing = { ...MAHARASHTRA_FIRM, gstin: site.tax.gstin };
    const gatewayOrders = fake.orders.size;
    const error = await startPayment({ userId, idempotencyKey: undefined, billing: ours }, deps).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).messages).toEqual([CHECKOUT_ERRORS.ourGstin]);
    expect(fake.orders.size).toBe(gatewayOrders);
    expect(await purchaseHistory(userId)).toEqual([]);
  });
});

describe('decide: what the checkout asked, checked against the payment (issue 38, item 9)', () => {
  const checkout: Checkout = {
    userId: 'u1',
    cartVersion: 3,
    startedAt: '2043-07-01T06:00:00.000Z',
    lines: [
      {
        courseId: 1,
        name: 'A course',
        url: '/x',
        review: 5,
        courseOverview: '',
        listPriceCents: 20_000,
        priceCents: 15_000,
        listPricePaise: 1_500_000,
        pricePaise: 1_199_900,
        seats: 1,
      },
    ],
    billTo: { name: 'Jane Roe', email: 'jane@example.com' },
    billing: {
      name: 'Jane Roe',
      country: 'US',
      address: { line: '1 Main St', city: 'Austin', postalCode: '73301' },
    },
    payment: { gateway: 'razorpay', orderId: 'order_A', amountCents: 15_000, currency: 'USD' },
  };
  const payment = (over: Partial<RazorpayPayment> = {}): RazorpayPayment =>
    ({
      id: 'pay_A',
      order_id: 'order_A',
      amount: 15_000,
      currency: 'USD',
      status: 'captured',
      international: true,
      ...over,
    }) as RazorpayPayment;

  it('goes on for the payment the checkout asked', () => {
    expect(decide(payment(), checkout)).toEqual({ checkout });
  });
  it.each([
    ['no checkout', payment(), undefined, 'no-checkout'],
    ['a checkout with no gateway order', payment(), { ...checkout, payment: undefined }, 'no-checkout'],
    ['another order_id (a replaced gateway order)', payment({ order_id: 'order_B' }), checkout, 'replaced'],
    ['a paisa less', payment({ amount: 14_999 }), checkout, 'amount'],
    ['another currency', payment({ currency: 'INR' }), checkout, 'amount'],
    ['an export paid from India', payment({ international: false }), checkout, 'domestic'],
    [
      'a checkout paid by another payment',
      payment(),
      { ...checkout, payment: { ...checkout.payment!, reference: 'pay_OTHER' } },
      'already-paid',
    ],
  ] as const)('refuses %s', (_, paid, asked, code) => {
    expect(decide(paid, asked as Checkout | undefined)).toEqual({ refuse: code });
  });
  it('an export is refused only when the gateway says the payment was from India', () => {
    expect(decide(payment({ international: undefined }), checkout)).toEqual({ checkout });
  });
  it('a checkout with no billing recorded (started before billing was asked) is no export', () => {
    const unbilled = { ...checkout, billing: undefined };
    expect(decide(payment({ international: false }), unbilled)).toEqual({ checkout: unbilled });
  });
});

describe('nothing after the capture refuses (issue 38, item 8)', () => {
  it.each(['started', 'numbered', 'ordered'] as const)(
    'a crash after "%s": the payment needs attention, the money is kept, and a replay places the one order',
    async (crashAfter: CheckoutStep) => {
      const userId = await buyerWith([4]);
      const orderId = await tabPays(userId, UTTAR_PRADESH);
      const paid = fake.pay(orderId, 'authorized');
      const crashing: PaymentDeps = {
        ...deps,
        afterStep: (step) => {
          if (step === crashAfter) throw new Error(`crash after ${step}`);
        },
      };
      await expect(settlePayment({ orderId, paymentId: paid.id }, crashing)).rejects.toThrow(
        `crash after ${crashAfter}`,
      );
      expect(await getPayment(paid.id)).toMatchObject({
        status: 'captured',
        outcome: 'attention',
        reason: expect.stringContaining('The next webhook or replay finishes it'),
      });
      expect(fake.refunds.filter((each) => each.payment_id === paid.id)).toEqual([]);
      const replayed = await settle(orderId, paid.id);
      expect(replayed.outcome).toBe('order');
      const record = await getPayment(paid.id);
      expect(record?.outcome).toBe('order');
      expect(record?.reason).toBeUndefined();
      expect(new Set((await purchaseHistory(userId)).map((item) => item.orderNo)).size).toBe(1);
    },
  );
});
