/**
 * The console's GST returns month (issue 29, item 8; API.md Company console): the month chosen
 * (last month at first), its GSTR-1 totals from `GET /api/console/summary?month=`, and the address
 * of each GSTR-1 table's CSV. The server is the truth: the panel shows what it answered for the
 * month shown, and an answer for a month no longer chosen is dropped.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { apiRequest } from '~/lib/client/api';
import { formatInr } from '~/lib/shared/money';
import {
  Gstr1SummarySchema,
  MonthQuerySchema,
  type Gstr1Summary,
  type MissingRate,
} from '~/lib/shared/schemas/console';
import {
  ExchangeRateEntrySchema,
  ExchangeRateInputSchema,
  type ExchangeRateEntry,
  type ExchangeRateInput,
} from '~/lib/shared/schemas/exchange-rate';
import * as z from '~/lib/shared/zod';
import { messageOf } from '~/stores/console';

/**
 * The GSTR-1 tables the console offers, in the return's order: the file's name in
 * `/api/console/export/gstr1/{table}.csv` and the table's name and number in GSTR-1.
 */
export const GSTR1_DOWNLOADS = [
  { table: 'b2b', name: 'B2B', number: '4A' },
  { table: 'b2cl', name: 'B2CL', number: '5' },
  { table: 'b2cs', name: 'B2CS', number: '7' },
  { table: 'exp', name: 'EXP', number: '6A' },
  { table: 'cdnr', name: 'CDNR', number: '9B' },
  { table: 'cdnur', name: 'CDNUR', number: '9B' },
  { table: 'hsn-b2b', name: 'HSN B2B', number: '12' },
  { table: 'hsn-b2c', name: 'HSN B2C', number: '12' },
  { table: 'docs', name: 'Documents issued', number: '13' },
] as const;
export type Gstr1Download = (typeof GSTR1_DOWNLOADS)[number];

export interface GstMonthState {
  /** The month shown, `2026-10`. */
  readonly month: string;
  /** Its totals (undefined until answered, or when the month could not be read). */
  readonly summary: Gstr1Summary | undefined;
  readonly loading: boolean;
  /** What went wrong, in plain words. */
  readonly error: string | undefined;
}

/** The month before the one of `today` (a day in India, `2026-11-25`): `2026-10`. */
export function lastMonthOf(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** `2026-10` as people read it: `October 2026`. */
export function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
}

/** An amount of the summary (rupees) as shown: `₹1,02,111.02`; below zero `−₹1,500.00`. */
export function formatRupees(rupees: number): string {
  const paise = Math.round(rupees * 100);
  return paise < 0 ? `−${formatInr(-paise)}` : formatInr(paise);
}

/** True when nothing was issued in the month: no invoice and no credit note, nothing to file. */
export function isEmptyMonth(summary: Gstr1Summary): boolean {
  return summary.invoices === 0 && summary.creditNotes === 0;
}

/** The address of a GSTR-1 table's CSV for `month`. */
export function gstr1Href(table: Gstr1Download['table'], month: string): string {
  return `/api/console/export/gstr1/${table}.csv?${new URLSearchParams({ month }).toString()}`;
}

const $state = atom<GstMonthState>({ month: '', summary: undefined, loading: false, error: undefined });

export const $gstMonth: ReadableAtom<GstMonthState> = $state;

/**
 * Shows `month`: its totals from the server. A month that is not a real `YYYY-MM` is refused here
 * with the server's own sentence (the same schema) and asks nothing. `keep`: the month shown is
 * read again and keeps its figures meanwhile.
 */
export async function loadGstMonth(month: string, options: { keep?: boolean } = {}): Promise<void> {
  const checked = MonthQuerySchema.safeParse({ month });
  if (!checked.success) {
    const errors = checked.error.issues.map((issue) => issue.message);
    $state.set({ month, summary: undefined, loading: false, error: [...new Set(errors)].join(' ') });
    return;
  }
  // A reload of the month shown (after a rate is saved) keeps its figures until the new ones come.
  const kept = options.keep && $state.get().month === month ? $state.get().summary : undefined;
  $state.set({ month, summary: kept, loading: true, error: undefined });
  try {
    const summary = await apiRequest(
      'GET',
      `/api/console/summary?${new URLSearchParams({ month }).toString()}`,
      Gstr1SummarySchema,
    );
    if ($state.get().month !== month) return;
    $state.set({ month, summary, loading: false, error: undefined });
  } catch (error) {
    if ($state.get().month !== month) return;
    $state.set({ month, summary: undefined, loading: false, error: messageOf(error) });
  }
}

/** The days of a month's documents with no exchange rate, oldest first, each with its documents. */
export function missingRateDays(
  missing: readonly MissingRate[],
): { readonly date: string; readonly documents: readonly MissingRate[] }[] {
  const days = new Map<string, MissingRate[]>();
  for (const document of missing) days.set(document.date, [...(days.get(document.date) ?? []), document]);
  return [...days].sort(([a], [b]) => a.localeCompare(b)).map(([date, documents]) => ({ date, documents }));
}

/** The exchange-rate form as typed. */
export interface RateDraft {
  readonly date: string;
  readonly usdInr: string;
  readonly source: string;
}
export type RateField = keyof RateDraft;

/** A rate as typed: a decimal number, or the text itself so the schema refuses it with its sentence. */
const rateOf = (text: string) => (/^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text);

/** The draft checked with `ExchangeRateInputSchema`: the input to send, or each field's first sentence. */
export function checkRateDraft(
  draft: RateDraft,
): { ok: true; input: ExchangeRateInput } | { ok: false; fields: Partial<Record<RateField, string>> } {
  const parsed = z.safeParse(ExchangeRateInputSchema, {
    date: draft.date.trim(),
    usdInr: rateOf(draft.usdInr),
    source: draft.source,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const fields: Partial<Record<RateField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as RateField | undefined;
    if (field && !fields[field]) fields[field] = issue.message;
  }
  return { ok: false, fields };
}

/** What saving a rate came to. */
export type SaveRateResult =
  | { readonly ok: true; readonly rate: ExchangeRateEntry }
  | {
      readonly ok: false;
      readonly fields: Partial<Record<RateField, string>>;
      readonly errors: readonly string[];
    };

/**
 * Records a day's exchange rate (`POST /api/console/exchange-rates`), then reads the month shown
 * again, so its totals and the documents still without a rate are the server's. Nothing is sent
 * while a field is wrong.
 */
export async function saveExchangeRate(draft: RateDraft): Promise<SaveRateResult> {
  const checked = checkRateDraft(draft);
  if (!checked.ok) return { ok: false, fields: checked.fields, errors: [] };
  try {
    const rate = await apiRequest(
      'POST',
      '/api/console/exchange-rates',
      ExchangeRateEntrySchema,
      checked.input,
    );
    const { month } = $state.get();
    if (month) await loadGstMonth(month, { keep: true });
    return { ok: true, rate };
  } catch (error) {
    return { ok: false, fields: {}, errors: [messageOf(error)] };
  }
}
