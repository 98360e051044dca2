import { describe, expect, it } from 'vitest';
import { listLeads, updateLead } from '~/server/domain/console/leads';
import { listCustomers, listOrders } from '~/server/domain/console/orders';
import { contactMailKeys } from '~/server/domain/contact';
import { openStore } from '~/server/storage/blob-store';
import { createBatch, updateBatch } from '~/server/storage/batches';
import { saveNewContactMessage } from '~/server/storage/contact-messages';
import { requeueMail, saveQueuedMail, updateQueuedMail } from '~/server/storage/mail-queue';
import { saveOrder, saveOrderMarker, type Order } from '~/server/storage/orders';
import { addRefund, updateRefund, type OrderRefund } from '~/server/storage/refunds';
import { saveNewUser } from '~/server/storage/users';
import { useBlobsServer } from '../../../../support/blobs-server';

/** The gets the blob server was asked for. */
let gets = 0;
useBlobsServer({
  onRequest: ({ type }) => {
    if (type === 'get') gets += 1;
  },
});

const now = new Date('2026-11-24T12:00:00Z');
const minute = 60 * 1000;
const staff = { userId: 'staff-user-id-0001', name: 'Asha', email: 'asha@example.com' };

let n = 0;
const userIdOf = (index: number) => `sheetcustomer${String(index).padStart(6, '0')}`;

async function newCustomer(at: Date) {
  n += 1;
  const user = {
    userId: userIdOf(n),
    name: `Sheet Customer ${n}`,
    email: `sheet.customer.${n}@example.com`,
    mobile: `98${String(n).padStart(8, '0')}`,
    passwordHash: '$scrypt$never-signs-in',
    createdAt: at.toISOString(),
  };
  await saveNewUser(user);
  return user;
}

async function newOrder(userId: string, at: Date, batchId?: string): Promise<Order> {
  n += 1;
  const order: Order = {
    orderNo: `SHEET-${String(n).padStart(6, '0')}`,
    userId,
    placedAt: at.toISOString(),
    lines: [
      {
        courseId: 3,
        name: 'Course 3',
        url: '/courses/3',
        review: 5,
        courseOverview: '',
        listPriceCents: 20_000,
        priceCents: 15_000,
        ...(batchId ? { batchId, seats: 2 } : {}),
      },
    ],
    billTo: { name: 'Buyer', email: 'buyer@example.com' },
    payment: { gateway: 'test', reference: `pay_sheet${n}` },
  };
  await saveOrderMarker(userId, order.orderNo);
  return saveOrder(order);
}

async function newLead(at: Date) {
  n += 1;
  const id = `sheet-lead-${String(n).padStart(6, '0')}`;
  await saveNewContactMessage({
    id,
    receivedAt: at.toISOString(),
    client: 'sis',
    name: `Sheet Lead ${n}`,
    phone: '+919876543210',
    email: `sheet.lead.${n}@example.com`,
    message: 'Please call me back.',
  });
  return id;
}

/** A page read with its sheets filled, then again from the records alone (sheets deleted). */
async function warmAndCold<T>(read: () => Promise<T>) {
  const warm = await read();
  const console = openStore('console');
  await Promise.all((await console.list('sheets/')).map((key) => console.delete(key)));
  const cold = await read();
  return { warm, cold };
}

