/**
 * Order numbers (DECISIONS 11): consecutive within an Indian financial year (1 April to 31 March,
 * in IST), unique forever, at most 16 characters: `SIS-2627-000001` is the first order of FY
 * 2026-27.
 */
import { site } from '~/site.config';

/** The series of a financial year: `2627` for FY 2026-27. */
export function seriesOf(financialYear: number): string {
  const two = (year: number) => String(year % 100).padStart(2, '0');
  return `${two(financialYear)}${two(financialYear + 1)}`;
}

/** Most orders a series can number (six digits). */
const MAX_ORDERS_PER_YEAR = 999_999;

/** `SIS-2627-000001`. Throws past the six-digit limit rather than break the format. */
export function formatOrderNo(series: string, number: number): string {
  if (!Number.isInteger(number) || number < 1 || number > MAX_ORDERS_PER_YEAR) {
    throw new RangeError(`Order number ${number} is outside 1-${MAX_ORDERS_PER_YEAR}`);
  }
  return `${site.tax.orderPrefix}-${series}-${String(number).padStart(6, '0')}`;
}

/** The credit notes' series of a financial year (DECISIONS 49): `CN2627`, apart from the orders'. */
export function creditNoteSeriesOf(financialYear: number): string {
  return `CN${seriesOf(financialYear)}`;
}

/** Most credit notes a series can number (five digits: the number stays within 16 characters). */
const MAX_CREDIT_NOTES_PER_YEAR = 99_999;

/** `SIS-CN2627-00001`: the first credit note of FY 2026-27. */
export function formatCreditNoteNo(series: string, number: number): string {
  if (!Number.isInteger(number) || number < 1 || number > MAX_CREDIT_NOTES_PER_YEAR) {
    throw new RangeError(`Credit note number ${number} is outside 1-${MAX_CREDIT_NOTES_PER_YEAR}`);
  }
  return `${site.tax.orderPrefix}-${series}-${String(number).padStart(5, '0')}`;
}
