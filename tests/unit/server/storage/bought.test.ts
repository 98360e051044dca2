import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { cartItems } from '~/server/domain/shop/cart';
import { openStore } from '~/server/storage/blob-store';
import { boughtCourseIds, saveOrder, saveOrderMarker, type Order } from '~/server/storage/orders';
import { startBlobsServer, type RunningBlobsServer } from '../../../support/blobs-server';

let blobs: RunningBlobsServer;
let requests = 0;
beforeAll(async () => {
  blobs = await startBlobsServer({ onRequest: () => void (requests += 1) });
});
afterAll(async () => {
  await blobs.stop();
});

const orderOf = (userId: string, n: number, courseId: number): Order => ({
  orderNo: `SIS-2627-${String(n).padStart(6, '0')}`,
  userId,
  placedAt: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
  lines: [
    {
      courseId,
      name: `Course ${courseId}`,
      url: '/x',
      review: 5,
      courseOverview: '',
      listPriceCents: 10_000,
      priceCents: 9_000,
    },
  ],
  billTo: { name: 'Asha', email: 'asha@example.com' },
});

async function place(order: Order) {
  await saveOrderMarker(order.userId, order.orderNo);
  await saveOrder(order);
}

describe('what a user bought is one record, kept with their orders (issue 17, item 6)', () => {
  it('a cart read costs the same few blob reads with 1 order or 40', async () => {
    const costOfCart = async (userId: string) => {
      requests = 0;
      await cartItems(userId);
      return requests;
    };
    await place(orderOf('user-one', 1, 1));
    for (let n = 0; n < 40; n += 1) await place(orderOf('user-many', 100 + n, (n % 9) + 1));
    const one = await costOfCart('user-one');
    const many = await costOfCart('user-many');
    expect(many).toBe(one);
    expect(many).toBeLessThanOrEqual(3);
    expect(await boughtCourseIds('user-many')).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]));
  });

  it('builds the record from the orders of a user who bought before it existed, once', async () => {
    await place(orderOf('user-early', 300, 4));
    await place(orderOf('user-early', 301, 7));
    await openStore('orders').delete('bought/user-early');
    expect(await boughtCourseIds('user-early')).toEqual(new Set([4, 7]));
    expect(await openStore('orders').get('bought/user-early', z.any())).toBeDefined();
    await place(orderOf('user-early', 302, 2));
    expect(await boughtCourseIds('user-early')).toEqual(new Set([2, 4, 7]));
  });
});
