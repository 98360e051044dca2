/** Prices are in US dollars everywhere on the site (product-spec section 9). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An amount in USD as shown to visitors, always with cents: `139` -> `$139.00`. */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}
