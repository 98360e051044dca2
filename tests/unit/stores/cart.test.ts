import { setPersistentEngine, type PersistentListener } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** localStorage as the persistent stores see it. */
const storage: Record<string, string> = {};

type User = { userid: string; username: string };

/** The session and dialog stores of the current page (the real ones belong to the accounts branch). */
const session = {
  user: atom<User | null>(null),
  requestSignIn: vi.fn<(then?: () => void, from?: unknown) => void>(),
};

const toasts = vi.hoisted(() => ({ errors: [] as string[] }));
vi.mock('~/stores/notifications', () => ({
  notifyError: (message: string) => toasts.errors.push(message),
  notifySuccess: () => undefined,
}));

const user = { userid: 'u-7f3a', username: 'Asha' };
const course = (id: number) => ({
  id,
  name: `Course ${id}`,
  url: `/images/courses/course-${id}.svg`,
  review: 10 * id,
  fees: 199,
  discountedFees: 139.5,
  feesInr: 16999,
  discountedFeesInr: 11999,
  courseOverview: 'An overview. '.repeat(30),
  // The server's cart items carry their batch and seats since issue 31.
  batchId: `b-${id}-20261207-evening`,
  seats: 1,
});

type Reply =
  | {
      status?: number;
      body: unknown;
      headers?: Record<string, string>;
      /** answers the cart GET */ cart?: true;
    }
  | Error;

const CART_GET = /\/api\/Cart\/GetCoursesByUserForCart\//;

/**
 * Stubs `fetch` with the given replies, in order; returns the calls made. The cart a page reads
 * from the server whenever its store mounts (issue 23, item 1) is answered from the cached copy,
 * as a server that agrees with it would, and not listed, unless the next reply is marked `cart`.
 */
function stubFetch(...replies: Reply[]) {
  const calls: { method: string; path: string; headers: Record<string, string>; body: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const next = replies[0];
      if (method === 'GET' && CART_GET.test(path) && !(next && !(next instanceof Error) && next.cart)) {
        return new Response(storage['course'] ?? '[]', { headers: { 'Content-Type': 'application/json' } });
      }
      calls.push({
        method,
        path,
        headers: (init.headers ?? {}) as Record<string, string>,
        body: String(init.body ?? ''),
      });
      const reply = replies.shift();
      if (!reply) throw new Error(`Unexpected call ${path}`);
      if (reply instanceof Error) throw reply;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json', ...reply.headers },
      });
    }),
  );
  return calls;
}

let unmountPage: (() => void) | undefined;
/** The gateway forms the page posted (it would leave for the gateway). */
let gatewayPosts: unknown[] = [];

/** Fresh cart, orders and payment modules, as on a page load with `storage` as it is now. */
async function loadStore(signedIn = true) {
  vi.resetModules();
  session.user = atom<User | null>(signedIn ? user : null);
  session.requestSignIn = vi.fn<(then?: () => void, from?: unknown) => void>();
  vi.doMock('~/stores/session', () => ({ $user: session.user }));
  vi.doMock('~/stores/account-dialog', () => ({ requestSignIn: session.requestSignIn }));
  gatewayPosts = [];
  vi.doMock('~/lib/client/gateway-form', () => ({
    postToGateway: (gateway: unknown) => gatewayPosts.push(gateway),
  }));
  const cart = await import('~/stores/cart');
  const orders = await import('~/stores/orders');
  const payment = await import('~/stores/payment');
  // The store module's own nanostores instance (modules were reset), to unmount its stores.
  const { cleanStores } = await import('nanostores');
  unmountPage = () =>
    cleanStores(cart.$cart, cart.$cartCount, cart.$cartItems, orders.$purchases, orders.$invoice);
  return { ...cart, ...orders, ...payment };
}

/** The persistent stores' listeners for another tab's writes (the browser's `storage` event). */
const otherTabListeners = new Set<PersistentListener>();

