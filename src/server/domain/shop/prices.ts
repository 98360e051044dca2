/**
 * Which of a course's two prices a buyer pays (DECISIONS 46): buyers billed in India pay the
 * catalogue's rupee price, anyone else its dollar price. A checkout's lines carry both, priced when
 * the checkout began; the order keeps the pair of the currency paid, in that currency's minor units.
 */
import { courseById } from '~/lib/shared/catalogue';
import { sumCents, type Cents, type Currency } from '~/lib/shared/money';
import type { OrderLine } from '~/server/storage/orders';

/** A line's price and list price in `currency`'s minor units. */
function pricesIn(line: OrderLine, currency: Currency): { listPriceCents: Cents; priceCents: Cents } {
  if (currency === 'USD') return { listPriceCents: line.listPriceCents, priceCents: line.priceCents };
  // A checkout begun before rupee prices existed: the catalogue's rupee price now.
  const course = courseById(line.courseId);
  const priceCents = line.pricePaise ?? course?.discountedFeesPaise;
  const listPriceCents = line.listPricePaise ?? course?.feesPaise ?? priceCents;
  if (priceCents === undefined || listPriceCents === undefined)
    throw new Error(`Course ${line.courseId} has no rupee price`);
  return { listPriceCents, priceCents };
}

/** A checkout's lines as an order in `currency` keeps them: one price pair, in its minor units. */
export function linesIn(lines: readonly OrderLine[], currency: Currency): OrderLine[] {
  return lines.map((line) => {
    const kept: OrderLine = { ...line, ...pricesIn(line, currency) };
    delete kept.listPricePaise;
    delete kept.pricePaise;
    return kept;
  });
}

/** The prices of a checkout's lines in `currency`, in its minor units. */
export function linePricesIn(lines: readonly OrderLine[], currency: Currency): Cents[] {
  return lines.map((line) => pricesIn(line, currency).priceCents);
}

/** What a checkout's lines cost in `currency`, in its minor units. */
export function totalIn(lines: readonly OrderLine[], currency: Currency): Cents {
  return sumCents(linePricesIn(lines, currency));
}
