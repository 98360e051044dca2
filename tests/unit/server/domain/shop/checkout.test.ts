import { beforeEach, describe, expect, it } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { Conflict, NotFound, ValidationError } from '~/server/domain/errors';
import type { OutgoingMail } from '~/server/domain/mail';
import { addToCart, cartItems, removeFromCart } from '~/server/domain/shop/cart';
import { CHECKOUT_STEPS, type CheckoutDeps, type CheckoutStep } from '~/server/domain/shop/checkout';
import { invoiceOf, purchaseHistory } from '~/server/domain/shop/orders';
import { openStore } from '~/server/storage/blob-store';
import { newAccount } from '../../../../support/people';
import { useBlobsServer } from '../../../../support/blobs-server';
import { useOpenBatches } from '../../../../support/open-batches';
import { paidCheckout } from '../../../../support/paid-checkout';

useBlobsServer();
// The clock runs years ahead: batches that are still open then (issue 31).
useOpenBatches();

let mails: OutgoingMail[];
let deps: CheckoutDeps;
let clock: Date;
beforeEach(() => {
  mails = [];
  clock = new Date('2026-11-22T06:00:00.000Z');
  deps = {
    mail: { queue: async (mail) => void mails.push(mail) },
    now: () => clock,
    siteUrl: 'https://sis.example',
  };
});

let buyers = 0;
/** A new account; resolves to its user id. */
async function newUser(): Promise<string> {
  const user = await newAccount({ now: clock, name: `Buyer ${(buyers += 1)}` });
  return user.userId;
}

const [c1, c2, c3] = courses;
const orderKeys = async () => (await openStore('orders').list('orders/')).length;

describe('cart', () => {
  it('adds once, removes, and answers catalogue prices in dollars', async () => {
    const user = await newUser();
    expect(await addToCart(user, c1!.id)).toHaveLength(1);
    const twice = await addToCart(user, c1!.id);
    expect(twice).toHaveLength(1);
    expect(twice[0]).toMatchObject({ id: c1!.id, discountedFees: c1!.discountedFeesCents / 100 });
    await addToCart(user, c2!.id);
    expect((await removeFromCart(user, c1!.id)).map((item) => item.id)).toEqual([c2!.id]);
    await expect(addToCart(user, 999)).rejects.toBeInstanceOf(NotFound);
  });

  it('200 parallel adds and deletes by one user leave exactly the expected cart', async () => {
    const user = await newUser();
    const ids = courses.map((course) => course.id);
    // Every course added; the odd-numbered ones added and then removed again.
    await Promise.all(ids.map((id) => addToCart(user, id)));
    const work = Array.from({ length: 200 }, (_, i) => {
      const id = ids[i % ids.length]!;
      return id % 2 === 1 ? removeFromCart(user, id) : addToCart(user, id);
    });
    await Promise.all(work);
    expect((await cartItems(user)).map((item) => item.id).sort((a, b) => a - b)).toEqual(
      ids.filter((id) => id % 2 === 0),
    );
  }, 60_000);

  it('refuses to add a course already bought (409)', async () => {
    const user = await newUser();
    await addToCart(user, c1!.id);
    await paidCheckout(user, 'k1', deps);
    await expect(addToCart(user, c1!.id)).rejects.toThrow(Conflict);
    await expect(addToCart(user, c1!.id)).rejects.toThrow('You have already bought this course.');
  });
});