/** Another tab of this browser writes (or, with null, removes) `key` in localStorage. */
function otherTabWrites(key: string, newValue: string | null): void {
  if (newValue === null) delete storage[key];
  else storage[key] = newValue;
  // The library's type says `string`; the browser's event carries null for a removed key.
  for (const listener of otherTabListeners) listener({ key, newValue: newValue as string });
}

beforeAll(() => {
  setPersistentEngine(storage, {
    addEventListener: (_key: string, listener: PersistentListener) => void otherTabListeners.add(listener),
    removeEventListener: (_key: string, listener: PersistentListener) =>
      void otherTabListeners.delete(listener),
  });
});

beforeEach(() => {
  for (const key of Object.keys(storage)) delete storage[key];
  toasts.errors.length = 0;
  vi.stubGlobal('document', { cookie: '' });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  // Unmount the last page's stores at once, so their listeners never see the next test.
  unmountPage?.();
  unmountPage = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('cart store', () => {
  it("shows the cart cached in localStorage `course` at once, then the server's (issue 23, item 1)", async () => {
    storage['course'] = JSON.stringify([course(1), course(2)]);
    // Another device added course 3.
    const calls = stubFetch({ cart: true, body: [course(1), course(2), course(3)] });
    const cart = await loadStore();
    const stop = cart.$cartCount.listen(() => undefined);
    expect(cart.$cart.get()).toEqual([course(1), course(2)]);
    expect(cart.$cartCount.get()).toBe(2);
    await vi.waitFor(() => expect(cart.$cartCount.get()).toBe(3));
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    stop();
  });

  it("the server's cart equal to the cached one changes nothing, so nothing renders again (issue 20)", async () => {
    storage['course'] = JSON.stringify([course(1), course(2)]);
    const calls = stubFetch({ cart: true, body: [course(1), course(2)] });
    const cart = await loadStore();
    const changes: unknown[] = [];
    const stop = cart.$cart.listen((items) => changes.push(items));
    await vi.waitFor(() => expect(calls.map((c) => c.method)).toEqual(['GET']));
    await cart.loadCart();
    stop();
    expect(changes).toEqual([]);
    expect(cart.$cartCount.get()).toBe(2);
  });

  it('ignores a cache it cannot read', async () => {
    storage['course'] = '{"not": "a cart"';
    stubFetch({ cart: true, body: [] });
    const cart = await loadStore();
    expect(cart.$cart.get()).toBeUndefined();
  });

  it('loads the cart by user id when a user exists and nothing is cached, and caches it', async () => {
    const calls = stubFetch({ cart: true, body: [course(3)] });
    const cart = await loadStore();
    const stop = cart.$cartCount.listen(() => undefined);
    await vi.waitFor(() => expect(cart.$cartCount.get()).toBe(1));
    expect(calls).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/Cart/GetCoursesByUserForCart/sispl,u-7f3a' }),
    ]);
    expect(JSON.parse(storage['course'] ?? 'null')).toEqual([course(3)]);
    stop();
  });

  it('does not cache an empty cart, so the next page load asks again', async () => {
    stubFetch({ cart: true, body: [] });
    const cart = await loadStore();
    const stop = cart.$cart.listen(() => undefined);
    await vi.waitFor(() => expect(cart.$cart.get()).toEqual([]));
    expect('course' in storage).toBe(false);
    stop();
  });

  it('loads nothing while signed out', async () => {
    const calls = stubFetch();
    const cart = await loadStore(false);
    const stop = cart.$cart.listen(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([]);
    stop();
  });

  it('replaces the cart with the list the server answers to add and delete', async () => {
    storage['course'] = JSON.stringify([course(1)]);
    const calls = stubFetch({ body: [course(1), course(4)] }, { body: [course(4)] });
    const cart = await loadStore();
    await cart.addToCart(4);
    expect(cart.$cart.get()).toEqual([course(1), course(4)]);
    expect(await cart.removeFromCart(1)).toBe(true);
    expect(cart.$cart.get()).toEqual([course(4)]);
    expect(JSON.parse(storage['course'] ?? 'null')).toEqual([course(4)]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/Cart/addtocart/sispl,4,u-7f3a',
      'POST /api/Cart/deletefromcart/sispl,1,u-7f3a',
    ]);
  });

  it('empties the cart (and its cache) when the server answers an empty list', async () => {
    storage['course'] = JSON.stringify([course(1)]);
    stubFetch({ body: [] });
    const cart = await loadStore();
    await cart.removeFromCart(1);
    expect(cart.$cart.get()).toEqual([]);
    expect(cart.$cartCount.get()).toBe(0);
    expect('course' in storage).toBe(false);
  });

  it("shows the server's sentence when an add is refused and keeps the cart", async () => {
    storage['course'] = JSON.stringify([course(1)]);
    stubFetch(
      { status: 409, body: { errors: ['You have already bought this course.'] } },
      {
        body: [
          {
            ...course(2),
            orderNo: 'SIS-2627-000001',
            orderDate: '2026-05-04T10:00:00.000Z',
            currency: 'USD',
          },
        ],
      },
    );
    const cart = await loadStore();
    await cart.addToCart(2);
    expect(toasts.errors).toEqual(['You have already bought this course.']);
    expect(cart.$cart.get()).toEqual([course(1)]);
    // A 409 means it was bought: the purchases are loaded so the control shows 'Purchased'.
    await vi.waitFor(() => expect(cart.$purchases.get()?.[0]?.orderNo).toBe('SIS-2627-000001'));
  });

  it('asks a signed-out visitor to sign in and adds the course once they have', async () => {
    const calls = stubFetch({ cart: true, body: [] }, { body: [course(5)] });
    const cart = await loadStore(false);
    const stop = cart.$cartCount.listen(() => undefined);
    await cart.addToCart(5);
    expect(calls).toEqual([]);
    expect(session.requestSignIn).toHaveBeenCalledTimes(1);
    // The dialog signs the visitor in (the cart loads for them), then runs the pending add.
    session.user.set(user);
    session.requestSignIn.mock.calls[0]?.[0]?.();
    await vi.waitFor(() => expect(cart.$cart.get()).toEqual([course(5)]));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/Cart/GetCoursesByUserForCart/sispl,u-7f3a',
      'POST /api/Cart/addtocart/sispl,5,u-7f3a',
    ]);
    stop();
  });

  it('adds the batch and seats chosen on the course page, also after a sign-in (issue 31)', async () => {
    const team = { ...course(5), batchId: 'b-5-20261212-weekend', seats: 3 };
    const calls = stubFetch({ cart: true, body: [] }, { body: [team] });
    const cart = await loadStore(false);
    const stop = cart.$cartCount.listen(() => undefined);
    await cart.addToCart(5, null, { batchId: 'b-5-20261212-weekend', seats: 3 });
    session.user.set(user);
    session.requestSignIn.mock.calls[0]?.[0]?.();
    await vi.waitFor(() => expect(cart.$cart.get()).toEqual([team]));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/Cart/GetCoursesByUserForCart/sispl,u-7f3a',
      'POST /api/Cart/addtocart/sispl,5,u-7f3a?batch=b-5-20261212-weekend&seats=3',
    ]);
    stop();
  });

  it("changes a line's batch and seats through addtocart, and keeps the line when refused (issue 31)", async () => {
    storage['course'] = JSON.stringify([course(1), course(2)]);
    const changed = { ...course(2), batchId: 'b-2-20261212-weekend', seats: 4 };
    const calls = stubFetch(
      { body: [course(1), changed] },
      { status: 400, body: { errors: ['This batch is full. Choose another batch.'] } },
    );
    const cart = await loadStore();
    const stop = cart.$cart.listen(() => undefined);
    await cart.cartLoaded();
    expect(await cart.changeCartLine(2, { batchId: 'b-2-20261212-weekend', seats: 4 })).toBe(true);
    expect(cart.$cart.get()).toEqual([course(1), changed]);
    expect(await cart.changeCartLine(1, { batchId: 'b-1-20261207-evening', seats: 2 })).toBe(false);
    expect(toasts.errors).toEqual(['This batch is full. Choose another batch.']);
    expect(cart.$cart.get()).toEqual([course(1), changed]);
    expect(cart.$cartBusy.get().size).toBe(0);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/Cart/addtocart/sispl,2,u-7f3a?batch=b-2-20261212-weekend&seats=4',
      'POST /api/Cart/addtocart/sispl,1,u-7f3a?batch=b-1-20261207-evening&seats=2',
    ]);
    stop();
  });

  it('a line costs its price per seat times its seats, in either currency (DECISIONS 55)', async () => {
    stubFetch();
    const cart = await loadStore(false);
    expect(cart.lineCents({ ...course(1), seats: 3 }, 'USD')).toBe(41850);
    expect(cart.lineCents({ ...course(1), seats: 3 }, 'INR')).toBe(3599700);
    expect(cart.lineCents(course(1), 'INR')).toBe(1199900);
  });

  it('empties the cart when the user goes (sign-out, an expired session)', async () => {
    storage['course'] = JSON.stringify([course(1)]);
    stubFetch();
    const cart = await loadStore();
    expect(cart.$cartCount.get()).toBe(1);
    session.user.set(null);
    expect(cart.$cartCount.get()).toBe(0);
    expect('course' in storage).toBe(false);
  });

  it('loads the purchases once: the start-up check confirming the same user does not ask again', async () => {
    const bought = [
      { ...course(4), orderNo: 'SIS-2627-000004', orderDate: '2026-11-01T10:00:00.000Z', currency: 'USD' },
    ];
    const calls = stubFetch({ body: bought }, { body: [] });
    const cart = await loadStore();
    const stop = cart.$purchases.listen(() => undefined);
    await vi.waitFor(() => expect(cart.$purchases.get()).toHaveLength(1));
    session.user.set({ ...user });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.map((call) => call.path)).toEqual(['/api/Cart/GetPurchasedCoursesByUser/sispl,u-7f3a']);
    expect(cart.$purchases.get()).toHaveLength(1);

    // Another user's purchases are theirs: loaded again.
    session.user.set({ userid: 'u-9b1c', username: 'Ravi' });
    await vi.waitFor(() => expect(cart.$purchases.get()).toEqual([]));
    expect(calls.at(-1)?.path).toBe('/api/Cart/GetPurchasedCoursesByUser/sispl,u-9b1c');
    stop();
  });

  it('loads an invoice into the orders store: loaded, not found (404), or failed to reach', async () => {
    const invoice = { orderNo: 'SIS-2627-000004' };
    stubFetch({ status: 404, body: { errors: ['Invoice not found.'] } }, new Error('offline'));
    const orders = await loadStore();
    await orders.loadInvoice('SIS-2627-000009');
    expect(orders.$invoice.get()).toEqual({ orderNo: 'SIS-2627-000009', load: { state: 'not-found' } });
    await orders.loadInvoice('SIS-2627-000009');
    expect(orders.$invoice.get()?.load).toEqual({ state: 'failed' });
    expect(invoice.orderNo).toMatch(/^SIS-/);
  });

  it('asks the server again when another tab empties the cart, instead of loading for ever (issue 28)', async () => {
    storage['course'] = JSON.stringify([course(1)]);
    const calls = stubFetch({ cart: true, body: [course(1)] }, { cart: true, body: [] });
    const cart = await loadStore();
    const stop = cart.$cart.listen(() => undefined);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await cart.cartLoaded();
    // The other tab placed the order: its empty cart removes the cached copy.
    otherTabWrites('course', null);
    await vi.waitFor(() => expect(cart.$cart.get()).toEqual([]));
    expect(calls.map((c) => c.path)).toEqual([
      '/api/Cart/GetCoursesByUserForCart/sispl,u-7f3a',
      '/api/Cart/GetCoursesByUserForCart/sispl,u-7f3a',
    ]);
    stop();
  });

  it('drops a cached cart at load when nobody is signed in', async () => {
    storage['course'] = JSON.stringify([course(1)]);
    stubFetch();
    const cart = await loadStore(false);
    expect(cart.$cartCount.get()).toBe(0);
    expect('course' in storage).toBe(false);
  });
});

