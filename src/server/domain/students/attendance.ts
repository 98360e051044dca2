/**
 * Who attends an enrolment (DECISIONS 55; issue 42, item 6): the people on its list, the buyer
 * among them when they attend. A one-seat buyer is the attendee from the start; a buyer of more
 * seats is asked and is on the list only once they say so.
 */
import type { AttendeeRecord, EnrolmentRecord } from '~/server/storage/enrolments';
import { listEnrolmentsOfBatch } from '~/server/storage/enrolments';

/** An e-mail address as addresses are compared: trimmed, lower case. */
export const addressOf = (email: string) => email.trim().toLowerCase();

/** Whether `email` is the buyer's address. */
export const isBuyerAddress = (record: Pick<EnrolmentRecord, 'buyer'>, email: string) =>
  addressOf(email) === addressOf(record.buyer.email);

/**
 * The people who attend an enrolment. A one-seat enrolment stored before its buyer was put on the
 * list (no attendees, no answer) is attended by its buyer.
 */
export function attendeesOf(
  record: Pick<EnrolmentRecord, 'seats' | 'attendees' | 'buyerAttends' | 'buyer'>,
): readonly AttendeeRecord[] {
  if (record.seats === 1 && record.attendees.length === 0 && record.buyerAttends === undefined)
    return [{ name: record.buyer.name, email: record.buyer.email }];
  return record.attendees;
}

/** Whether the buyer is among the people who attend. */
export function buyerAttends(
  record: Pick<EnrolmentRecord, 'seats' | 'attendees' | 'buyerAttends' | 'buyer'>,
): boolean {
  return attendeesOf(record).some((attendee) => isBuyerAddress(record, attendee.email));
}

/**
 * Whether `email` attends batch `batchId` on an enrolment that is not refunded: then a
 * cancellation of the batch's sessions (whose UIDs every enrolment of the batch shares) would take
 * them out of a calendar that still needs them, so none is sent.
 */
export async function attendsBatch(batchId: string, email: string): Promise<boolean> {
  const address = addressOf(email);
  return (await listEnrolmentsOfBatch(batchId)).some((record) =>
    attendeesOf(record).some((attendee) => addressOf(attendee.email) === address),
  );
}
