import { ORDER_NO_PATTERN } from '~/lib/shared/schemas/shop';

/** How the buyer came back to the checkout page from the gateway (API.md, Payments). */
export type CheckoutReturn =
  /** `refunded`: this payment was a second one for an order already placed, refunded (issue 28). */
  | { readonly kind: 'placed'; readonly orderNo: string; readonly refunded: boolean }
  | { readonly kind: 'failed' }
  | { readonly kind: 'cancelled' };

/**
 * Reads the checkout page's query string: `?placed={orderNo}` (with `&payment=refunded` for a
 * second payment refunded) or `?payment=failed|cancelled`.
 */
export function returnOf(search: string): CheckoutReturn | undefined {
  const query = new URLSearchParams(search);
  const placed = query.get('placed');
  const payment = query.get('payment');
  if (placed !== null && ORDER_NO_PATTERN.test(placed))
    return { kind: 'placed', orderNo: placed, refunded: payment === 'refunded' };
  if (payment === 'failed' || payment === 'cancelled') return { kind: payment };
  return undefined;
}
