/**
 * Fills a local store with what the console lists (issue 30, item 6): customers, their orders
 * and contact messages, written through the storage layer the functions use (records, indexes,
 * customer totals), not through the API: 20,000 orders through the test gateway would take an
 * hour on two cores. Loaded by `scripts/bench/console.mjs` with Vite's module runner, so the `~`
 * imports resolve as in the site. The caller points `@netlify/blobs` at the site's store first.
 */
import { indexExistingLeads } from '~/server/domain/console/leads';
import { indexExistingCustomersOnce, indexExistingOrdersOnce } from '~/server/domain/console/orders';
import { markContactMessageMailed, saveNewContactMessage } from '~/server/storage/contact-messages';
import { saveOrder, saveOrderMarker, type Order } from '~/server/storage/orders';
import { saveNewUser } from '~/server/storage/users';

/** What to seed: counts, the span of time the records are spread over, evenly, and a run tag. */
export interface SeedPlan {
  /** Digits that make this run's ids, e-mails and numbers unique. */
  readonly run: string;
  readonly customers: number;
  readonly orders: number;
  readonly leads: number;
  /** The oldest record's time and the newest's. */
  readonly from: Date;
  readonly to: Date;
  /** Records written at once. */
  readonly atOnce?: number;
  readonly log?: (line: string) => void;
}

/** Runs `work(0..count-1)`, `atOnce` at a time. */
async function inPool(count: number, atOnce: number, work: (index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) await work(index);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, count) }, worker));
}

/** The `index`th of `count` instants spread evenly from `from` to `to`. */
const spread = (plan: SeedPlan, index: number, count: number) =>
  new Date(plan.from.getTime() + Math.floor(((plan.to.getTime() - plan.from.getTime()) * index) / count));

const userIdOf = (run: string, customer: number) => `bench${run}c${String(customer).padStart(10, '0')}`;

/** Seeds the plan; resolves to what it wrote. */
export async function seedConsole(
  plan: SeedPlan,
): Promise<{ customers: number; orders: number; leads: number }> {
  const atOnce = plan.atOnce ?? 24;
  const log = plan.log ?? (() => undefined);
  // The console's indexes of records older than the console are built once, on their first read:
  // built now, over whatever the store holds, so the seeded records are what a running shop has.
  await Promise.all([
    indexExistingOrdersOnce(plan.to),
    indexExistingCustomersOnce(plan.to),
    indexExistingLeads(plan.to),
  ]);

  let started = Date.now();
  await inPool(plan.customers, atOnce, async (customer) => {
    await saveNewUser({
      userId: userIdOf(plan.run, customer),
      name: `Bench Customer ${plan.run}-${customer}`,
      email: `bench.customer.${plan.run}.${customer}@example.com`,
      mobile: `9${String(customer).padStart(9, '0')}`,
      passwordHash: '$scrypt$bench-seed-never-signs-in',
      // Customers signed up before the orders they place.
      createdAt: spread(plan, customer, plan.customers).toISOString(),
    });
  });
  log(`${plan.customers} customers in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // Order i is customer (i mod customers)'s. Written in time order, `atOnce` at a time: orders
  // written together are of different customers (one totals record each) and of the same hour.
  started = Date.now();
  await inPool(plan.orders, atOnce, async (index) => {
    const customer = index % plan.customers;
    const courseId = (index % 9) + 1;
    const order: Order = {
      orderNo: `B${plan.run}-${String(index).padStart(6, '0')}`,
      userId: userIdOf(plan.run, customer),
      placedAt: spread(plan, index, plan.orders).toISOString(),
      lines: [
        {
          courseId,
          name: `Course ${courseId}`,
          url: `/courses/${courseId}`,
          review: 5,
          courseOverview: '',
          listPriceCents: 20_000,
          priceCents: 15_000,
        },
      ],
      billTo: {
        name: `Bench Customer ${plan.run}-${customer}`,
        email: `bench.customer.${plan.run}.${customer}@example.com`,
      },
      payment: { gateway: 'test', reference: `pay_bench${plan.run}${index}` },
    };
    await saveOrderMarker(order.userId, order.orderNo);
    await saveOrder(order);
  });
  log(`${plan.orders} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  started = Date.now();
  await inPool(plan.leads, atOnce, async (index) => {
    const id = `bench-${plan.run}-${String(index).padStart(6, '0')}`;
    await saveNewContactMessage({
      id,
      receivedAt: spread(plan, index, plan.leads).toISOString(),
      client: 'sis',
      name: `Bench Lead ${plan.run}-${index}`,
      phone: '+919876543210',
      email: `bench.lead.${plan.run}.${index}@example.com`,
      message: `Lead ${index}, seeded by the console benchmark (issue 30).`,
    });
    // Its e-mails are not queued: the lead lists them as not queued, and the retry job leaves it.
    await markContactMessageMailed(id);
  });
  log(`${plan.leads} leads in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { customers: plan.customers, orders: plan.orders, leads: plan.leads };
}
