/**
 * The tax invoice (DECISIONS 13, 34): prices include GST, so each line's taxable value is its
 * price divided by (1 + rate), rounded to the cent, and the tax is the rest. The tax splits by
 * the configured rates (CGST 9% + SGST 9% by default), the last part taking the rounding, so
 * taxable + taxes = total exactly, in cents.
 */
import { usdInWords } from '~/lib/shared/amount-in-words';
import { usdFromCents } from '~/lib/shared/money';
import { invoiceTotals } from '~/lib/shared/tax';
import type { Invoice, InvoiceLine } from '~/lib/shared/schemas/shop';
import type { Order } from '~/server/storage/orders';
import { site } from '~/site.config';

export { invoiceTotals, type InvoiceTotals, type TaxPart } from '~/lib/shared/tax';

/** The invoice of an order, as the invoice page prints it (amounts in dollars at this edge). */
export function toInvoice(order: Order): Invoice {
  const totals = invoiceTotals(order.lines.map((line) => line.priceCents));
  const { registered } = site.addresses;
  return {
    orderNo: order.orderNo,
    orderDate: order.placedAt,
    billTo: order.billTo,
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
      phone: site.phones[0]?.display ?? '',
      placeOfSupply: site.tax.gst.placeOfSupply,
      bank: { ...site.bank },
    },
    lines: order.lines.map((line, index) => ({
      courseId: line.courseId,
      name: line.name,
      sac: site.tax.sac,
      qty: 1,
      price: usdFromCents(line.priceCents),
      taxableValue: usdFromCents(totals.lines[index]!.taxableCents),
    })),
    totals: {
      taxable: usdFromCents(totals.taxableCents),
      taxes: totals.taxes.map((tax) => ({
        label: tax.label,
        ratePct: tax.ratePct,
        amount: usdFromCents(tax.amountCents),
      })),
      total: usdFromCents(totals.totalCents),
    },
    amountInWords: usdInWords(totals.totalCents),
    currency: 'USD',
    amountStatus: 'Paid',
  };
}

/** The lines of `GetCourseforInvoiceByOrderNo`. */
export function toInvoiceLines(order: Order): InvoiceLine[] {
  return order.lines.map((line) => ({
    orderNo: order.orderNo,
    orderDate: order.placedAt,
    discountedFees: usdFromCents(line.priceCents),
    name: line.name,
    courseId: line.courseId,
  }));
}
