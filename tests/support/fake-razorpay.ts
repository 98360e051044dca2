/**
 * A fake Razorpay Orders/Payments API on loopback for tests (issue 18): the site's client reaches
 * it through `RAZORPAY_API_URL` as it reaches Razorpay. It keeps orders and payments in memory;
 * a test pays an order (`pay`), and can make the next answers fail (`failNext`) with a 5xx.
 * Refunds answer `processed`, `pending` or `failed` as a test sets `refundStatus` (issue 38); a
 * pending one is finished later with `settleRefund`, and `refundWebhook` gives the signed
 * `refund.processed` / `refund.failed` event Razorpay would then send.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, vi } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
}
interface FakePayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'refunded' | 'failed';
  amount_refunded: number;
  /** The amount in the account's currency, paise, as Razorpay reports it (issue 29, CGST Rule 34). */
  base_amount: number;
  base_currency: 'INR';
  /** Razorpay's flag: paid with a card or account issued outside India (DECISIONS 51). */
  international: boolean;
}
interface FakeRefund {
  id: string;
  payment_id: string;
  amount: number;
  currency: string;
  status: FakeRefundStatus;
  notes: Record<string, string>;
  /** Unix seconds, as Razorpay stamps its entities. */
  created_at: number;
}
type FakeRefundStatus = 'pending' | 'processed' | 'failed';

/** A webhook as Razorpay sends it: the raw body and its `X-Razorpay-Signature`. */
export interface FakeWebhook {
  readonly event: 'refund.created' | 'refund.processed' | 'refund.failed';
  readonly body: string;
  readonly signature: string;
}

export interface FakeRazorpay {
  readonly url: string;
  readonly orders: Map<string, FakeOrder>;
  readonly payments: Map<string, FakePayment>;
  /** Refunds made through `POST /payments/{id}/refund`, in the order asked. */
  readonly refunds: FakeRefund[];
  /** When true, refund calls answer 400 as Razorpay does when it refuses one. */
  refusingRefunds: boolean;
  /**
   * The state the refunds asked from now on are answered with. Default `pending`, the fake's
   * answer before issue 38, which tests of refunds.ts and payment-decision.ts still assert; set
   * `processed` for a refund Razorpay completes at once. A `failed` refund takes nothing from
   * the payment: it stays refundable, as at Razorpay.
   */
  refundStatus: FakeRefundStatus;
  /** The refund entity with this id as the gateway has it now (a copy); throws for an unknown id. */
  refund(refundId: string): FakeRefund;
  /**
   * Razorpay finishes a pending refund: `processed`, or `failed` (its amount is refundable again).
   * Returns the refund entity as it is then; throws when the refund is not pending.
   */
  settleRefund(refundId: string, status: 'processed' | 'failed'): FakeRefund;
  /**
   * The webhook Razorpay sends for the refund's current state (`refund.processed`, `refund.failed`,
   * or `refund.created` while pending), signed with `secret` (the deps' `webhook-secret` unless
   * told). Replaying an old one is sending a webhook taken before a `settleRefund`.
   */
  refundWebhook(refundId: string, secret?: string): FakeWebhook;
  /** Every request, as `METHOD path` with its Authorization header. */
  readonly requests: { readonly call: string; readonly authorization: string | undefined }[];
  /** The next `count` requests answer 503. */
  failNext(count: number): void;
  /**
   * The buyer pays an order: a payment, authorized or already captured. `international` defaults
   * to whether the order is in a currency other than rupees (a buyer abroad pays in dollars).
   */
  pay(
    orderId: string,
    status?: 'authorized' | 'captured' | 'failed',
    amount?: number,
    international?: boolean,
  ): FakePayment;
  stop(): Promise<void>;
}

/** Rupees per dollar the fake converts a USD payment at (`base_amount`). */
const FAKE_USD_INR_RATE = 83.4567;

