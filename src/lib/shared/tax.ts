/**
 * Tax by place of supply (DECISIONS 34, 50; issues 18, 29): prices include GST for a buyer in
 * India, so each tax part of a line is its price times the part's rate over (100 + the rates),
 * rounded to the cent (or paisa), and the line's taxable value is the rest: CGST = SGST on every
 * line, and taxable + taxes = total exactly, in minor units. In the company's state: CGST + SGST; in another state or
 * union territory: IGST at their sum; outside India: an export zero-rated under the LUT, no GST.
 * Shared, so the checkout page shows before payment the tax the invoice will print.
 */
import { countryName } from '~/lib/shared/countries';
import { gstStateName } from '~/lib/shared/gst';
import { sumCents, type Cents } from '~/lib/shared/money';
import { site } from '~/site.config';

/** A tax rate as the invoice prints it. */
export interface TaxRate {
  readonly label: string;
  readonly ratePct: number;
}

/** Where the supply is, for GST: the buyer's state, or their country for an export. */
export interface PlaceOfSupply {
  readonly regime: 'intra-state' | 'inter-state' | 'export';
  /** As the invoice prints it: `Karnataka (29)`, or the country's name for an export. */
  readonly label: string;
}

/** Which state an unregistered buyer in India is placed in (`site.tax.gst.unregisteredPlaceOfSupply`). */
export type UnregisteredPlaceOfSupply = 'buyer-state' | 'seller-state';

/** Billing details as the place of supply reads them. */
type Buyer = {
  readonly country: string;
  readonly state?: string | undefined;
  readonly gstin?: string | undefined;
};

/**
 * The GST state code of the place of supply of a buyer in India (DECISIONS 50): a buyer with a
 * GSTIN, their GSTIN's state (IGST Act s.12(5)(a)); one without, the state they give or, when the
 * site says so, the company's (s.12(5)(b)). Undefined for a buyer abroad (an export).
 */
export function placeOfSupplyStateOf(
  billing: Buyer,
  sellerState: string = site.tax.gst.stateCode,
  unregistered: UnregisteredPlaceOfSupply = site.tax.gst.unregisteredPlaceOfSupply,
): string | undefined {
  if (billing.country !== 'IN') return undefined;
  if (billing.gstin) return billing.gstin.slice(0, 2);
  return unregistered === 'seller-state' ? sellerState : (billing.state ?? sellerState);
}

/** The place of supply of a buyer (`placeOfSupplyStateOf`), with its regime and printed label. */
export function placeOfSupplyOf(
  billing: Buyer,
  sellerState: string = site.tax.gst.stateCode,
  unregistered: UnregisteredPlaceOfSupply = site.tax.gst.unregisteredPlaceOfSupply,
): PlaceOfSupply {
  const state = placeOfSupplyStateOf(billing, sellerState, unregistered);
  if (state === undefined) return { regime: 'export', label: countryName(billing.country) };
  return {
    regime: state === sellerState ? 'intra-state' : 'inter-state',
    label: `${gstStateName(state) ?? state} (${state})`,
  };
}

/** The rates that apply in a regime: CGST + SGST, IGST at their sum, or none for an export. */
export function taxRatesOf(
  regime: PlaceOfSupply['regime'],
  split: readonly TaxRate[] = site.tax.gst.split,
): readonly TaxRate[] {
  if (regime === 'export') return [];
  if (regime === 'intra-state') return split;
  return [{ label: 'IGST', ratePct: split.reduce((total, part) => total + part.ratePct, 0) }];
}

/** A tax part of the totals, in cents. */
interface TaxPart {
  readonly label: string;
  readonly ratePct: number;
  readonly amountCents: Cents;
}

/** The invoice arithmetic, in cents. */
export interface InvoiceTotals {
  readonly lines: readonly { readonly priceCents: Cents; readonly taxableCents: Cents }[];
  readonly taxableCents: Cents;
  readonly taxes: readonly TaxPart[];
  readonly totalCents: Cents;
}

/**
 * Splits GST-inclusive prices into taxable values and the configured tax parts (DECISIONS 50).
 * Each part of a line is its price times the part's rate over (100 + all rates), rounded to the
 * cent, and the line's taxable value is the price less its parts: so parts of equal rate (CGST and
 * SGST) are equal on every line and in total, and taxable value + tax = price paid exactly.
 */
export function invoiceTotals(
  pricesCents: readonly Cents[],
  split: readonly TaxRate[] = site.tax.gst.split,
): InvoiceTotals {
  const ratePct = split.reduce((total, part) => total + part.ratePct, 0);
  const lineParts = pricesCents.map((priceCents) =>
    split.map((part) => Math.round((priceCents * part.ratePct) / (100 + ratePct))),
  );
  const lines = pricesCents.map((priceCents, index) => ({
    priceCents,
    taxableCents: priceCents - sumCents(lineParts[index]!),
  }));
  const totalCents = sumCents(pricesCents);
  const taxableCents = sumCents(lines.map((line) => line.taxableCents));
  const taxes = split.map((part, index) => ({
    label: part.label,
    ratePct: part.ratePct,
    amountCents: sumCents(lineParts.map((parts) => parts[index]!)),
  }));
  return { lines, taxableCents, taxes, totalCents };
}
