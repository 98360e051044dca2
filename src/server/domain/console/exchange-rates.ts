/**
 * Rupee values of USD documents whose payment recorded no exchange rate (DECISIONS 47, CGST Rule
 * 34; API.md, Company console): staff enter a day's rupees per US dollar in the console
 * (`POST /api/console/exchange-rates`), and the sales register, the GSTR-1 files and the month's
 * summary value such a document at it. The order of preference, the same everywhere:
 * 1. the document's own rupee value (`inr`, recorded from the gateway when it was issued);
 * 2. for a credit note, its invoice's rate (a credit note reverses its invoice at that rate);
 * 3. the rate staff entered for the invoice's day (a day in India);
 * 4. none: the document is named as lacking a rate, never valued at a guess nor left out unsaid.
 * A stored document is never rewritten: the entered rate is applied as the document is read.
 */
import { indianDay } from '~/lib/shared/dates';
import { centsFromUsd } from '~/lib/shared/money';
import type { MissingRate } from '~/lib/shared/schemas/console';
import type { ExchangeRateEntry, ExchangeRateInput } from '~/lib/shared/schemas/exchange-rate';
import type { Invoice } from '~/lib/shared/schemas/shop';
import type { StaffMember } from '~/server/domain/auth/staff';
import type { ExchangeRate } from '~/server/domain/payments/exchange-rate';
import { rupeeValueOf } from '~/server/domain/shop/invoice';
import { enteredExchangeRates, saveExchangeRate } from '~/server/storage/exchange-rates';

/** A document's rupee figures, as an invoice records them (`Invoice.inr`). */
export type RupeeValue = NonNullable<Invoice['inr']>;

/** An issued invoice or credit note, as far as its rupee value goes. */
interface PricedDocument {
  /** The currency it was paid in. */
  readonly currency: string;
  /** Its figures in that currency, major units. */
  readonly totals: Invoice['totals'];
  /** Its rupee value as issued, when the payment recorded a rate. */
  readonly inr?: RupeeValue | undefined;
}

/** A document whose rupee value is wanted, with the day and the invoice rate it may be valued at. */
export interface RupeeValueRequest {
  readonly document: PricedDocument;
  /** The day in India whose entered rate applies: an invoice's own, a credit note's invoice's. */
  readonly day: string;
  /** A credit note's invoice's rate, when that invoice has one. */
  readonly invoiceRate?: ExchangeRate | undefined;
}

/** `POST /api/console/exchange-rates`: records the day's rate, with who entered it and when. */
export function recordExchangeRate(
  input: ExchangeRateInput,
  staff: StaffMember,
  now: Date,
): Promise<ExchangeRateEntry> {
  return saveExchangeRate({
    date: input.date,
    usdInr: input.usdInr,
    source: input.source,
    enteredBy: `${staff.name} <${staff.email}>`,
    enteredAt: now.toISOString(),
  });
}

/** The day in India of an issued document's date (ISO 8601): `2026-05-14`. */
export function rateDayOf(issuedAt: string): string {
  return indianDay(new Date(issuedAt));
}

/** An entered rate as an invoice names its rate: the figure and where it comes from. */
function enteredRateOf(entry: ExchangeRateEntry): ExchangeRate {
  return {
    rate: entry.usdInr,
    source: `Entered in the console for ${entry.date} by ${entry.enteredBy}: ${entry.source}`,
  };
}

/** A rupee value's rate and source, to value a credit note of that invoice at. */
export function rateOf(value: RupeeValue): ExchangeRate {
  return { rate: value.rate, source: value.source };
}

/**
 * A document's figures in rupees at `rate`, as an issued invoice records them (`rupeeValueOf`:
 * the total and each tax converted to the paisa, the taxable value the rest).
 */
function rupeeValueAt(document: PricedDocument, rate: ExchangeRate): RupeeValue {
  const { totals } = document;
  return rupeeValueOf(
    {
      lines: [],
      taxableCents: centsFromUsd(totals.taxable),
      taxes: totals.taxes.map((tax) => ({
        label: tax.label,
        ratePct: tax.ratePct,
        amountCents: centsFromUsd(tax.amount),
      })),
      totalCents: centsFromUsd(totals.total),
    },
    rate,
  );
}

/**
 * The rupee value of each requested document, in order: undefined for a rupee document (its own
 * figures are in rupees) and for a USD one with no rate at all (see the module comment). Reads
 * the entered rate of each day that needs one, once.
 */
export async function rupeeValuesOf(
  requests: readonly RupeeValueRequest[],
): Promise<(RupeeValue | undefined)[]> {
  const needsEntered = (request: RupeeValueRequest) =>
    request.document.currency !== 'INR' && !request.document.inr && !request.invoiceRate;
  const entered = await enteredExchangeRates(requests.filter(needsEntered).map((request) => request.day));
  return requests.map(({ document, day, invoiceRate }) => {
    if (document.currency === 'INR') return undefined;
    if (document.inr) return document.inr;
    const rate = invoiceRate ?? (entered.has(day) ? enteredRateOf(entered.get(day)!) : undefined);
    return rate && rupeeValueAt(document, rate);
  });
}

/** The sentence naming USD documents without a rate and what staff can do about it. */
export function missingRatesSentence(missing: readonly MissingRate[], consequence: string): string {
  const named = missing.map((document) => `${document.number} (${document.kind}, rate of ${document.date})`);
  return (
    `${missing.length === 1 ? 'This USD document has' : 'These USD documents have'} no exchange rate, ` +
    `${consequence}: ${named.join(', ')}. Enter the rupees per US dollar of ` +
    `${missing.length === 1 ? 'its day' : 'each day'} under GST returns in the console.`
  );
}
