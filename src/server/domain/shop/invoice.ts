/**
 * The tax invoice (DECISIONS 13, 34): prices include GST, so each line's taxable value is its
 * price divided by (1 + rate), rounded to the cent, and the tax is the rest, split by the rates of
 * the buyer's place of supply (`~/lib/shared/tax`): CGST + SGST in the company's state, IGST in
 * another, none for an export under the LUT. Orders placed before billing details existed print
 * what they printed: CGST + SGST at the company's state.
 */
import { inrInWords, usdInWords } from '~/lib/shared/amount-in-words';
import { centsFromUsd, majorFromMinor } from '~/lib/shared/money';
import { countryName } from '~/lib/shared/countries';
import { gstStateName } from '~/lib/shared/gst';
import { invoiceTotals, placeOfSupplyOf, taxRatesOf, type InvoiceTotals } from '~/lib/shared/tax';
import type { ExchangeRate } from '~/server/domain/payments/exchange-rate';
import type { Invoice, InvoiceLine } from '~/lib/shared/schemas/shop';
import type { Order } from '~/server/storage/orders';
import { site } from '~/site.config';

export { invoiceTotals, type InvoiceTotals } from '~/lib/shared/tax';

/**
 * A USD invoice's figures in rupees at the payment's rate (CGST Rule 34; DECISIONS 47): the total
 * and each tax converted and rounded to the paisa, the taxable value the rest, so that taxable
 * value plus tax is the rupee total exactly and equal halves stay equal.
 */
export function rupeeValueOf(totals: InvoiceTotals, exchangeRate: ExchangeRate): NonNullable<Invoice['inr']> {
  const toPaise = (cents: number) => Math.round(cents * exchangeRate.rate);
  const totalPaise = toPaise(totals.totalCents);
  const taxes = totals.taxes.map((tax) => ({ ...tax, paise: toPaise(tax.amountCents) }));
  const taxablePaise = totalPaise - taxes.reduce((sum, tax) => sum + tax.paise, 0);
  return {
    rate: exchangeRate.rate,
    taxable: majorFromMinor(taxablePaise),
    taxes: taxes.map((tax) => ({
      label: tax.label,
      ratePct: tax.ratePct,
      amount: majorFromMinor(tax.paise),
    })),
    total: majorFromMinor(totalPaise),
    source: exchangeRate.source,
  };
}

/**
 * The totals as an invoice or a credit note prints them, in the document's major units, with the
 * total in words (rupees in Indian words, dollars in words).
 */
export function printedTotalsOf(
  totals: InvoiceTotals,
  currency: Invoice['currency'],
): Pick<Invoice, 'totals' | 'amountInWords'> {
  return {
    totals: {
      taxable: majorFromMinor(totals.taxableCents),
      taxes: totals.taxes.map((tax) => ({
        label: tax.label,
        ratePct: tax.ratePct,
        amount: majorFromMinor(tax.amountCents),
      })),
      total: majorFromMinor(totals.totalCents),
    },
    amountInWords: currency === 'INR' ? inrInWords(totals.totalCents) : usdInWords(totals.totalCents),
  };
}

/**
 * The invoice of an order, as the invoice page prints it (amounts in the order's currency, major
 * units); a USD order paid at a known `exchangeRate` also carries its rupee value (`inr`).
 */
export function toInvoice(order: Order, exchangeRate?: ExchangeRate): Invoice {
  const { billing, payment } = order;
  const place = billing ? placeOfSupplyOf(billing) : undefined;
  const totals = invoiceTotals(
    order.lines.map((line) => line.priceCents),
    place ? taxRatesOf(place.regime) : site.tax.gst.split,
  );
  const { registered } = site.addresses;
  const currency = order.currency ?? 'USD';
  const stateName = billing?.state === undefined ? undefined : gstStateName(billing.state);
  return {
    orderNo: order.orderNo,
    orderDate: order.placedAt,
    billTo: { name: billing?.name ?? order.billTo.name, email: order.billTo.email },
    seller: {
      legalName: site.legalName,
      address: [
        ...registered.lines,
        `${registered.city}, ${registered.state} ${registered.pin}`,
        registered.country,
      ],
      gstin: site.tax.gstin,
      pan: site.tax.pan,
      email: site.email,
      phone: site.phones[0].display,
      placeOfSupply: site.tax.gst.placeOfSupply,
      bank: { ...site.bank },
    },
    lines: order.lines.map((line, index) => ({
      courseId: line.courseId,
      name: line.name,
      sac: site.tax.sac,
      // A GST invoice's columns (DECISIONS 55): the seats, the rate per seat; the line's amount is
      // their product, `priceCents` (a line's price is for all its seats).
      qty: line.seats ?? 1,
      price: majorFromMinor(Math.round(line.priceCents / (line.seats ?? 1))),
      taxableValue: majorFromMinor(totals.lines[index]!.taxableCents),
    })),
    ...printedTotalsOf(totals, currency),
    currency,
    amountStatus: 'Paid',
    reverseChargeNote: REVERSE_CHARGE_NOTE,
    ...(billing && place
      ? {
          billing: {
            name: billing.name,
            country: billing.country,
            countryName: countryName(billing.country),
            ...(billing.state === undefined ? {} : { state: billing.state }),
            ...(stateName === undefined ? {} : { stateName }),
            ...(billing.gstin === undefined ? {} : { gstin: billing.gstin }),
            ...(billing.address === undefined ? {} : { address: { ...billing.address } }),
          },
          placeOfSupply: place.label,
        }
      : {}),
    ...(payment ? { payment } : {}),
    ...(place?.regime === 'export' ? { exportNote: exportNote() } : {}),
    ...(currency === 'USD' && exchangeRate ? { inr: rupeeValueOf(totals, exchangeRate) } : {}),
  };
}

/**
 * The invoice of an order as issued (DECISIONS 47): the one stored when it was placed, read back
 * as it is; an order placed before invoices were stored prints as it always did (`toInvoice`).
 */
export function issuedInvoiceOf(order: Order): Invoice {
  return order.invoice ?? toInvoice(order);
}

/** CGST Rule 46(p), on every invoice: no tax is payable by the buyer under reverse charge. */
const REVERSE_CHARGE_NOTE = 'Tax payable on reverse charge: No';

/** CGST Rule 46's legend for an export without payment of integrated tax (DECISIONS 52). */
const EXPORT_LEGEND =
  'SUPPLY MEANT FOR EXPORT UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX';

/** The legend of an export invoice (DECISIONS 34, 52), with the company's LUT reference. */
function exportNote(): string {
  return `${EXPORT_LEGEND} (LUT ARN ${site.tax.lutReference})`;
}

/** The lines of `GetCourseforInvoiceByOrderNo`. */
export function toInvoiceLines(order: Order): InvoiceLine[] {
  return order.lines.map((line) => ({
    orderNo: order.orderNo,
    orderDate: order.placedAt,
    discountedFees: majorFromMinor(line.priceCents),
    name: line.name,
    courseId: line.courseId,
  }));
}

/** An invoice or credit note line's amount (rate per seat times seats), in its major units. */
export function lineAmountOf(line: { readonly price: number; readonly qty: number }): number {
  return majorFromMinor(centsFromUsd(line.price) * line.qty);
}
