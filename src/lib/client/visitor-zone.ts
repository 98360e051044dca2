/**
 * The visitor's own time zone, for a batch's session times beside IST (issue 42, item 6). Browser
 * only. A visitor whose clock reads as India's at every session is told nothing more, and costs
 * no `Intl` formatter (ICU's start-up on a shop page: see docs/decisions.md, "Loading"): their
 * clock's offset is read from `Date`, and the zone's name only for the others.
 */
import { sessionsOf } from '~/lib/shared/batch-schedule';
import { clockReadsAsIndia } from '~/lib/shared/dates';
import { scheduleInZone, type ScheduledBatch } from '~/lib/shared/session-times';

/** The visitor's IANA time zone, or undefined where the browser does not say. */
function visitorZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A batch's session times in the visitor's zone (`8:30 am to 10:30 am EST`), or undefined when
 * their clock reads as India's at every session (or the browser names no zone).
 */
export function visitorSessionTimes(batch: ScheduledBatch): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const sessions = sessionsOf(batch);
  if (sessions.every((session) => clockReadsAsIndia(session.start))) return undefined;
  const zone = visitorZone();
  return zone === undefined ? undefined : scheduleInZone(batch, zone);
}
