/**
 * What an order is worth in rupees (issue 29; the console's customers, whose spend is one
 * currency): an INR order's total; a USD order's rupee total as its invoice records it
 * (`Invoice.inr`, at the payment's rate, DECISIONS 47); a USD order issued before rates were
 * recorded at the test gateway's fixed rate, a documented default (docs/gst.md): no rate was
 * recorded for them, and GSTR-1 refuses them rather than use it.
 */
import type { Cents, Currency } from '~/lib/shared/money';

/** Rupees per dollar of the test gateway (and of USD orders from before rates were recorded). */
export const TEST_RUPEES_PER_DOLLAR = 84;

/** An order's rupee value in paise. */
export function rupeePaiseOf(order: {
  /** The currency paid; none: an order from before rupees, in USD. */
  readonly currency?: Currency | undefined;
  /** What it cost, in minor units of its currency. */
  readonly totalMinor: Cents;
  /** Its invoice's rupee total (major units), when the invoice recorded one. */
  readonly inrTotal?: number | undefined;
}): Cents {
  if (order.currency === 'INR') return order.totalMinor;
  if (order.inrTotal !== undefined) return Math.round(order.inrTotal * 100);
  return Math.round(order.totalMinor * TEST_RUPEES_PER_DOLLAR);
}
