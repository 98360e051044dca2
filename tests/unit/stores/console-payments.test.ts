/**
 * The console's payments list and staff refunds (issue 28, item 2), against the contract's shapes
 * (API.md: `GET /api/console/payments`, `POST /api/console/orders/{orderNo}/refunds`).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Reply = { status?: number; body: unknown } | Error;
type Call = { method: string; path: string; key: string | undefined; body: unknown };

/** Stubs fetch with the replies, in order; a reply may wait for `release` (a slow server). */
function stubFetch(...replies: Reply[]) {
  const calls: Call[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let gated = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({
        method: init.method ?? 'GET',
        path,
        key: headers['Idempotency-Key'],
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (gated) await gate;
      const reply = replies.shift();
      if (!reply) throw new Error(`Unexpected call ${path}`);
      if (reply instanceof Error) throw reply;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 201,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return {
    calls,
    hold: () => {
      gated = true;
    },
    release: () => release(),
  };
}

async function loadStore() {
  vi.resetModules();
  return import('~/stores/console-payments');
}

const refund = {
  id: 'rf-1',
  amount: 139.5,
  currency: 'USD',
  status: 'pending',
  courseIds: [2],
  creditNoteNo: 'CN-2627-000001',
};
const row = {
  paymentId: 'pay_N1x2',
  gatewayOrderId: 'order_N1x1',
  paymentNo: 'u-7f3a.3',
  orderNo: 'SIS-2627-000004',
  amount: 4999,
  currency: 'INR',
  status: 'refunded',
  outcome: 'refunded',
  reason: 'A second payment for an order already paid.',
  refund: { id: 'rfnd_N1x3', state: 'processed' },
  at: '2026-11-25T10:00:00.000Z',
};

beforeEach(() => {
  vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=t0k' });
});
afterEach(() => vi.unstubAllGlobals());

describe('console payments (issue 28)', () => {
  it('lists the payments needing attention first, then all, with the next page', async () => {
    const { calls } = stubFetch(
      { status: 200, body: { items: [row], cursor: 'c1' } },
      { status: 200, body: { items: [{ ...row, paymentId: 'pay_2' }], cursor: null } },
      { status: 200, body: { items: [], cursor: null } },
    );
    const store = await loadStore();
    await store.loadPayments();
    expect(store.$payments.get()).toMatchObject({
      items: [row],
      cursor: 'c1',
      filter: { status: 'attention' },
    });
    await store.loadMorePayments();
    expect(store.$payments.get().items?.map((item) => item.paymentId)).toEqual(['pay_N1x2', 'pay_2']);
    await store.loadPayments({ status: 'all' });
    expect(calls.map((call) => call.path)).toEqual([
      '/api/console/payments?status=attention',
      '/api/console/payments?status=attention&cursor=c1',
      '/api/console/payments?status=all',
    ]);
  });

  it('refunds chosen courses with the reason and an Idempotency-Key, and keeps the refund by order', async () => {
    const { calls } = stubFetch({ body: { refund } });
    const store = await loadStore();
    const result = await store.refundOrder('SIS-2627-000004', {
      courseIds: [2],
      reason: 'Asked by the buyer',
    });
    expect(result).toEqual({ ok: true, refund });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/console/orders/SIS-2627-000004/refunds',
      body: { courseIds: [2], reason: 'Asked by the buyer' },
    });
    expect(calls[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(store.$refundsMade.get()).toEqual({ 'SIS-2627-000004': [refund] });
  });

  it('pressing Refund twice makes one request; sent again after a lost answer it carries the same key', async () => {
    const server = stubFetch(new TypeError('Failed to fetch'), { body: { refund } });
    server.hold();
    const store = await loadStore();
    const request = { reason: 'Course cancelled' };
    const first = store.refundOrder('SIS-2627-000004', request);
    const second = store.refundOrder('SIS-2627-000004', request);
    server.release();
    expect(await second).toEqual(await first);
    expect(await first).toMatchObject({ ok: false });
    expect(server.calls).toHaveLength(1);
    expect(await store.refundOrder('SIS-2627-000004', request)).toEqual({ ok: true, refund });
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.key).toBe(server.calls[0]?.key);
  });

  it('another refund (other courses, another reason) gets its own key; a refusal says why', async () => {
    const { calls } = stubFetch(
      { status: 409, body: { errors: ['Nothing of that is left to refund.'] } },
      { body: { refund } },
    );
    const store = await loadStore();
    expect(await store.refundOrder('SIS-2627-000004', { reason: 'Duplicate' })).toEqual({
      ok: false,
      errors: ['Nothing of that is left to refund.'],
    });
    await store.refundOrder('SIS-2627-000004', { courseIds: [2], reason: 'Duplicate' });
    expect(calls[0]?.key).not.toBe(calls[1]?.key);
    expect(store.$refundsMade.get()['SIS-2627-000004']).toEqual([refund]);
  });
});
