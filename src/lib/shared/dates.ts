/**
 * India Standard Time, the one module for it (the company is in Pune): dates as the site shows
 * them in Indian English, days in India, and the Indian financial year.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * `2026-05-04T20:00:00Z` -> `5 May 2026` (the day in India): the text of `Intl.DateTimeFormat
 * ('en-IN', {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata'})`, made
 * without starting ICU on a shop page's first render (see `~/lib/shared/digit-groups`; September
 * is `Sept` in that locale).
 */
export function formatIndianDate(iso: string): string {
  const [year, month, day] = indianDay(new Date(iso)).split('-').map(Number) as [number, number, number];
  return `${day} ${month === 9 ? 'Sept' : MONTHS[month - 1]} ${year}`;
}

/** India Standard Time is UTC+05:30 all year (no daylight saving), in minutes east of UTC. */
export const IST_OFFSET_MINUTES = 330;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60 * 1000;

/**
 * Whether a browser's clock reads as India's at `at`: its `getTimezoneOffset` is India's (minutes
 * behind UTC, so negative). No `Intl` needed.
 */
export function clockReadsAsIndia(at: Date): boolean {
  return at.getTimezoneOffset() === -IST_OFFSET_MINUTES;
}

/**
 * The IANA names of India's time zone a browser may report (`Intl.DateTimeFormat().resolvedOptions()
 * .timeZone`): Chromium still says `Asia/Calcutta`, the older name.
 */
export const INDIA_TIME_ZONES = ['Asia/Kolkata', 'Asia/Calcutta'] as const;

/** The time zone schema.org's `scheduleTimezone` names for India. */
export const INDIA_TIME_ZONE = INDIA_TIME_ZONES[0];

/** The day in India of an instant, as `2026-05-05` (`2026-05-04T20:00:00Z` is already the 5th). */
export function indianDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day in India of an instant as GST returns write dates: `2026-05-04T20:00:00Z` -> `05-May-2026`. */
export function gstReturnDate(at: Date): string {
  const [year, month, day] = indianDay(at).split('-') as [string, string, string];
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}

/** An instant as a sortable day and time in India: `2026-11-24 17:30`. */
export function indianDayAndTime(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** The instant a day in India begins: `2026-05-05` -> `2026-05-04T18:30:00Z`. */
export function startOfIndianDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}

/** The day after `2026-05-31`: `2026-06-01` (calendar arithmetic, no time zone involved). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A range of days in India (`2026-04-01` to `2027-03-31`, both included) as the instants it spans. */
export function instantsOfDays(range: {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}): {
  from: Date | undefined;
  to: Date | undefined;
} {
  return {
    from: range.from ? startOfIndianDay(range.from) : undefined,
    to: range.to ? startOfIndianDay(nextDay(range.to)) : undefined,
  };
}

/** An instant as staff read it: `24 Nov 2026, 5:30 pm` in India. */
export function formatIndianDateTime(iso: string): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  });
  return dateTimeFormat.format(new Date(iso));
}

// Made on first use: staff pages and e-mails need it, a shop page's first render does not.
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** An instant as e-mails state it: `22 Nov 2026, 1:00 pm IST`. */
export function formatIst(iso: string): string {
  return `${formatIndianDateTime(iso)} IST`;
}

/** The financial year (1 April to 31 March) of a day in India, by its first year: 2026 for `2027-03-31`. */
export function financialYearOfDay(day: string): number {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month >= 4 ? year : year - 1;
}

/** The financial year an instant falls in, in India: 2026 for FY 2026-27. */
export function financialYearOf(at: Date): number {
  return financialYearOfDay(indianDay(at));
}

/** An instant in ISO 8601 with India's offset, as a person reads it in a file: `2026-11-26T22:47:15+05:30`. */
export function isoInIndia(iso: string): string {
  const shifted = new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 19)}+05:30`;
}

/** A time of day in India, in minutes after midnight, as ISO 8601 writes it: `1140` -> `19:00:00+05:30`. */
export function istTimeOfDay(minutes: number): string {
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${hh}:${mm}:00+05:30`;
}