describe('pay (issue 18)', () => {
  const answer = {
    body: {
      paymentNo: 'u-7f3a.3',
      gateway: { url: '/api/payments/test-checkout', fields: { order_id: 'order_1' } },
    },
  };
  const billing = { name: 'Asha Rao', country: 'IN', state: '29' };

  it('sends the billing details, what the page shows and an Idempotency-Key, then posts the gateway form', async () => {
    storage['course'] = JSON.stringify([course(1), course(2)]);
    const calls = stubFetch(answer);
    const cart = await loadStore();
    expect(await cart.pay(billing)).toEqual({ ok: true });
    expect(calls[0]?.path).toBe('/api/Cart/checkout/sispl,u-7f3a');
    expect(calls[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    // A buyer in India: the total in rupees (DECISIONS 46; was 279 dollars before issue 29).
    expect(JSON.parse(calls[0]!.body)).toEqual({
      ...billing,
      expect: { courseIds: [1, 2], total: 23998, currency: 'INR' },
    });
    expect(gatewayPosts).toEqual([answer.body.gateway]);
    // Remembered for the next order, with whose they are.
    expect(JSON.parse(storage['billing']!)).toEqual({ userId: 'u-7f3a', billing });
    // The page is leaving: Pay stays busy.
    expect(cart.$checkoutPending.get()).toBe(true);
  });

  it('says the total of every seat: a line of 3 seats counts its price 3 times (issue 31)', async () => {
    storage['course'] = JSON.stringify([{ ...course(1), seats: 3 }, course(2)]);
    const calls = stubFetch(answer);
    const cart = await loadStore();
    expect(await cart.pay(billing)).toEqual({ ok: true });
    expect(JSON.parse(calls[0]!.body).expect).toEqual({
      courseIds: [1, 2],
      total: 11999 * 4,
      currency: 'INR',
    });
  });

  it('remembers the payment in this tab before leaving for the gateway (issue 28)', async () => {
    storage['course'] = JSON.stringify([course(1)]);
    const tab = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => tab.get(key) ?? null,
      setItem: (key: string, value: string) => tab.set(key, value),
      removeItem: (key: string) => tab.delete(key),
    });
    stubFetch(answer);
    const cart = await loadStore();
    expect(await cart.pay(billing)).toEqual({ ok: true });
    expect(tab.get('payment')).toBe('u-7f3a.3');
  });

  it('offline, Pay says at once that the connection is lost and nothing was charged (issue 28)', async () => {
    storage['course'] = JSON.stringify([course(1)]);
    vi.stubGlobal('navigator', { onLine: false });
    const calls = stubFetch();
    const cart = await loadStore();
    expect(await cart.pay(billing)).toEqual({ ok: false, messages: [cart.OFFLINE_TEXT] });
    expect(cart.OFFLINE_TEXT).toMatch(/connection is lost.*Nothing was charged/);
    expect(calls).toEqual([]);
    expect(cart.$checkoutPending.get()).toBe(false);
  });

  it('gives up on a checkout that does not answer in time, says nothing was charged, and keeps the key', async () => {
    storage['course'] = JSON.stringify([course(1)]);
    const signals: (AbortSignal | undefined)[] = [];
    const keys: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string, init: RequestInit) => {
        if (CART_GET.test(path)) return Promise.resolve(new Response(storage['course'] ?? '[]'));
        signals.push(init.signal ?? undefined);
        keys.push((init.headers as Record<string, string>)['Idempotency-Key'] ?? '');
        // A server that never answers: only the page's own timeout ends the wait.
        return new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        );
      }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const cart = await loadStore();
    const paying = cart.pay(billing);
    await vi.advanceTimersByTimeAsync(cart.CHECKOUT_TIMEOUT_MS);
    vi.useRealTimers();
    expect(await paying).toEqual({ ok: false });
    expect(toasts.errors).toEqual([cart.OFFLINE_TEXT]);
    expect(signals[0]).toBeInstanceOf(AbortSignal);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('starts one payment for a double click: the second call shares the first', async () => {
    storage['course'] = JSON.stringify([course(1)]);
    const calls = stubFetch(answer);
    const cart = await loadStore();
    const [first, second] = await Promise.all([cart.pay(billing), cart.pay(billing)]);
    expect(calls).toHaveLength(1);
    expect(second).toEqual(first);
  });

  it('reuses the key when retrying after a lost answer', async () => {
    storage['course'] = JSON.stringify([course(1)]);
    const calls = stubFetch(
      new TypeError('Failed to fetch'),
      { status: 503, body: { errors: ['Please try again in a moment.'] } },
      answer,
    );
    const cart = await loadStore();
    expect(await cart.pay(billing)).toEqual({ ok: false });
    expect(cart.$checkoutPending.get()).toBe(false);
    expect(await cart.pay(billing)).toEqual({ ok: false });
    expect(await cart.pay(billing)).toEqual({ ok: true });
    expect(new Set(calls.map((c) => c.headers['Idempotency-Key'])).size).toBe(1);
    expect(toasts.errors).toHaveLength(2);
  });

  it('uses a new key for another cart, even after a lost answer', async () => {
    storage['course'] = JSON.stringify([course(1)]);
    const calls = stubFetch(
      { status: 503, body: { errors: ['Please try again in a moment.'] } },
      { body: [course(1), course(2)] },
      answer,
    );
    const cart = await loadStore();
    expect(await cart.pay(billing)).toEqual({ ok: false });
    await cart.addToCart(2);
    expect(await cart.pay(billing)).toEqual({ ok: true });
    const [first, , second] = calls;
    expect(first?.headers['Idempotency-Key']).not.toBe(second?.headers['Idempotency-Key']);
    expect(JSON.parse(second!.body)).toMatchObject({ expect: { courseIds: [1, 2] } });
  });

  it("answers the billing details' hints, and uses a new key after a refusal", async () => {
    storage['course'] = JSON.stringify([course(1)]);
    const calls = stubFetch(
      { status: 400, body: { errors: ['Choose your state or union territory.'] } },
      answer,
    );
    const cart = await loadStore();
    expect(await cart.pay({ name: 'Asha', country: 'IN' })).toEqual({
      ok: false,
      messages: ['Choose your state or union territory.'],
    });
    expect(toasts.errors).toEqual([]);
    await cart.pay(billing);
    expect(calls[0]?.headers['Idempotency-Key']).not.toBe(calls[1]?.headers['Idempotency-Key']);
  });

  it("shows the server's cart when it changed elsewhere, and charges nothing (DECISIONS 45)", async () => {
    storage['course'] = JSON.stringify([course(1)]);
    stubFetch({
      status: 409,
      body: { errors: ['Your cart changed. Check it and continue.'], cart: [course(1), course(2)] },
    });
    const cart = await loadStore();
    expect(await cart.pay(billing)).toEqual({ ok: false, changed: true });
    expect(cart.$cart.get()).toEqual([course(1), course(2)]);
    expect(cart.$cartChanged.get()).toBe(1);
    expect(gatewayPosts).toEqual([]);
  });
});
