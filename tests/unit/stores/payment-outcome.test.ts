/**
 * The payment this tab started, followed when the checkout page comes back without the gateway's
 * answer (issue 28, item 3), against the contract's status shapes (API.md, `GET
 * /api/payments/{paymentNo}/status`).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Reply = { status?: number; body: unknown } | Error;

/** This tab's session storage. */
let session: Map<string, string>;

function stubFetch(...replies: Reply[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      calls.push(path);
      const reply = replies.shift();
      if (!reply) throw new Error(`Unexpected call ${path}`);
      if (reply instanceof Error) throw reply;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

async function loadStore() {
  vi.resetModules();
  return import('~/stores/payment-outcome');
}

const STATUS = '/api/payments/u-7f3a.3/status';

beforeEach(() => {
  session = new Map();
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => session.get(key) ?? null,
    setItem: (key: string, value: string) => session.set(key, value),
    removeItem: (key: string) => session.delete(key),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('following the payment this tab started (issue 28)', () => {
  it('with no payment remembered asks nothing: the cart as usual', async () => {
    const calls = stubFetch();
    const store = await loadStore();
    await store.followPayment(undefined);
    expect(store.$paymentOutcome.get()).toEqual({ state: 'none' });
    expect(calls).toEqual([]);
  });

  it('coming back without an answer: confirming while waiting, then the order, and the payment forgotten', async () => {
    vi.useFakeTimers();
    const calls = stubFetch(
      { body: { state: 'waiting' } },
      { body: { state: 'placed', orderNo: 'SIS-2627-000042' } },
    );
    const store = await loadStore();
    store.rememberPayment('u-7f3a.3');
    const following = store.followPayment(undefined);
    expect(store.$paymentOutcome.get()).toEqual({ state: 'confirming' });
    await vi.advanceTimersByTimeAsync(store.STATUS_POLL.intervalMs);
    await following;
    expect(store.$paymentOutcome.get()).toEqual({ state: 'placed', orderNo: 'SIS-2627-000042' });
    expect(calls).toEqual([STATUS, STATUS]);
    expect(store.rememberedPayment()).toBeUndefined();
  });

  it.each(['_dfu-H5ldmHjFGSMRtWwWw.2', '-Xq3H5ldmHjFGSMRtWwWw.5'])(
    'a buyer whose user id begins with _ or - is followed too (%s)',
    async (paymentNo) => {
      const calls = stubFetch({ body: { state: 'failed', message: 'Declined.' } });
      const store = await loadStore();
      store.rememberPayment(paymentNo);
      expect(store.rememberedPayment()).toBe(paymentNo);
      await store.followPayment('failed');
      expect(store.$paymentOutcome.get()).toEqual({ state: 'failed', message: 'Declined.' });
      expect(calls).toHaveLength(1);
    },
  );

  it("a refunded payment says so with the server's sentence (amount and why) and the order it was for", async () => {
    const message = 'Your payment of ₹4,999.00 was refunded: order SIS-2627-000042 was already paid.';
    stubFetch({ body: { state: 'refunded', orderNo: 'SIS-2627-000042', message } });
    const store = await loadStore();
    store.rememberPayment('u-7f3a.3');
    await store.followPayment(undefined);
    expect(store.$paymentOutcome.get()).toEqual({ state: 'refunded', message, orderNo: 'SIS-2627-000042' });
  });

  it("a failed payment says so with the gateway's reason", async () => {
    stubFetch({ body: { state: 'failed', message: 'Your bank declined the payment.' } });
    const store = await loadStore();
    store.rememberPayment('u-7f3a.3');
    await store.followPayment(undefined);
    expect(store.$paymentOutcome.get()).toEqual({
      state: 'failed',
      message: 'Your bank declined the payment.',
    });
  });

  it('still waiting after every try: unconfirmed (no Pay), until the buyer checks again or goes back to the cart', async () => {
    vi.useFakeTimers();
    const store = await loadStore();
    const waiting = Array.from({ length: store.STATUS_POLL.tries }, () => ({ body: { state: 'waiting' } }));
    const calls = stubFetch(...waiting, { body: { state: 'waiting' } });
    store.rememberPayment('u-7f3a.3');
    const following = store.followPayment(undefined);
    await vi.advanceTimersByTimeAsync(store.STATUS_POLL.intervalMs * store.STATUS_POLL.tries);
    await following;
    expect(store.$paymentOutcome.get()).toEqual({ state: 'unconfirmed' });
    expect(calls).toHaveLength(store.STATUS_POLL.tries);
    // Still remembered: a reload asks again.
    expect(store.rememberedPayment()).toBe('u-7f3a.3');
    store.backToCart();
    expect(store.$paymentOutcome.get()).toEqual({ state: 'none' });
    expect(store.rememberedPayment()).toBeUndefined();
  });

  it('a lost answer is asked again; the answer after it counts', async () => {
    vi.useFakeTimers();
    stubFetch(new TypeError('Failed to fetch'), { body: { state: 'placed', orderNo: 'SIS-2627-000007' } });
    const store = await loadStore();
    store.rememberPayment('u-7f3a.3');
    const following = store.followPayment(undefined);
    await vi.advanceTimersByTimeAsync(store.STATUS_POLL.intervalMs);
    await following;
    expect(store.$paymentOutcome.get()).toEqual({ state: 'placed', orderNo: 'SIS-2627-000007' });
  });

  it("the gateway's failure is asked once: a refund the server knows is shown, else the failure as the address says", async () => {
    const calls = stubFetch(
      { body: { state: 'waiting' } },
      { body: { state: 'refunded', message: 'Refunded in full: the course was already yours.' } },
    );
    const store = await loadStore();
    store.rememberPayment('u-7f3a.3');
    await store.followPayment('failed');
    expect(store.$paymentOutcome.get()).toEqual({ state: 'none' });
    expect(calls).toHaveLength(1);
    expect(store.rememberedPayment()).toBeUndefined();

    store.rememberPayment('u-7f3a.3');
    await store.followPayment('failed');
    expect(store.$paymentOutcome.get()).toMatchObject({ state: 'refunded' });
  });

  it("back from the gateway's failure, the page shows 'confirming' until the server answers, never the failure: a payment refused and returned shows as returned (issue 42, item 11)", async () => {
    const message =
      'Your billing country is outside India but the payment was made with an Indian card or account, so your payment of $139.00 was not taken: your bank releases the amount it held. Choose India as the billing country and pay again.';
    stubFetch({ body: { state: 'refunded', message } });
    const store = await loadStore();
    store.rememberPayment('u-7f3a.3');
    const shown = () => store.outcomeShown(store.$paymentOutcome.get(), 'failed');
    // The page's first render comes before it can start following the payment.
    expect(shown()).toEqual({ state: 'confirming' });
    const following = store.followPayment('failed');
    expect(shown()).toEqual({ state: 'confirming' });
    await following;
    expect(shown()).toEqual({ state: 'refunded', message });
  });

  it("what the page shows is what it followed when it asks nothing: no payment, or placed or cancelled by the address, or the gateway's failure the server knows nothing of", async () => {
    const calls = stubFetch({ body: { state: 'waiting' } });
    const store = await loadStore();
    expect(store.outcomeShown({ state: 'none' }, 'failed')).toEqual({ state: 'none' });
    expect(store.outcomeShown({ state: 'none' }, undefined)).toEqual({ state: 'none' });
    store.rememberPayment('u-7f3a.3');
    expect(store.outcomeShown({ state: 'none' }, 'placed')).toEqual({ state: 'none' });
    expect(store.outcomeShown({ state: 'none' }, 'cancelled')).toEqual({ state: 'none' });
    // Back to the page without the gateway's answer (Back, a reload): confirming, not a live Pay.
    expect(store.outcomeShown({ state: 'none' }, undefined)).toEqual({ state: 'confirming' });
    await store.followPayment('failed');
    expect(calls).toHaveLength(1);
    // Nothing known of it: forgotten, and the address's failure is what the page shows.
    expect(store.outcomeShown(store.$paymentOutcome.get(), 'failed')).toEqual({ state: 'none' });
  });

  it("back from the gateway's failure, a lost status answer is asked again: the refund the server knows is shown, not the failure (issue 42, item 11)", async () => {
    vi.useFakeTimers();
    const message = 'Your payment of $139.00 was not taken.';
    const calls = stubFetch(
      new TypeError('Failed to fetch'),
      { status: 502, body: { errors: ['Bad gateway.'] } },
      { body: { state: 'refunded', message } },
    );
    const store = await loadStore();
    store.rememberPayment('u-7f3a.3');
    const following = store.followPayment('failed');
    await vi.advanceTimersByTimeAsync(store.STATUS_POLL.intervalMs * 2);
    await following;
    expect(store.$paymentOutcome.get()).toEqual({ state: 'refunded', message });
    expect(calls).toHaveLength(3);
    expect(store.rememberedPayment()).toBeUndefined();
  });

  it("back from the gateway's failure with every answer lost: the address's failure, after as many tries as polling", async () => {
    vi.useFakeTimers();
    const store = await loadStore();
    const calls = stubFetch(
      ...Array.from({ length: store.STATUS_POLL.tries }, () => new TypeError('Failed to fetch')),
    );
    store.rememberPayment('u-7f3a.3');
    const following = store.followPayment('failed');
    await vi.advanceTimersByTimeAsync(store.STATUS_POLL.intervalMs * store.STATUS_POLL.tries);
    await following;
    expect(store.$paymentOutcome.get()).toEqual({ state: 'none' });
    expect(calls).toHaveLength(store.STATUS_POLL.tries);
    expect(store.rememberedPayment()).toBeUndefined();
  });

  it("placed or cancelled by the address, or not the signed-in buyer's (404): nothing to follow, and forgotten", async () => {
    const calls = stubFetch({ status: 404, body: { errors: ['Not found.'] } });
    const store = await loadStore();
    for (const returned of ['placed', 'cancelled'] as const) {
      store.rememberPayment('u-7f3a.3');
      await store.followPayment(returned);
      expect(store.$paymentOutcome.get()).toEqual({ state: 'none' });
      expect(store.rememberedPayment()).toBeUndefined();
    }
    expect(calls).toEqual([]);
    store.rememberPayment('u-7f3a.3');
    await store.followPayment(undefined);
    expect(store.$paymentOutcome.get()).toEqual({ state: 'none' });
    expect(store.rememberedPayment()).toBeUndefined();
  });

  it("a second payment refunded (placed, `payment=refunded`): asked once, the order with the server's sentence", async () => {
    const message = 'Your second payment of $139.50 for order SIS-2627-000042 was refunded in full.';
    const calls = stubFetch({ body: { state: 'placed', orderNo: 'SIS-2627-000042', message } });
    const store = await loadStore();
    store.rememberPayment('u-7f3a.3');
    await store.followPayment('refunded');
    expect(store.$paymentOutcome.get()).toEqual({ state: 'placed', orderNo: 'SIS-2627-000042', message });
    expect(calls).toEqual([STATUS]);
    expect(store.rememberedPayment()).toBeUndefined();
  });

  it('ignores a remembered value that is not a payment number', async () => {
    const calls = stubFetch();
    const store = await loadStore();
    session.set('payment', 'a/../../account/logout');
    await store.followPayment(undefined);
    expect(calls).toEqual([]);
    expect(store.$paymentOutcome.get()).toEqual({ state: 'none' });
  });
});
