/**
 * The payment gateway the shop uses (DECISIONS 36): Razorpay when its keys are set; without keys,
 * where the test gateway is switched on (`testGatewayAllowed`: TEST_GATEWAY=on, or a preview or
 * dev context, never production), the built-in test gateway, which keeps Razorpay's protocol (orders,
 * payments, signatures, the callback) with records in the `test-gateway` store; anywhere else
 * without keys (production, or a deploy that names no context), none: checkout is refused
 * instead of giving courses away.
 */
import {
  razorpayClient,
  RazorpayError,
  type RazorpayPayment,
  type RazorpayRefund,
} from '~/server/domain/payments/razorpay';
import { testGatewayAllowed, type ServerEnv } from '~/server/env';
import { storedKey } from '~/server/storage/secrets';
import {
  captureTestPayment,
  createTestOrder,
  getTestPayment,
  refundTestPayment,
} from '~/server/storage/test-gateway';

/** The answer to a checkout when production has no Razorpay keys (API.md). */
export const PAYMENTS_OFF =
  'Online payment is not available right now. Please try again later or contact us.';

/** Where the test gateway's page is: the browser posts the checkout fields to it. */
const TEST_CHECKOUT_PATH = '/api/payments/test-checkout';
/** The test gateway's key id, sent in the fields as Razorpay's is. */
export const TEST_KEY_ID = 'rzp_test_offline';
/**
 * A refund whose reason contains this fails on the test gateway (README, how a refund looks
 * offline): the way to see a failed refund, and the payment listed as needing attention, offline.
 */
const TEST_REFUND_FAILS = '[test: refund fails]';

/** What the shop asks of a gateway: the three API calls, and the secrets that sign its answers. */
export interface PaymentGateway {
  readonly kind: 'razorpay' | 'test';
  /** The public key id the hosted checkout is opened with. */
  readonly keyId: string;
  /** Where the browser posts the checkout fields (`RAZORPAY_CHECKOUT_URL`, or the test page). */
  readonly checkoutUrl: string;
  /** The key secret: it signs a successful payment's callback fields. */
  keySecret(): Promise<string>;
  /** The webhook secret, or undefined when webhooks are not set up (every webhook is refused). */
  webhookSecret(): Promise<string | undefined>;
  /** Creates an order for `amount` in the currency's smallest unit; resolves to its id. */
  createOrder(order: {
    readonly amount: number;
    readonly currency: string;
    readonly receipt: string;
    readonly notes: Readonly<Record<string, string>>;
  }): Promise<{ readonly id: string }>;
  /** The payment with this id as the gateway has it now, or undefined when it has none. */
  fetchPayment(paymentId: string): Promise<RazorpayPayment | undefined>;
  /** Captures an authorized payment for its full amount. */
  capturePayment(paymentId: string, amount: number, currency: string): Promise<RazorpayPayment>;
  /**
   * Refunds `amount` (smallest unit) of a captured payment, `notes` naming the reason (issue 28):
   * the refund as the gateway answers it (`pending` until Razorpay's webhook says more).
   */
  refundPayment(
    paymentId: string,
    amount: number,
    notes: Readonly<Record<string, string>>,
  ): Promise<RazorpayRefund>;
}

/** Razorpay, as the settings give it. */
function razorpayGateway(settings: NonNullable<ServerEnv['razorpay']>): PaymentGateway {
  const client = razorpayClient(settings);
  return {
    kind: 'razorpay',
    keyId: settings.keyId,
    checkoutUrl: settings.checkoutUrl,
    keySecret: () => Promise.resolve(settings.keySecret),
    webhookSecret: () => Promise.resolve(settings.webhookSecret),
    createOrder: (order) => client.createOrder(order),
    fetchPayment: async (paymentId) => {
      try {
        return await client.fetchPayment(paymentId);
      } catch (error) {
        // Razorpay answers 400 for an id it does not know.
        if (error instanceof RazorpayError && error.status === 400) return undefined;
        throw error;
      }
    },
    capturePayment: (paymentId, amount, currency) => client.capturePayment(paymentId, amount, currency),
    refundPayment: (paymentId, amount, notes) => client.refundPayment(paymentId, amount, notes),
  };
}

/** The built-in test gateway: no money moves; its key is made once and kept in `secrets`. */
function testGateway(now: () => Date): PaymentGateway {
  const secret = () => storedKey('test-gateway-key');
  return {
    kind: 'test',
    keyId: TEST_KEY_ID,
    checkoutUrl: TEST_CHECKOUT_PATH,
    keySecret: secret,
    webhookSecret: secret,
    createOrder: (order) => createTestOrder(order, now()),
    fetchPayment: getTestPayment,
    capturePayment: async (paymentId) => {
      const captured = await captureTestPayment(paymentId);
      if (!captured) throw new Error(`Test payment ${paymentId} does not exist`);
      return captured;
    },
    refundPayment: async (paymentId, amount, notes) => {
      const fail = Object.values(notes).some((note) => note.includes(TEST_REFUND_FAILS));
      const refund = await refundTestPayment(paymentId, amount, notes, fail);
      if (!refund) throw new RazorpayError(400, `Test payment ${paymentId} cannot be refunded ${amount}`);
      return refund;
    },
  };
}

/** The gateway these settings give, or undefined without keys where no test gateway is allowed. */
export function paymentGatewayOf(
  settings: ServerEnv,
  now: () => Date = () => new Date(),
): PaymentGateway | undefined {
  if (settings.razorpay) return razorpayGateway(settings.razorpay);
  return testGatewayAllowed(settings) ? testGateway(now) : undefined;
}

/**
 * The origin the gateway sends the buyer back to: the site's own for Razorpay (its settings, never
 * a request header); for the test gateway the origin the buyer is on (a local port, a preview).
 */
export function returnOriginOf(gateway: PaymentGateway, requestUrl: string, siteUrl: string): string {
  return gateway.kind === 'test' ? new URL(requestUrl).origin : siteUrl;
}
