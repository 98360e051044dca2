import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { browserHeaders } from '../../support/browser-headers';
import { newSignedInPerson } from '../../support/people';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';
import { functionRouter, type FunctionRouter } from '../../support/function-router';
import { KARNATAKA, payOnTestGateway } from '../../support/test-gateway';

// Every call goes through Netlify's routing (tests/support/function-router.ts): the paths are
// API.md's, spelt as the browser sends them, and the functions read `context.params` as routed.

let router: FunctionRouter;

/** Calls the API at `path` as the browser does (XSRF token; the session cookie when given). */
async function call(
  method: 'GET' | 'POST',
  path: string,
  options: { session?: string | undefined; headers?: Record<string, string>; body?: string } = {},
) {
  return router.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { ...(await browserHeaders(options.session)), ...options.headers },
      ...(options.body === undefined ? {} : { body: options.body }),
    }),
  );
}

async function signedInUser() {
  const { userId, session } = await newSignedInPerson();
  return { userId, session };
}

/** Pays for the user's cart on the test gateway; resolves to the order number. */
async function pay(user: { userId: string; session: string }) {
  const paid = await payOnTestGateway((request) => router.fetch(request), 'http://localhost', {
    userId: user.userId,
    headers: await browserHeaders(user.session),
  });
  return paid.orderNo!;
}

/** A signed-in user with `courseId` bought; resolves to the user and the order number. */
async function buyer(courseId: number) {
  const user = await signedInUser();
  await call('POST', `/api/Cart/addtocart/sispl,${courseId},${user.userId}`, user);
  return { ...user, orderNo: await pay(user) };
}

const course = courses[0]!;
let blobs: RunningBlobsServer;
beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  blobs = await startBlobsServer();
  router = await functionRouter();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await blobs.stop();
});

