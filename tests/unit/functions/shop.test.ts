import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { createAccount } from '~/server/domain/auth/accounts';
import { createSession } from '~/server/domain/auth/sessions';
import add, { config as addConfig } from '../../../netlify/functions/cart-add.mts';
import checkoutHandler, { config as checkoutConfig } from '../../../netlify/functions/cart-checkout.mts';
import remove, { config as deleteConfig } from '../../../netlify/functions/cart-delete.mts';
import getCart, { config as getConfig } from '../../../netlify/functions/cart-get.mts';
import invoiceLines, { config as linesConfig } from '../../../netlify/functions/cart-invoice-lines.mts';
import purchased, { config as purchasedConfig } from '../../../netlify/functions/cart-purchased.mts';
import invoice, { config as invoiceConfig } from '../../../netlify/functions/orders-invoice.mts';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';

type Handler = (request: Request, context?: never) => Promise<Response>;
const token = 'k'.repeat(43);

/** Calls a function as Netlify's router would: path parameters in `context.params`. */
function call(
  handler: Handler,
  params: Record<string, string>,
  options: { session?: string; method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
) {
  const cookie = [`XSRF-TOKEN=${token}`, ...(options.session ? [`session=${options.session}`] : [])].join(
    '; ',
  );
  return handler(
    new Request('http://localhost/api/shop-call', {
      method: options.method ?? 'GET',
      headers: { cookie, 'X-XSRF-TOKEN': token, ...options.headers },
    }),
    { params } as never,
  );
}

let n = 0;
async function signedInUser() {
  n += 1;
  const user = await createAccount(
    {
      name: `Meera ${n}`,
      email: `meera${n}@example.com`,
      mobile: String(4_000_000_000 + n),
      passwordHash: '$scrypt$x',
    },
    new Date(),
  );
  const session = await createSession(user.userId, new Date());
  return { userId: user.userId, session: session.token };
}

const course = courses[0]!;
let blobs: RunningBlobsServer;
beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  blobs = await startBlobsServer();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await blobs.stop();
});

describe('shop endpoints (API.md, Courses and shop)', () => {
  it('are routed at the paths of API.md', () => {
    expect(
      [addConfig, getConfig, deleteConfig, checkoutConfig, purchasedConfig, linesConfig, invoiceConfig].map(
        (c) => c.path,
      ),
    ).toEqual([
      '/api/Cart/addtocart/:clientCode,:courseId,:userId',
      '/api/Cart/GetCoursesByUserForCart/:clientCode,:userId',
      '/api/Cart/deletefromcart/:clientCode,:courseId,:userId',
      '/api/Cart/checkout/:clientCode,:userId',
      '/api/Cart/GetPurchasedCoursesByUser/:clientCode,:userId',
      '/api/Cart/GetCourseforInvoiceByOrderNo/:clientCode,:orderNo',
      '/api/orders/:orderNo/invoice',
    ]);
  });

  it('the whole purchase: add, load, delete, checkout with X-Order-No, history, invoice lines, invoice', async () => {
    const { userId, session } = await signedInUser();
    const other = courses[1]!;
    const p = (courseId?: number) => ({
      clientCode: 'sispl',
      userId,
      ...(courseId ? { courseId: String(courseId) } : {}),
    });
    const added = await call(add, p(course.id), { session, method: 'POST' });
    expect(added.status).toBe(200);
    await call(add, p(other.id), { session, method: 'POST' });
    const cart = (await (await call(getCart, p(), { session })).json()) as { id: number }[];
    expect(cart.map((item) => item.id)).toEqual([course.id, other.id]);
    const remaining = (await (await call(remove, p(other.id), { session, method: 'POST' })).json()) as {
      id: number;
    }[];
    expect(remaining.map((item) => item.id)).toEqual([course.id]);

    const done = await call(checkoutHandler, p(), {
      session,
      method: 'POST',
      headers: { 'Idempotency-Key': 'abc' },
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual([]);
    const orderNo = done.headers.get('x-order-no')!;
    expect(orderNo).toMatch(/^SIS-\d{4}-\d{6}$/);

    const history = (await (await call(purchased, p(), { session })).json()) as Record<string, unknown>[];
    expect(history).toEqual([
      expect.objectContaining({
        id: course.id,
        orderNo,
        discountedFees: course.discountedFeesCents / 100,
        orderDate: expect.any(String),
      }),
    ]);
    const lines = await (await call(invoiceLines, { clientCode: 'sispl', orderNo }, { session })).json();
    expect(lines).toEqual([
      {
        orderNo,
        orderDate: expect.any(String),
        discountedFees: course.discountedFeesCents / 100,
        name: course.name,
        courseId: course.id,
      },
    ]);
    const printed = (await (await call(invoice, { orderNo }, { session })).json()) as Record<string, unknown>;
    expect(printed).toMatchObject({
      orderNo,
      currency: 'USD',
      amountStatus: 'Paid',
      lines: [{ sac: '999293', qty: 1 }],
    });
  });

  it('signed out: 401; another user id in the path: 403; another client code: 400', async () => {
    const { userId, session } = await signedInUser();
    const stranger = await signedInUser();
    expect((await call(getCart, { clientCode: 'sispl', userId })).status).toBe(401);
    const forbidden = await call(getCart, { clientCode: 'sispl', userId: stranger.userId }, { session });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ errors: [expect.any(String)] });
    expect(
      (
        await call(
          add,
          { clientCode: 'sispl', courseId: '1', userId: stranger.userId },
          { session, method: 'POST' },
        )
      ).status,
    ).toBe(403);
    expect((await call(getCart, { clientCode: 'sis', userId }, { session })).status).toBe(400);
  });

  it('unknown course 404; bought course 409; empty cart checkout 400', async () => {
    const { userId, session } = await signedInUser();
    const p = (courseId: string) => ({ clientCode: 'sispl', courseId, userId });
    for (const id of ['999', 'abc', '-1'])
      expect((await call(add, p(id), { session, method: 'POST' })).status).toBe(404);
    const empty = await call(checkoutHandler, { clientCode: 'sispl', userId }, { session, method: 'POST' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ errors: ['Your cart is empty'] });
    await call(add, p(String(course.id)), { session, method: 'POST' });
    await call(checkoutHandler, { clientCode: 'sispl', userId }, { session, method: 'POST' });
    const again = await call(add, p(String(course.id)), { session, method: 'POST' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ errors: ['You have already bought this course.'] });
  });

  it("another user's order number: 404 Invoice not found, nothing of the order shown", async () => {
    const buyer = await signedInUser();
    const stranger = await signedInUser();
    await call(
      add,
      { clientCode: 'sispl', courseId: String(course.id), userId: buyer.userId },
      { session: buyer.session, method: 'POST' },
    );
    const done = await call(
      checkoutHandler,
      { clientCode: 'sispl', userId: buyer.userId },
      { session: buyer.session, method: 'POST' },
    );
    const orderNo = done.headers.get('x-order-no')!;
    for (const response of [
      await call(invoice, { orderNo }, { session: stranger.session }),
      await call(invoiceLines, { clientCode: 'sispl', orderNo }, { session: stranger.session }),
    ]) {
      expect(response.status).toBe(404);
      const text = await response.text();
      expect(text).not.toContain(course.name);
      expect(JSON.parse(text)).toEqual({ errors: ['Invoice not found.'] });
    }
  });
});
