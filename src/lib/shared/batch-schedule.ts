/**
 * A batch's schedule (DECISIONS 54): `Mon-Thu 19:00-21:00 IST`, `Sat,Sun 10:00-13:00 IST`, `Wed
 * 18:30-20:30 IST`. Grammar: days (one day, a range `Mon-Fri` in week order, or a comma list),
 * a space, `HH:MM-HH:MM` (24-hour, end after start, same day), a space, `IST`. Sessions fall on
 * the schedule's days from the start date on, one per day, as many as the batch has.
 */
import { indianDay, nextDay, startOfIndianDay } from '~/lib/shared/dates';

/** Schedules as staff write them, for help texts (copy names no time of day itself: issue 12). */
export const SCHEDULE_EXAMPLES = ['Mon-Thu 19:00-21:00 IST', 'Sat,Sun 10:00-13:00 IST'] as const;

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** Week order for ranges: Monday first, so `Sat-Sun` and `Mon-Sun` read as people mean them. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const DAY = '(Sun|Mon|Tue|Wed|Thu|Fri|Sat)';
const TIME = '([01]\\d|2[0-3]):([0-5]\\d)';
const SCHEDULE_PATTERN = new RegExp(`^(${DAY}(?:-${DAY}|(?:,${DAY})*)) ${TIME}-${TIME} IST$`);

/** A schedule read: days of the week (0 = Sunday), start and end in minutes after midnight IST. */
export interface Schedule {
  readonly days: readonly number[];
  readonly startMinutes: number;
  readonly endMinutes: number;
}

/** One session: when it starts and ends. */
export interface Session {
  readonly start: Date;
  readonly end: Date;
}

const dayIndex = (name: string) => DAY_NAMES.indexOf(name as (typeof DAY_NAMES)[number]);

/** The schedule's days and hours, or undefined when it does not follow the grammar. */
export function parseSchedule(text: string): Schedule | undefined {
  const match = SCHEDULE_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const daysText = match[1]!;
  let days: number[];
  if (daysText.includes('-')) {
    const [from, to] = daysText.split('-').map((name) => WEEK_ORDER.indexOf(dayIndex(name) as never));
    if (from === undefined || to === undefined || to <= from) return undefined;
    days = WEEK_ORDER.slice(from, to + 1);
  } else {
    days = daysText.split(',').map(dayIndex);
    if (new Set(days).size !== days.length) return undefined;
  }
  const startMinutes = Number(match[match.length - 4]) * 60 + Number(match[match.length - 3]);
  const endMinutes = Number(match[match.length - 2]) * 60 + Number(match[match.length - 1]);
  if (endMinutes <= startMinutes) return undefined;
  return { days: [...days].sort((a, b) => a - b), startMinutes, endMinutes };
}

/** The day of the week of `2026-12-07` (0 = Sunday), calendar arithmetic only. */
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The days (`YYYY-MM-DD`, in India) of a batch's sessions: the schedule's days from `startsOn` on. */
function sessionDays(startsOn: string, schedule: Schedule, sessions: number): string[] {
  const days: string[] = [];
  let day = startsOn;
  while (days.length < sessions) {
    if (schedule.days.includes(weekdayOf(day))) days.push(day);
    day = nextDay(day);
  }
  return days;
}

/** Every session of a batch as instants; empty for a schedule that does not parse. */
export function sessionsOf(batch: {
  readonly startsOn: string;
  readonly schedule: string;
  readonly sessions: number;
}): Session[] {
  const schedule = parseSchedule(batch.schedule);
  if (!schedule) return [];
  return sessionDays(batch.startsOn, schedule, batch.sessions).map((day) => {
    const midnight = startOfIndianDay(day).getTime();
    return {
      start: new Date(midnight + schedule.startMinutes * 60_000),
      end: new Date(midnight + schedule.endMinutes * 60_000),
    };
  });
}

/**
 * Whether a batch still takes buyers at `now`: until the day in India of its start date has
 * passed (a batch starting today still sells; one that started yesterday is closed).
 */
export function isBatchOpen(batch: { readonly startsOn: string }, now: Date): boolean {
  return batch.startsOn >= indianDay(now);
}
