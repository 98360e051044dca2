/**
 * A batch's dates as people read them (DECISIONS 56): its first and last session's days in India,
 * for My courses and the students' e-mails.
 */
import { sessionsOf } from '~/lib/shared/batch-schedule';
import { formatIndianDate } from '~/lib/shared/dates';

/** The batch fields its sessions follow from. */
export interface BatchTimes {
  readonly startsOn: string;
  readonly schedule: string;
  readonly sessions: number;
}

/** `7 Dec 2026 to 31 Dec 2026` (one session: `7 Dec 2026`); the start date alone for a schedule that does not parse. */
export function formatBatchDates(batch: BatchTimes): string {
  const sessions = sessionsOf(batch);
  const first = sessions[0];
  const last = sessions.at(-1);
  if (!first || !last) return formatIndianDate(`${batch.startsOn}T12:00:00Z`);
  const from = formatIndianDate(first.start.toISOString());
  const to = formatIndianDate(last.start.toISOString());
  return from === to ? from : `${from} to ${to}`;
}
