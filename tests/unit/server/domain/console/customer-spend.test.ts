import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Currency } from '~/lib/shared/money';
import { rupeePaiseOf, TEST_RUPEES_PER_DOLLAR } from '~/lib/shared/rupee-value';
import { listCustomers } from '~/server/domain/console/orders';
import { TEST_GATEWAY_RATE } from '~/server/domain/payments/exchange-rate';
import { toInvoice } from '~/server/domain/shop/invoice';
import { openStore } from '~/server/storage/blob-store';
import { getCustomerStats } from '~/server/storage/console-records';
import { saveOrder, saveOrderMarker, type Order } from '~/server/storage/orders';
import { startBlobsServer, type RunningBlobsServer } from '../../../../support/blobs-server';
import { newAccount } from '../../../../support/people';

let blobs: RunningBlobsServer;
beforeAll(async () => {
  blobs = await startBlobsServer();
});
afterAll(async () => {
  await blobs.stop();
});

let n = 0;
/** An order of one course at `priceMinor` (cents or paise) in `currency` (none: an order from before rupees). */
function orderOf(userId: string, priceMinor: number, currency?: Currency): Order {
  n += 1;
  return {
    orderNo: `SIS-2627-${String(500 + n).padStart(6, '0')}`,
    userId,
    placedAt: new Date(Date.UTC(2026, 10, 2, 0, n)).toISOString(),
    lines: [
      {
        courseId: (n % 9) + 1,
        name: 'Course',
        url: '/x',
        review: 5,
        courseOverview: '',
        listPriceCents: priceMinor,
        priceCents: priceMinor,
      },
    ],
    billTo: { name: 'Asha', email: 'asha@example.com' },
    ...(currency ? { currency } : {}),
  };
}

/** A USD order issued with its rupee value at `rate` (DECISIONS 47), as checkout stores it. */
function usdOrderAtRate(userId: string, cents: number, rate: number): Order {
  const order = { ...orderOf(userId, cents, 'USD'), billing: { name: 'Sam', country: 'US', state: 'CA' } };
  return { ...order, invoice: toInvoice(order, { rate, source: 'Razorpay, payment pay_x' }) };
}

async function place(order: Order) {
  await saveOrderMarker(order.userId, order.orderNo);
  await saveOrder(order);
}

describe("a customer's spend is one currency, rupees (the console's Customers tab)", () => {
  it('values an INR order at its total, a USD one at its invoice rupee value, an old USD one at the test rate', () => {
    expect(rupeePaiseOf({ currency: 'INR', totalMinor: 11_999_00 })).toBe(11_999_00);
    expect(rupeePaiseOf({ currency: 'USD', totalMinor: 141_699, inrTotal: 119_694.25 })).toBe(119_694_25);
    expect(rupeePaiseOf({ totalMinor: 141_699 })).toBe(141_699 * 84);
    expect(rupeePaiseOf({ currency: 'USD', totalMinor: 1_001 })).toBe(84_084);
    // The fallback is the test gateway's rate, the one such orders were taken at.
    expect(TEST_GATEWAY_RATE.rate).toBe(TEST_RUPEES_PER_DOLLAR);
  });

  it('adds each order once in rupees as it is placed, whatever its currency', async () => {
    const { userId, email } = await newAccount();
    const inr = orderOf(userId, 11_999_00, 'INR');
    const usd = usdOrderAtRate(userId, 1_416_99, 83.5);
    await place(inr);
    await place(usd);
    await place(usd); // a retry counts nothing twice
    const usdRupees = usd.invoice!.inr!.total;
    expect(usdRupees).toBe(118_318.67); // $1,416.99 at 83.5, to the paisa
    expect(await getCustomerStats(userId)).toEqual({
      orderNos: [inr.orderNo, usd.orderNo],
      spentPaise: 11_999_00 + 118_318_67,
    });
    const page = await listCustomers({ q: email }, new Date());
    expect(page.items).toEqual([expect.objectContaining({ orders: 2, spent: 130_317.67 })]);
  });

  it('sums a record from before the rupee sum from its orders, once, and keeps counting after', async () => {
    const { userId, email } = await newAccount();
    const inr = orderOf(userId, 5_000_00, 'INR');
    const old = orderOf(userId, 100_00); // USD, from before rates were recorded
    await place(inr);
    await place(old);
    // As the record was before: dollars and rupees added together, no rupee sum.
    const OldStats = z.object({
      orderNos: z.array(z.string()),
      spentCents: z.optional(z.int()),
      spentPaise: z.optional(z.int()),
    });
    await openStore('console').update(`customer-stats/${userId}`, OldStats, () => ({
      orderNos: [inr.orderNo, old.orderNo],
      spentCents: 5_000_00 + 100_00,
    }));
    const later = orderOf(userId, 1_000_00, 'INR');
    await place(later);
    // Still unknown: one more order does not make a sum of the ones before.
    expect((await getCustomerStats(userId)).spentPaise).toBeUndefined();

    const expected = 5_000_00 + 100_00 * 84 + 1_000_00;
    const page = await listCustomers({ q: email }, new Date());
    expect(page.items).toEqual([expect.objectContaining({ orders: 3, spent: expected / 100 })]);
    expect((await getCustomerStats(userId)).spentPaise).toBe(expected);
    await place(orderOf(userId, 250_00, 'INR'));
    expect((await getCustomerStats(userId)).spentPaise).toBe(expected + 250_00);
  });
});