describe('console lists read from their sheets (issue 30, item 6)', () => {
  it('orders: the same page from the sheet as from the records, and a refund or batch change shows at once', async () => {
    const buyer = await newCustomer(new Date(now.getTime() - 600 * minute));
    await createBatch({
      id: 'sheet-batch-1',
      courseId: 3,
      startsOn: '2026-12-07',
      schedule: 'Mon-Thu 19:00-21:00 IST',
      sessions: 16,
      trainer: 'Asha Kulkarni',
      seats: 30,
      claims: {},
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    // 60 orders, one a minute, over two hours; one of a batch.
    const orders: Order[] = [];
    for (let index = 0; index < 60; index += 1)
      orders.push(
        await newOrder(
          buyer.userId,
          new Date(now.getTime() - (index + 1) * minute),
          index === 4 ? 'sheet-batch-1' : undefined,
        ),
      );
    const first = await listOrders({}, now);
    expect(first.items.map((row) => row.orderNo)).toEqual(orders.slice(0, 50).map((order) => order.orderNo));
    expect(first.items[4]!.lines[0]!.batch).toEqual({
      id: 'sheet-batch-1',
      startsOn: '2026-12-07',
      schedule: 'Mon-Thu 19:00-21:00 IST',
    });

    // A filled page: a handful of reads, not two per row.
    gets = 0;
    const again = await listOrders({}, now);
    expect(again.items).toEqual(first.items);
    expect(gets).toBeLessThan(15);

    const refund: OrderRefund = {
      id: 'rf_0000000000000001',
      courseIds: [3],
      amountCents: 15_000,
      currency: 'USD',
      reason: 'Asked by the buyer',
      state: 'requested',
      by: 'Asha <asha@example.com>',
      at: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    const refunded = orders[2]!.orderNo;
    await addRefund(refunded, () => ({ add: refund }));
    const afterRefund = (await listOrders({}, now)).items.find((row) => row.orderNo === refunded);
    expect(afterRefund?.refunds?.map((each) => each.status)).toEqual(['pending']);
    await updateRefund(refunded, refund.id, (each) => ({ ...each, state: 'processed' }));
    await updateBatch('sheet-batch-1', (batch) => ({ ...batch, schedule: 'Sat-Sun 10:00-13:00 IST' }));
    const later = await listOrders({}, now);
    expect(later.items.find((row) => row.orderNo === refunded)?.refunds?.map((each) => each.status)).toEqual([
      'processed',
    ]);
    expect(later.items[4]!.lines[0]!.batch?.schedule).toBe('Sat-Sun 10:00-13:00 IST');

    const { warm, cold } = await warmAndCold(async () => {
      const page = await listOrders({}, now);
      return [page.items, (await listOrders({ cursor: page.cursor }, now)).items];
    });
    expect(warm).toEqual(cold);
    expect(warm[1]!.map((row) => row.orderNo)).toEqual(orders.slice(50).map((order) => order.orderNo));
  });

  it('leads: a lead handled, or its e-mails queued, sent, failed and retried, shows on the next page', async () => {
    const at = new Date(now.getTime() - 3 * 24 * 60 * minute);
    const ids = [];
    for (let index = 0; index < 5; index += 1)
      ids.push(await newLead(new Date(at.getTime() - index * minute)));
    const id = ids[1]!;
    const leadOf = async (status: 'new' | 'handled' | 'all') =>
      (await listLeads({ status }, now)).items.find((lead) => lead.id === id);
    expect((await leadOf('all'))?.mail.company.status).toBe('pending');

    await updateLead(id, { status: 'handled', note: 'Called back' }, staff, now);
    expect(await leadOf('all')).toMatchObject({
      status: 'handled',
      note: 'Called back',
      handledBy: 'Asha <asha@example.com>',
    });
    expect(await leadOf('new')).toBeUndefined();
    expect((await leadOf('handled'))?.status).toBe('handled');

    const key = contactMailKeys(id).company;
    await saveQueuedMail({
      key,
      queuedAt: now.toISOString(),
      to: ['office@example.com'],
      subject: 'New lead',
      html: '<p>New lead</p>',
      text: 'New lead',
      delivery: { status: 'pending', attempts: 0 },
    });
    expect((await leadOf('all'))?.mail.company).toEqual({ status: 'pending', attempts: 0 });
    await updateQueuedMail(key, (mail) => ({
      ...mail,
      delivery: { status: 'failed', attempts: 8, lastError: 'Mailbox unavailable' },
    }));
    expect((await leadOf('all'))?.mail.company).toEqual({
      status: 'failed',
      attempts: 8,
      lastError: 'Mailbox unavailable',
    });
    await requeueMail(key, now);
    expect((await leadOf('all'))?.mail.company.status).toBe('pending');
    await updateQueuedMail(key, (mail) => ({
      ...mail,
      delivery: { status: 'sent', attempts: 9, sentAt: now.toISOString(), providerId: 'p-1' },
    }));
    expect((await leadOf('all'))?.mail.company).toMatchObject({ status: 'sent', providerId: 'p-1' });

    const { warm, cold } = await warmAndCold(() => listLeads({ status: 'all' }, now));
    expect(warm).toEqual(cold);
  });

  it("customers: a customer's new order shows in their count and spend on the next page", async () => {
    const customers = [];
    for (let index = 0; index < 4; index += 1)
      customers.push(await newCustomer(new Date(now.getTime() - 2 * 24 * 60 * minute - index * 90 * minute)));
    const rowOf = async (userId: string) =>
      (await listCustomers({}, now)).items.find((row) => row.userid === userId);
    const customer = customers[2]!;
    expect(await rowOf(customer.userId)).toMatchObject({ orders: 0, spent: 0 });
    await newOrder(customer.userId, now);
    await newOrder(customer.userId, now);
    expect(await rowOf(customer.userId)).toMatchObject({
      orders: 2,
      name: customer.name,
      mobile: customer.mobile,
    });
    const { warm, cold } = await warmAndCold(() => listCustomers({}, now));
    expect(warm).toEqual(cold);
  });
});
