/**
 * What placing an order leaves behind, and what a replayed settlement (the next callback or
 * webhook of the same captured payment) must not change (issue 38: rules no test failed without,
 * found by mutation testing of `checkout.ts`).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { BillingSchema } from '~/lib/shared/schemas/billing';
import * as z from '~/lib/shared/zod';
import { addToCart } from '~/server/domain/shop/cart';
import { currentNoticeVersion } from '~/server/domain/notices';
import { payableCheckout, type CheckoutDeps } from '~/server/domain/shop/checkout';
import { getCart } from '~/server/storage/carts';
import { getCheckout } from '~/server/storage/checkouts';
import { getOrder } from '~/server/storage/orders';
import { useBlobsServer } from '../../../../support/blobs-server';
import { useOpenBatches } from '../../../../support/open-batches';
import { placePaidOrder, standInGateway } from '../../../../support/paid-checkout';
import { newAccount } from '../../../../support/people';

useBlobsServer();
useOpenBatches();

let clock: Date;
let deps: CheckoutDeps;
beforeEach(() => {
  clock = new Date('2026-11-22T06:00:00.000Z');
  deps = { mail: { queue: async () => undefined }, now: () => clock, siteUrl: 'https://sis.example' };
});

const [c1, c2, c3] = courses;
const billing = z.parse(BillingSchema, { name: 'Priya Rao', country: 'IN', state: '29' });
const batchOf = (courseId: number) => `b-${courseId}-20991207-far`;

describe('placing an order', () => {
  it('takes only the bought courses and their batches out of the cart; a course added while paying stays with its batch', async () => {
    const { userId } = await newAccount({ now: clock, name: 'Cart keeper' });
    await addToCart(userId, c1!.id, { batchId: batchOf(c1!.id), seats: 2 }, clock);
    await addToCart(userId, c2!.id, { batchId: batchOf(c2!.id), seats: 1 }, clock);
    const started = await payableCheckout({ userId, idempotencyKey: 'pay-1', billing }, deps, standInGateway);
    // While the gateway's page is open, another tab adds a third course.
    await addToCart(userId, c3!.id, { batchId: batchOf(c3!.id), seats: 3 }, clock);
    const before = await getCart(userId);

    const payment = { orderId: started.checkout.payment!.orderId, paymentId: 'pay_keeper' };
    const { orderNo } = await placePaidOrder(payment, deps);

    const after = await getCart(userId);
    expect(after.courseIds).toEqual([c3!.id]);
    expect(after.choices).toEqual({ [String(c3!.id)]: { batchId: batchOf(c3!.id), seats: 3 } });
    // One write: the version it leaves is the one a repeated checkout recognises.
    expect(after.version).toBe(before.version + 1);
    expect(after.lastCheckout).toEqual({ version: before.version + 1, orderNo });
  });

  it("queues the buyer's confirmation under the order's own key on every run, so the mail queue sends it once", async () => {
    const queued: { to: readonly string[]; idempotencyKey: string }[] = [];
    const mailing: CheckoutDeps = { ...deps, mail: { queue: async (mail) => void queued.push(mail) } };
    const { userId, email } = await newAccount({ now: clock, name: 'Mailed buyer' });
    await addToCart(userId, c1!.id, {}, clock);
    const started = await payableCheckout(
      { userId, idempotencyKey: 'mail-1', billing },
      mailing,
      standInGateway,
    );
    const payment = { orderId: started.checkout.payment!.orderId, paymentId: 'pay_mailed' };
    const { orderNo } = await placePaidOrder(payment, mailing);
    await placePaidOrder(payment, mailing);
    expect(queued.map(({ to, idempotencyKey }) => ({ to, idempotencyKey }))).toEqual([
      { to: [email], idempotencyKey: `order-${orderNo}` },
      { to: [email], idempotencyKey: `order-${orderNo}` },
    ]);
  });

  it('a replayed settlement an hour later keeps the time of supply, the order number, the completion time and the cart', async () => {
    const { userId } = await newAccount({ now: clock, name: 'Replayed buyer' });
    await addToCart(userId, c1!.id, {}, clock);
    const started = await payableCheckout({ userId, idempotencyKey: 'pay-2', billing }, deps, standInGateway);
    const payment = { orderId: started.checkout.payment!.orderId, paymentId: 'pay_replayed' };
    const first = await placePaidOrder(payment, deps);
    const placedAt = clock.toISOString();
    const checkoutAfterFirst = await getCheckout(userId, started.checkout.cartVersion);
    expect(checkoutAfterFirst?.completedAt).toBe(placedAt);
    expect(checkoutAfterFirst?.payment?.paidAt).toBe(placedAt);
    await addToCart(userId, c2!.id, {}, clock);
    const cartBefore = await getCart(userId);

    clock = new Date(clock.getTime() + 60 * 60 * 1000);
    const again = await placePaidOrder({ ...payment, paymentId: 'pay_other_reading' }, deps);

    expect(again.orderNo).toBe(first.orderNo);
    const checkout = await getCheckout(userId, started.checkout.cartVersion);
    expect(checkout?.completedAt).toBe(placedAt);
    expect(checkout?.payment).toMatchObject({ paidAt: placedAt, reference: 'pay_replayed' });
    expect(checkout?.orderNo).toBe(first.orderNo);
    // The cart the buyer filled since is not emptied or renumbered by the replay.
    expect(await getCart(userId)).toEqual(cartBefore);
  });
});

describe('the order placed', () => {
  it('keeps the checkout notice the buyer was shown (version and time), and null when the call named none (DECISIONS 63)', async () => {
    const version = currentNoticeVersion('checkout');
    const { userId } = await newAccount({ now: clock, name: 'Noticed buyer' });
    await addToCart(userId, c1!.id, {}, clock);
    const shown = await payableCheckout(
      { userId, idempotencyKey: 'notice-1', billing, notice: version },
      deps,
      standInGateway,
    );
    const paidAt = clock.toISOString();
    clock = new Date(clock.getTime() + 5 * 60 * 1000);
    const { orderNo } = await placePaidOrder(
      { orderId: shown.checkout.payment!.orderId, paymentId: 'pay_noticed' },
      deps,
    );
    expect((await getOrder(orderNo))?.notice).toEqual({ version, at: paidAt });

    const other = await newAccount({ now: clock, name: 'Unnoticed buyer' });
    await addToCart(other.userId, c2!.id, {}, clock);
    const none = await payableCheckout(
      { userId: other.userId, idempotencyKey: 'notice-2', billing },
      deps,
      standInGateway,
    );
    const placed = await placePaidOrder(
      { orderId: none.checkout.payment!.orderId, paymentId: 'pay_none' },
      deps,
    );
    expect((await getOrder(placed.orderNo))?.notice).toBeNull();
  });
});
