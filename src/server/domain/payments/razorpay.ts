/**
 * A small typed client for the Razorpay Orders/Payments API calls the shop needs: create an
 * order, fetch a payment, capture it (API.md, Payments; issue 18, item 8), refund it (issue 28). Written over `fetch`
 * rather than with the official `razorpay` SDK: the SDK fixes its host in code (tests could not
 * point it at a fake on loopback without patching) and brings axios. Every call has a timeout;
 * a network failure or a 5xx is tried again (3 tries in all, short waits), a 4xx is not.
 */
import * as z from '~/lib/shared/zod';

/** Where and as whom to call the API. */
export interface RazorpaySettings {
  readonly keyId: string;
  readonly keySecret: string;
  /** `https://api.razorpay.com/v1` in production; a fake on loopback in tests. */
  readonly apiUrl: string;
  /** Milliseconds one try may take. Default 8 s. */
  readonly timeoutMs?: number;
}

const OrderSchema = z.object({
  id: z.string(),
  amount: z.int(),
  currency: z.string(),
  receipt: z.optional(z.nullable(z.string())),
  status: z.string(),
});
export type RazorpayOrder = z.infer<typeof OrderSchema>;

const PaymentSchema = z.object({
  id: z.string(),
  order_id: z.nullable(z.string()),
  amount: z.int(),
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  method: z.optional(z.nullable(z.string())),
  /** The amount in the account's currency (paise for an Indian account): a USD payment's rupee value. */
  base_amount: z.optional(z.nullable(z.int())),
  base_currency: z.optional(z.nullable(z.string())),
  /** Whether it came from abroad (a card or account issued outside India; DECISIONS 51). */
  international: z.optional(z.nullable(z.boolean())),
});
export type RazorpayPayment = z.infer<typeof PaymentSchema>;

const RefundSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.int(),
  currency: z.string(),
  status: z.enum(['pending', 'processed', 'failed']),
});
export type RazorpayRefund = z.infer<typeof RefundSchema>;

/** A call the gateway refused or did not answer; `status` 0 when it was not reached. */
export class RazorpayError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'RazorpayError';
    this.status = status;
  }
}

const TRIES = 3;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The client; `fetchFn` is the global fetch unless a test gives another. */
export function razorpayClient(settings: RazorpaySettings, fetchFn: typeof fetch = fetch) {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodMiniType<T>,
    body?: unknown,
    tries = TRIES,
  ): Promise<T> {
    let lastError: RazorpayError | undefined;
    for (let attempt = 1; attempt <= tries; attempt += 1) {
      if (attempt > 1) await wait(100 * 2 ** (attempt - 2));
      let response: Response;
      try {
        response = await fetchFn(`${base}${path}`, {
          method,
          headers: {
            authorization,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(settings.timeoutMs ?? 8_000),
        });
      } catch (error) {
        lastError = new RazorpayError(
          0,
          `Razorpay not reached: ${error instanceof Error ? error.message : String(error)}`,
        );
        continue;
      }
      const text = await response.text();
      if (response.status >= 500) {
        lastError = new RazorpayError(response.status, `Razorpay answered ${response.status}`);
        continue;
      }
      if (!response.ok) {
        const description = /"description"\s*:\s*"([^"]*)"/.exec(text)?.[1] ?? text.slice(0, 200);
        throw new RazorpayError(response.status, `Razorpay refused ${method} ${path}: ${description}`);
      }
      const parsed = z.safeParse(schema, JSON.parse(text || 'null'));
      if (!parsed.success)
        throw new RazorpayError(response.status, `Razorpay's answer to ${path} has an unexpected shape`);
      return parsed.data;
    }
    throw lastError ?? new RazorpayError(0, 'Razorpay not reached');
  }

  return {
    /** Creates an order for `amount` in the currency's smallest unit (cents for USD). */
    createOrder(order: {
      readonly amount: number;
      readonly currency: string;
      readonly receipt: string;
      readonly notes: Readonly<Record<string, string>>;
    }): Promise<RazorpayOrder> {
      return call('POST', '/orders', OrderSchema, order);
    },
    /** The payment with this id, as the gateway has it now. */
    fetchPayment(paymentId: string): Promise<RazorpayPayment> {
      return call('GET', `/payments/${encodeURIComponent(paymentId)}`, PaymentSchema);
    },
    /** Captures an authorized payment for its full amount. */
    capturePayment(paymentId: string, amount: number, currency: string): Promise<RazorpayPayment> {
      return call('POST', `/payments/${encodeURIComponent(paymentId)}/capture`, PaymentSchema, {
        amount,
        currency,
      });
    },
    /**
     * Refunds `amount` of a captured payment (`notes` name the reason). Tried once: Razorpay takes
     * no idempotency key for refunds, so a call whose answer was lost is not repeated blindly (the
     * caller records it for staff instead).
     */
    refundPayment(
      paymentId: string,
      amount: number,
      notes: Readonly<Record<string, string>>,
    ): Promise<RazorpayRefund> {
      return call(
        'POST',
        `/payments/${encodeURIComponent(paymentId)}/refund`,
        RefundSchema,
        { amount, notes },
        1,
      );
    },
  };
}