// Razorpay's shape: a prefix and 14 letters or digits.
const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const badRequest = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description } });

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds: FakeRefund[] = [];
  const requests: FakeRazorpay['requests'] = [];
  let failures = 0;
  const fake: { refusingRefunds: boolean; refundStatus: FakeRefundStatus } = {
    refusingRefunds: false,
    refundStatus: 'pending',
  };
  const refundById = (refundId: string) => {
    const found = refunds.find((each) => each.id === refundId);
    if (!found) throw new Error(`no refund ${refundId}`);
    return found;
  };
  const giveBack = (refund: FakeRefund) => {
    const paid = payments.get(refund.payment_id)!;
    paid.amount_refunded -= refund.amount;
    if (paid.status === 'refunded') paid.status = 'captured';
  };

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname.replace(/^\/v1/, '');
    requests.push({ call: `${req.method} ${path}`, authorization: req.headers.authorization });
    if (failures > 0) {
      failures -= 1;
      return send(res, 503, { error: { code: 'SERVER_ERROR', description: 'Fake outage' } });
    }
    if (req.method === 'POST' && path === '/orders') {
      const body = await bodyOf(req);
      const order: FakeOrder = {
        id: id('order'),
        amount: Number(body['amount']),
        currency: String(body['currency']),
        receipt: typeof body['receipt'] === 'string' ? body['receipt'] : null,
        status: 'created',
        notes: (body['notes'] ?? {}) as Record<string, string>,
      };
      orders.set(order.id, order);
      return send(res, 200, order);
    }
    const payment = /^\/payments\/([^/]+)(\/capture|\/refund)?$/.exec(path);
    if (payment) {
      const found = payments.get(decodeURIComponent(payment[1]!));
      if (!found) return send(res, 400, badRequest('The id provided does not exist'));
      if (req.method === 'POST' && payment[2] === '/refund') {
        const body = await bodyOf(req);
        const amount = Number(body['amount']);
        if (fake.refusingRefunds) return send(res, 400, badRequest('Refund could not be processed'));
        if (found.status !== 'captured' || amount > found.amount - found.amount_refunded)
          return send(res, 400, badRequest('The refund amount provided is greater than amount captured'));
        const status = fake.refundStatus;
        if (status !== 'failed') {
          found.amount_refunded += amount;
          if (found.amount_refunded === found.amount) found.status = 'refunded';
        }
        const refund: FakeRefund = {
          id: id('rfnd'),
          payment_id: found.id,
          amount,
          currency: found.currency,
          status,
          notes: (body['notes'] ?? {}) as Record<string, string>,
          created_at: Math.floor(Date.now() / 1000),
        };
        refunds.push(refund);
        return send(res, 200, { entity: 'refund', ...refund });
      }
      if (req.method === 'GET' && !payment[2]) return send(res, 200, { ...found, method: 'card' });
      if (req.method === 'POST' && payment[2] === '/capture') {
        const body = await bodyOf(req);
        if (found.status !== 'authorized')
          return send(res, 400, badRequest('This payment has already been captured'));
        if (Number(body['amount']) !== found.amount)
          return send(res, 400, badRequest('Capture amount must be equal to the amount authorized'));
        found.status = 'captured';
        return send(res, 200, { ...found, method: 'card' });
      }
    }
    return send(res, 404, badRequest('The requested URL was not found on the server.'));
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    orders,
    payments,
    refunds,
    get refusingRefunds() {
      return fake.refusingRefunds;
    },
    set refusingRefunds(value: boolean) {
      fake.refusingRefunds = value;
    },
    get refundStatus() {
      return fake.refundStatus;
    },
    set refundStatus(value: FakeRefundStatus) {
      fake.refundStatus = value;
    },
    refund: (refundId) => ({ ...refundById(refundId) }),
    settleRefund(refundId, status) {
      const found = refundById(refundId);
      if (found.status !== 'pending') throw new Error(`refund ${refundId} is ${found.status}, not pending`);
      found.status = status;
      if (status === 'failed') giveBack(found);
      return { ...found };
    },
    refundWebhook(refundId, secret = 'webhook-secret') {
      const refund = refundById(refundId);
      const payment = payments.get(refund.payment_id)!;
      const event = refund.status === 'pending' ? 'refund.created' : (`refund.${refund.status}` as const);
      const body = JSON.stringify({
        entity: 'event',
        event,
        contains: ['refund', 'payment'],
        payload: {
          refund: { entity: { entity: 'refund', ...refund } },
          payment: { entity: { entity: 'payment', ...payment, method: 'card' } },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      return { event, body, signature: createHmac('sha256', secret).update(body).digest('hex') };
    },
    requests,
    failNext(count) {
      failures = count;
    },
    pay(orderId, status = 'captured', amount, international) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const paid = amount ?? order.amount;
      const made: FakePayment = {
        id: id('pay'),
        order_id: orderId,
        amount: paid,
        currency: order.currency,
        status,
        amount_refunded: 0,
        base_amount: order.currency === 'INR' ? paid : Math.round(paid * FAKE_USD_INR_RATE),
        base_currency: 'INR',
        international: international ?? order.currency !== 'INR',
      };
      payments.set(made.id, made);
      order.status = status === 'failed' ? 'attempted' : 'paid';
      return made;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A fake Razorpay for a test file: started before its tests and stopped after them, with the
 * refusal logs the payment code writes silenced. The answer stands for the started fake (its
 * properties and methods are the fake's own once the file's `beforeAll` has run).
 */
export function useFakeRazorpay(): FakeRazorpay {
  let started: FakeRazorpay | undefined;
  beforeAll(async () => {
    started = await startFakeRazorpay();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await started?.stop();
  });
  const fake = () => {
    if (!started) throw new Error('The fake Razorpay starts in beforeAll: use it inside a test.');
    return started;
  };
  return new Proxy({} as FakeRazorpay, {
    get: (_, key) => {
      const value: unknown = Reflect.get(fake(), key, fake());
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(fake()) : value;
    },
    set: (_, key, value) => Reflect.set(fake(), key, value, fake()),
  });
}
