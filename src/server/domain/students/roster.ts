/**
 * A batch's roster for staff (issue 31; API.md, Students): each enrolment's order, buyer, seats
 * and attendees, as JSON for the console and as a CSV with one row per attendee (or per enrolment
 * whose attendees are not named yet), cells neutralised like every console export.
 */
import { indianDayAndTime } from '~/lib/shared/dates';
import { BATCH_HINTS } from '~/lib/shared/schemas/batch';
import type { Roster } from '~/lib/shared/schemas/roster';
import { toCsv } from '~/server/domain/console/exports';
import { NotFound } from '~/server/domain/errors';
import { attendeesOf } from '~/server/domain/students/attendance';
import { getBatch, toBatchWithLink } from '~/server/storage/batches';
import { listEnrolmentsOfBatch } from '~/server/storage/enrolments';

/** The roster of batch `batchId`; `NotFound` when there is no such batch. */
export async function batchRoster(batchId: string): Promise<Roster> {
  const batch = await getBatch(batchId);
  if (!batch) throw new NotFound([BATCH_HINTS.id]);
  const enrolments = await listEnrolmentsOfBatch(batch.id);
  return {
    batch: toBatchWithLink(batch),
    items: enrolments.map((enrolment) => ({
      orderNo: enrolment.orderNo,
      enrolledAt: enrolment.enrolledAt,
      buyer: { name: enrolment.buyer.name, email: enrolment.buyer.email },
      seats: enrolment.seats,
      // A one-seat buyer is its attendee, also on an enrolment stored before that was written down.
      attendees: attendeesOf(enrolment).map((attendee) => ({ name: attendee.name, email: attendee.email })),
    })),
  };
}

const ROSTER_HEADER = [
  'Order',
  'Enrolled (IST)',
  'Buyer',
  'Buyer e-mail',
  'Seats',
  'Attendee',
  'Attendee e-mail',
] as const;

/** The roster as CSV text: one row per attendee, or one per enrolment with none named yet. */
export async function batchRosterCsv(batchId: string): Promise<string> {
  const roster = await batchRoster(batchId);
  const rows = roster.items.flatMap((item) => {
    const lead = [
      item.orderNo,
      indianDayAndTime(new Date(item.enrolledAt)),
      item.buyer.name,
      item.buyer.email,
      item.seats,
    ];
    return item.attendees.length === 0
      ? [[...lead, '', '']]
      : item.attendees.map((attendee) => [...lead, attendee.name, attendee.email]);
  });
  return toCsv(ROSTER_HEADER, rows);
}
