/**
 * The console's GST returns month (issue 29, item 8; API.md Company console): the month chosen
 * (last month at first), its GSTR-1 totals from `GET /api/console/summary?month=`, and the address
 * of each GSTR-1 table's CSV. The server is the truth: the panel shows what it answered for the
 * month shown, and an answer for a month no longer chosen is dropped.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { apiRequest } from '~/lib/client/api';
import { formatInr } from '~/lib/shared/money';
import { Gstr1SummarySchema, MonthQuerySchema, type Gstr1Summary } from '~/lib/shared/schemas/console';
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
 * with the server's own sentence (the same schema) and asks nothing.
 */
export async function loadGstMonth(month: string): Promise<void> {
  const checked = MonthQuerySchema.safeParse({ month });
  if (!checked.success) {
    const errors = checked.error.issues.map((issue) => issue.message);
    $state.set({ month, summary: undefined, loading: false, error: [...new Set(errors)].join(' ') });
    return;
  }
  $state.set({ month, summary: undefined, loading: true, error: undefined });
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