describe('checkout', () => {
  it('places one order with a GST number, empties the cart, mails the buyer, prints an invoice', async () => {
    const user = await newUser();
    await addToCart(user, c1!.id);
    await addToCart(user, c2!.id);
    const result = await paidCheckout(user, 'key-a', deps);
    expect(result.orderNo).toMatch(/^SIS-2627-\d{6}$/);
    expect(result.cart).toEqual([]);
    expect(mails.map((mail) => mail.idempotencyKey)).toEqual([`order-${result.orderNo}`]);
    expect(mails[0]?.text).toContain(`https://sis.example/invoice?id=${result.orderNo}`);
    // What was paid, with the payment's reference.
    expect(mails[0]?.text).toMatch(
      /Paid ₹[\d,.]+, payment reference pay_\w+ \(test payment: no money moved\)\./,
    );
    expect(mails[0]?.text).toContain('Total (GST included)');
    const history = await purchaseHistory(user);
    expect(history.map((item) => [item.id, item.orderNo])).toEqual([
      [c1!.id, result.orderNo],
      [c2!.id, result.orderNo],
    ]);
    const invoice = await invoiceOf(user, result.orderNo);
    // In rupees: the buyer is in India (DECISIONS 46; was the dollar total).
    expect(invoice.currency).toBe('INR');
    expect(invoice.totals.total).toBe((c1!.discountedFeesPaise + c2!.discountedFeesPaise) / 100);
    // Billed to the name given at checkout, in Karnataka: IGST, with the payment's reference.
    expect(invoice.billTo).toEqual({ name: 'Priya Rao', email: expect.stringMatching(/@example.com$/) });
    expect(invoice.placeOfSupply).toBe('Karnataka (29)');
    expect(invoice.totals.taxes.map((tax) => tax.label)).toEqual(['IGST']);
    expect(invoice.payment).toEqual({ gateway: 'test', reference: expect.stringMatching(/^pay_/) });
  });

  it('answers 400 Your cart is empty for an empty cart', async () => {
    const user = await newUser();
    await expect(paidCheckout(user, undefined, deps)).rejects.toThrow(ValidationError);
    await expect(paidCheckout(user, undefined, deps)).rejects.toThrow('Your cart is empty');
  });

  it('the same key places one order and answers the same; without one, the emptied cart is empty', async () => {
    const user = await newUser();
    await addToCart(user, c3!.id);
    const first = await paidCheckout(user, 'same', deps);
    expect(await paidCheckout(user, 'same', deps)).toEqual(first);
    const other = await newUser();
    await addToCart(other, c3!.id);
    await paidCheckout(other, undefined, deps);
    await expect(paidCheckout(other, undefined, deps)).rejects.toThrow('Your cart is empty');
    expect((await purchaseHistory(other)).length).toBe(1);
  });

  it('20 parallel checkouts with one Idempotency-Key make one order', async () => {
    const user = await newUser();
    await addToCart(user, c1!.id);
    const before = await orderKeys();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => paidCheckout(user, 'double-click', deps)),
    );
    expect(new Set(results.map((result) => result.orderNo)).size).toBe(1);
    expect(await orderKeys()).toBe(before + 1);
    expect(await purchaseHistory(user)).toHaveLength(1);
  }, 60_000);

  it('100 users checking out at once get 100 distinct consecutive numbers', async () => {
    const users = await Promise.all(Array.from({ length: 100 }, () => newUser()));
    await Promise.all(users.map((user) => addToCart(user, c2!.id)));
    clock = new Date('2027-06-01T06:00:00.000Z'); // a fresh series: FY 2027-28
    const results = await Promise.all(users.map((user) => paidCheckout(user, `k-${user}`, deps)));
    const numbers = results.map((result) => Number(result.orderNo.slice(-6))).sort((a, b) => a - b);
    expect(results.every((result) => result.orderNo.startsWith('SIS-2728-'))).toBe(true);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  }, 120_000);

  it('starts a new series at the financial-year boundary (IST)', async () => {
    const a = await newUser();
    const b = await newUser();
    await addToCart(a, c1!.id);
    await addToCart(b, c1!.id);
    clock = new Date('2029-03-31T18:29:59.000Z'); // 31 March 2029, 23:59:59 IST
    expect((await paidCheckout(a, 'fy-end', deps)).orderNo).toBe('SIS-2829-000001');
    clock = new Date('2029-03-31T18:30:00.000Z'); // 1 April 2029, 00:00 IST
    expect((await paidCheckout(b, 'fy-start', deps)).orderNo).toBe('SIS-2930-000001');
  });

  it.each(CHECKOUT_STEPS.slice(0, -1).map((step) => [step]))(
    'a crash after "%s" is finished by a retry: one order, nothing lost or doubled',
    async (crashAfter: CheckoutStep) => {
      const user = await newUser();
      await addToCart(user, c1!.id);
      await addToCart(user, c2!.id);
      const before = await orderKeys();
      const crashing = {
        ...deps,
        afterStep: (step: CheckoutStep) => {
          if (step === crashAfter) throw new Error(`crash after ${step}`);
        },
      };
      await expect(paidCheckout(user, 'crashy', crashing)).rejects.toThrow(`crash after ${crashAfter}`);
      // Whatever survived the crash, a paid course never shows in the cart.
      const retried = await paidCheckout(user, 'crashy', deps);
      expect(retried.cart).toEqual([]);
      expect(await orderKeys()).toBe(before + 1);
      const history = await purchaseHistory(user);
      expect(history.map((item) => item.orderNo)).toEqual([retried.orderNo, retried.orderNo]);
      expect(new Set(mails.map((mail) => mail.idempotencyKey))).toEqual(
        new Set([`order-${retried.orderNo}`]),
      );
      // And a keyless checkout of the emptied cart starts nothing.
      await expect(paidCheckout(user, undefined, deps)).rejects.toThrow('Your cart is empty');
    },
  );

  it('a lost counter hint hands out no number twice; lost claims too (a restored backup) fail the checkout and keep the cart', async () => {
    const first = await newUser();
    const second = await newUser();
    const third = await newUser();
    await addToCart(first, c1!.id);
    await addToCart(second, c2!.id);
    await addToCart(third, c2!.id);
    clock = new Date('2031-06-01T06:00:00.000Z'); // a series of its own: FY 2031-32
    const placed = await paidCheckout(first, 'first', deps);
    expect(placed.orderNo).toBe('SIS-3132-000001');
    const counters = openStore('counters');
    // The hint alone gone: the claims still decide.
    await counters.delete('order-numbers/3132');
    expect((await paidCheckout(second, 'second', deps)).orderNo).toBe('SIS-3132-000002');
    // The whole counter store rolled back: the order's own record still refuses a second owner.
    await counters.delete('order-numbers/3132');
    await Promise.all(['000001', '000002'].map((n) => counters.delete(`order-claims/3132/${n}`)));
    await expect(paidCheckout(third, 'third', deps)).rejects.toThrow('already belongs to another order');
    expect((await cartItems(third)).map((item) => item.id)).toEqual([c2!.id]);
    expect(await purchaseHistory(third)).toEqual([]);
    expect((await invoiceOf(first, placed.orderNo)).lines.map((line) => line.courseId)).toEqual([c1!.id]);
  });

  it('only the buyer can open an invoice', async () => {
    const buyer = await newUser();
    const stranger = await newUser();
    await addToCart(buyer, c1!.id);
    const { orderNo } = await paidCheckout(buyer, 'mine', deps);
    await expect(invoiceOf(stranger, orderNo)).rejects.toThrow('Invoice not found.');
    await expect(invoiceOf(buyer, 'SIS-0000-000000')).rejects.toBeInstanceOf(NotFound);
    await expect(invoiceOf(buyer, '../orders/x')).rejects.toBeInstanceOf(NotFound);
  });
});
