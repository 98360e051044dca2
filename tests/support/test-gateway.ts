/**
 * A buyer's round trip through the built-in test gateway over HTTP (issue 18), typed for the
 * tests: the one implementation is scripts/bench/test-gateway.mjs, which the API benchmark uses.
 */
import type { BillingInput } from '~/lib/shared/schemas/billing';
import type { CheckoutAnswer } from '~/lib/shared/schemas/shop';
import { payOnTestGateway as pay, testPageForm } from '../../scripts/bench/test-gateway.mjs';

export { testPageForm };

export type Send = (request: Request) => Promise<Response>;

/** Billing details of a buyer in Karnataka: IGST. */
export const KARNATAKA: BillingInput = { name: 'Priya Rao', country: 'IN', state: '29' };
/** Billing details of a buyer in the United States: an export, so with an address (DECISIONS 52). */
export const UNITED_STATES: BillingInput = {
  name: 'Jane Doe',
  country: 'US',
  address: { line: '500 Howard Street', city: 'San Francisco', postalCode: '94105' },
};

/** Where a round trip ended: the callback's 303 target and the order number when one was placed. */
export interface PaymentOutcome {
  readonly answer: CheckoutAnswer;
  readonly location: string;
  readonly orderNo: string | undefined;
}

/**
 * Starts the payment of the cart of `userId` (`headers`: the page's cookies and XSRF header) and
 * pays or declines it on the test gateway (Karnataka unless `billing` says otherwise).
 */
export function payOnTestGateway(
  send: Send,
  origin: string,
  buyer: {
    readonly userId: string;
    readonly headers: Record<string, string>;
    readonly billing?: BillingInput;
    readonly decision?: 'pay' | 'decline';
  },
): Promise<PaymentOutcome> {
  return pay(send, origin, { ...buyer, billing: { ...(buyer.billing ?? KARNATAKA) } });
}
