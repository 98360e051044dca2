import { ORDER_NO_PATTERN } from '~/lib/shared/schemas/shop';

/** How the buyer came back to the checkout page from the gateway (API.md, Payments). */
export type CheckoutReturn =
  | { readonly kind: 'placed'; readonly orderNo: string }
  | { readonly kind: 'failed' }
  | { readonly kind: 'cancelled' };

/** Reads the checkout page's query string: `?placed={orderNo}` or `?payment=failed|cancelled`. */
export function returnOf(search: string): CheckoutReturn | undefined {
  const query = new URLSearchParams(search);
  const placed = query.get('placed');
  if (placed !== null && ORDER_NO_PATTERN.test(placed)) return { kind: 'placed', orderNo: placed };
  const payment = query.get('payment');
  if (payment === 'failed' || payment === 'cancelled') return { kind: payment };
  return undefined;
}
