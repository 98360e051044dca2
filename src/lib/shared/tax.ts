/**
 * Tax by place of supply (DECISIONS 34; issue 18): prices include GST for a buyer in India, so a
 * line's taxable value is its price divided by (1 + rate), rounded to the cent, and the tax is the
 * rest, split by the rates that apply; the last part takes the split's rounding, so taxable +
 * taxes = total exactly, in cents. In the company's state: CGST + SGST; in another state or
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

/** The place of supply of a buyer in `country` (ISO alpha-2) and, in India, GST `state`. */
export function placeOfSupplyOf(
  billing: { readonly country: string; readonly state?: string | undefined },
  sellerState: string = site.tax.gst.stateCode,
): PlaceOfSupply {
  if (billing.country !== 'IN') return { regime: 'export', label: countryName(billing.country) };
  const state = billing.state ?? sellerState;
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
export interface TaxPart {
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

/** Splits GST-inclusive prices into taxable values and the configured tax parts. */
export function invoiceTotals(
  pricesCents: readonly Cents[],
  split: readonly TaxRate[] = site.tax.gst.split,
): InvoiceTotals {
  const ratePct = split.reduce((total, part) => total + part.ratePct, 0);
  const lines = pricesCents.map((priceCents) => ({
    priceCents,
    taxableCents: Math.round((priceCents * 100) / (100 + ratePct)),
  }));
  const totalCents = sumCents(pricesCents);
  const taxableCents = sumCents(lines.map((line) => line.taxableCents));
  const taxCents = totalCents - taxableCents;
  let allocated = 0;
  const taxes = split.map((part, index) => {
    const amountCents =
      index === split.length - 1 ? taxCents - allocated : Math.round((taxCents * part.ratePct) / ratePct);
    allocated += amountCents;
    return { label: part.label, ratePct: part.ratePct, amountCents };
  });
  return { lines, taxableCents, taxes, totalCents };
}