describe('shop endpoints (API.md, Courses and shop)', () => {
  it("are routed from API.md's paths, in the browser's spelling or lower case, with their parameters", () => {
    const routed = (method: string, path: string) => router.route(method, `http://localhost${path}`);
    const cases: [string, string, string, Record<string, string>][] = [
      [
        'POST',
        '/api/Cart/addtocart/sispl,3,Ab_c-9',
        'cart-add',
        { clientCode: 'sispl', courseId: '3', userId: 'Ab_c-9' },
      ],
      [
        'GET',
        '/api/Cart/GetCoursesByUserForCart/sispl,Ab_c-9',
        'cart-get',
        { clientCode: 'sispl', userId: 'Ab_c-9' },
      ],
      [
        'POST',
        '/api/Cart/deletefromcart/sispl,3,Ab_c-9',
        'cart-delete',
        { clientCode: 'sispl', courseId: '3', userId: 'Ab_c-9' },
      ],
      ['POST', '/api/Cart/checkout/sispl,Ab_c-9', 'cart-checkout', { clientCode: 'sispl', userId: 'Ab_c-9' }],
      [
        'GET',
        '/api/Cart/GetPurchasedCoursesByUser/sispl,Ab_c-9',
        'cart-purchased',
        { clientCode: 'sispl', userId: 'Ab_c-9' },
      ],
      [
        'GET',
        '/api/Cart/GetCourseforInvoiceByOrderNo/sispl,SIS-2627-000001',
        'cart-invoice-lines',
        { clientCode: 'sispl', orderNo: 'SIS-2627-000001' },
      ],
      ['GET', '/api/orders/SIS-2627-000001/invoice', 'orders-invoice', { orderNo: 'SIS-2627-000001' }],
    ];
    for (const [method, path, name, params] of cases) {
      expect(routed(method, path)).toEqual({ name, params: expect.objectContaining(params) });
      const lower = path.replace(/^\/api\/Cart\/\w+\//, (prefix) => prefix.toLowerCase());
      expect(routed(method, lower)).toEqual({ name, params: expect.objectContaining(params) });
    }
    expect(routed('POST', '/api/Cart/addtocart/sispl,3')?.name).toBe('api-not-found');
  });

  it('the whole purchase: add, load, delete, pay, history, invoice lines, invoice', async () => {
    const user = await signedInUser();
    const { userId } = user;
    const other = courses[1]!;
    const added = await call('POST', `/api/Cart/addtocart/sispl,${course.id},${userId}`, user);
    expect(added.status).toBe(200);
    await call('POST', `/api/Cart/addtocart/sispl,${other.id},${userId}`, user);
    const cart = (await (
      await call('GET', `/api/Cart/GetCoursesByUserForCart/sispl,${userId}`, user)
    ).json()) as {
      id: number;
    }[];
    expect(cart.map((item) => item.id)).toEqual([course.id, other.id]);
    const deleted = await call('POST', `/api/Cart/deletefromcart/sispl,${other.id},${userId}`, user);
    expect(((await deleted.json()) as { id: number }[]).map((item) => item.id)).toEqual([course.id]);

    const orderNo = await pay(user);
    expect(orderNo).toMatch(/^SIS-\d{4}-\d{6}$/);
    const emptied = await call('GET', `/api/Cart/GetCoursesByUserForCart/sispl,${userId}`, user);
    expect(await emptied.json()).toEqual([]);

    const history = await call('GET', `/api/Cart/GetPurchasedCoursesByUser/sispl,${userId}`, user);
    expect(await history.json()).toEqual([
      expect.objectContaining({
        id: course.id,
        orderNo,
        discountedFees: course.discountedFeesPaise / 100,
        orderDate: expect.any(String),
      }),
    ]);
    const lines = await call('GET', `/api/Cart/GetCourseforInvoiceByOrderNo/sispl,${orderNo}`, user);
    expect(await lines.json()).toEqual([
      {
        orderNo,
        orderDate: expect.any(String),
        discountedFees: course.discountedFeesPaise / 100,
        name: course.name,
        courseId: course.id,
      },
    ]);
    const printed = await call('GET', `/api/orders/${orderNo}/invoice`, user);
    expect(printed.headers.get('cache-control')).toBe('no-store');
    // A buyer in India (KARNATAKA) pays in rupees since issue 29 (DECISIONS 46); was USD.
    expect(await printed.json()).toMatchObject({
      orderNo,
      currency: 'INR',
      amountStatus: 'Paid',
      lines: [{ sac: '999293', qty: 1 }],
    });
  });

  it('signed out: 401; another user id in the path: 403; another client code: 400', async () => {
    const user = await signedInUser();
    const stranger = await signedInUser();
    expect((await call('GET', `/api/Cart/GetCoursesByUserForCart/sispl,${user.userId}`)).status).toBe(401);
    const forbidden = await call('GET', `/api/Cart/GetCoursesByUserForCart/sispl,${stranger.userId}`, user);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ errors: [expect.any(String)] });
    expect((await call('POST', `/api/Cart/addtocart/sispl,1,${stranger.userId}`, user)).status).toBe(403);
    const billed = {
      ...user,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(KARNATAKA),
    };
    expect((await call('POST', `/api/Cart/checkout/sispl,${stranger.userId}`, billed)).status).toBe(403);
    expect((await call('GET', `/api/Cart/GetCoursesByUserForCart/sis,${user.userId}`, user)).status).toBe(
      400,
    );
    expect((await call('GET', `/api/orders/SIS-2627-000001/invoice`)).status).toBe(401);
  });

  it('unknown course 404; bought course 409; empty cart checkout 400', async () => {
    const user = await signedInUser();
    for (const id of ['999', 'abc', '-1'])
      expect((await call('POST', `/api/Cart/addtocart/sispl,${id},${user.userId}`, user)).status).toBe(404);
    const empty = await call('POST', `/api/Cart/checkout/sispl,${user.userId}`, {
      ...user,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(KARNATAKA),
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ errors: ['Your cart is empty'] });
    await call('POST', `/api/Cart/addtocart/sispl,${course.id},${user.userId}`, user);
    await pay(user);
    const bought = await call('POST', `/api/Cart/addtocart/sispl,${course.id},${user.userId}`, user);
    expect(bought.status).toBe(409);
    expect(await bought.json()).toEqual({ errors: ['You have already bought this course.'] });
  });

  it("another user's order number, or none: 404 Invoice not found, nothing of the order shown", async () => {
    const { orderNo } = await buyer(course.id);
    const stranger = await signedInUser();
    for (const number of [orderNo, 'SIS-2627-999999']) {
      for (const response of [
        await call('GET', `/api/orders/${number}/invoice`, stranger),
        await call('GET', `/api/Cart/GetCourseforInvoiceByOrderNo/sispl,${number}`, stranger),
      ]) {
        expect(response.status).toBe(404);
        const text = await response.text();
        expect(text).not.toContain(course.name);
        expect(JSON.parse(text)).toEqual({ errors: ['Invoice not found.'] });
      }
    }
  });

  it('other methods: 405 with Allow', async () => {
    const user = await signedInUser();
    const response = await router.fetch(
      new Request(`http://localhost/api/Cart/GetCoursesByUserForCart/sispl,${user.userId}`, {
        method: 'DELETE',
        headers: await browserHeaders(user.session),
      }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});
