/**
 * A batch's session times as people read them (issue 42, item 6): in India Standard Time for
 * everyone, and for a visitor whose clock is elsewhere also in their own time zone, so a buyer in
 * New York does not have to work out what an evening in Pune is for them. The IST text is written
 * by hand (no ICU on a shop page's first render, as `formatIndianDate`; tested equal to Intl's);
 * the visitor's zone, which only the browser knows, is read with `Intl.DateTimeFormat`.
 */
import { parseSchedule, sessionsOf } from '~/lib/shared/batch-schedule';
import { indianDay } from '~/lib/shared/dates';

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** The days part of a schedule as staff wrote it: `Mon-Thu` of `Mon-Thu 19:00-21:00 IST`. */
const DAYS_PART = /^(\S+) \d{2}:\d{2}-\d{2}:\d{2} IST$/;

/** Minutes after midnight as a clock reads in Indian English: 1140 -> `7:00 pm`, 0 -> `12:00 am`. */
export function clockTime(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}

/** The batch fields its sessions follow from. */
export interface ScheduledBatch {
  readonly startsOn: string;
  readonly schedule: string;
  readonly sessions: number;
}

/**
 * A schedule in IST as people read it: `Mon-Thu 19:00-21:00 IST` -> `Mon-Thu, 7:00 pm to
 * 9:00 pm IST`. A schedule that does not parse is given as written.
 */
export function scheduleInIst(schedule: string): string {
  const read = daysAndHours(schedule);
  if (!read) return schedule;
  return `${read.days}, ${clockTime(read.startMinutes)} to ${clockTime(read.endMinutes)} IST`;
}

/** A schedule's days part as written and its hours in minutes of the IST day; undefined if it does not parse. */
function daysAndHours(schedule: string) {
  const parsed = parseSchedule(schedule);
  const days = DAYS_PART.exec(schedule.trim())?.[1];
  return parsed && days
    ? { days, startMinutes: parsed.startMinutes, endMinutes: parsed.endMinutes }
    : undefined;
}

/**
 * A schedule in IST as short as a select's one line needs (issue 42, item 8: the cart's batch
 * select at 360 px), without 'IST', which its label says: `Mon-Thu 19:00-21:00 IST` ->
 * `Mon-Thu 7-9 pm`, `Sat-Sun 10:00-13:00 IST` -> `Sat-Sun 10 am-1 pm`. A schedule that does not
 * parse is given as written.
 */
export function scheduleShort(schedule: string): string {
  const read = daysAndHours(schedule);
  if (!read) return schedule;
  const [start, end] = [shortClock(read.startMinutes), shortClock(read.endMinutes)];
  const sameHalf = start.endsWith(end.slice(-2));
  return `${read.days} ${sameHalf ? start.slice(0, -3) : start}-${end}`;
}

/** `clockTime` without a whole hour's `:00`: 1140 -> `7 pm`, 630 -> `10:30 am`. */
function shortClock(minutes: number): string {
  return clockTime(minutes).replace(':00 ', ' ');
}

/** The day names of a schedule's days part moved by `shift` days: `Mon-Thu`, -1 -> `Sun-Wed`. */
function shiftDays(days: string, shift: number): string {
  return days.replace(
    /Sun|Mon|Tue|Wed|Thu|Fri|Sat/g,
    (name) => DAY_NAMES[(DAY_NAMES.indexOf(name as (typeof DAY_NAMES)[number]) + shift + 7) % 7]!,
  );
}

/** Formatters per zone: made once (each costs ICU's start-up), on first use. */
const formatters = new Map<string, { parts: Intl.DateTimeFormat; zone: Intl.DateTimeFormat }>();

function formattersFor(timeZone: string) {
  let made = formatters.get(timeZone);
  if (!made) {
    made = {
      parts: new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      }),
      zone: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }),
    };
    formatters.set(timeZone, made);
  }
  return made;
}

/** An instant's day (as a count of days, for differences), time and zone's short name in a zone. */
function inZone(at: Date, timeZone: string) {
  const { parts, zone } = formattersFor(timeZone);
  const part = (type: string, of: Intl.DateTimeFormatPart[]) =>
    Number(of.find((each) => each.type === type)?.value ?? 0);
  const read = parts.formatToParts(at);
  const [year, month, day] = [part('year', read), part('month', read), part('day', read)];
  return {
    dayNumber: Date.UTC(year, month - 1, day) / 86_400_000,
    date: `${day} ${MONTH_NAMES[month - 1] ?? ''}`,
    minutes: part('hour', read) * 60 + part('minute', read),
    zoneName: zone.formatToParts(at).find((each) => each.type === 'timeZoneName')?.value ?? timeZone,
  };
}

/** An IST day `2026-12-07` as a count of days. */
const dayNumberOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * The sessions' times in `timeZone` (an IANA name, as the browser reports it): `8:30 am to
 * 10:30 am EST`, with the days when they fall on other days than in India (`Sun-Wed, 11:30 pm to
 * 1:30 am PST`), and when the zone's clock changes during the batch (daylight saving) the times
 * after that too (`…; from 8 Mar: 9:30 am to 11:30 am EDT`). Undefined when the zone's clock reads
 * as India's at every session, or the schedule does not parse.
 */
export function scheduleInZone(batch: ScheduledBatch, timeZone: string): string | undefined {
  const schedule = parseSchedule(batch.schedule);
  const days = DAYS_PART.exec(batch.schedule.trim())?.[1];
  const sessions = sessionsOf(batch);
  if (!schedule || !days || sessions.length === 0) return undefined;
  let sameAsIndia = true;
  const texts = sessions.map((session) => {
    const start = inZone(session.start, timeZone);
    const end = inZone(session.end, timeZone);
    const shift = start.dayNumber - dayNumberOf(indianDay(session.start));
    if (shift !== 0 || start.minutes !== schedule.startMinutes) sameAsIndia = false;
    const zone = end.zoneName === start.zoneName ? start.zoneName : `${start.zoneName}/${end.zoneName}`;
    return {
      date: start.date,
      text: `${shift === 0 ? '' : `${shiftDays(days, shift)}, `}${clockTime(start.minutes)} to ${clockTime(end.minutes)} ${zone}`,
    };
  });
  if (sameAsIndia) return undefined;
  const first = texts[0]!;
  const change = texts.find((each) => each.text !== first.text);
  return change ? `${first.text}; from ${change.date}: ${change.text}` : first.text;
}

/**
 * The times of a batch's sessions in IST, and in `timeZone` when its clock differs:
 * `Mon-Thu, 7:00 pm to 9:00 pm IST (8:30 am to 10:30 am EST)`.
 */
export function sessionTimesText(batch: ScheduledBatch, timeZone?: string): string {
  const ist = scheduleInIst(batch.schedule);
  const local = timeZone === undefined ? undefined : scheduleInZone(batch, timeZone);
  return local === undefined ? ist : `${ist} (${local})`;
}
