/**
 * Enrolments in the `enrolments` store (DECISIONS 55-56): one per course of a paid order that
 * names a batch. Key formats:
 * - `enrolments/<orderNo>/<courseId>`: the batch, the seats bought, the buyer and the attendees
 *   the buyer named;
 * - `by-user/<userId>/<orderNo>-<courseId>`: an empty marker per enrolment a user bought;
 * - `by-email/<sha256 of the e-mail>/<orderNo>-<courseId>`: one per named attendee, so an
 *   attendee sees the batch once they sign up or sign in with that address;
 * - `by-batch/<batchId>/<orderNo>-<courseId>`: the batch's roster.
 * Markers are written before the enrolment is stored or changed and removed after, so a reader
 * that follows a marker to no (or another) enrolment skips it.
 */
import { createHash } from 'node:crypto';
import * as z from '~/lib/shared/zod';
import { NoticeAcceptedSchema } from '~/lib/shared/schemas/notice';
import { openStore, SKIP } from '~/server/storage/blob-store';

const PersonSchema = z.object({ name: z.string(), email: z.string() });

/**
 * An attendee: name and e-mail, and `since`, the list's `revision` when they were named again
 * after being taken off (absent: named once), which keys their new invitation (issue 42, item 6).
 */
const AttendeeRecordSchema = z.extend(PersonSchema, { since: z.optional(z.int()) });
export type AttendeeRecord = z.infer<typeof AttendeeRecordSchema>;

const EnrolmentRecordSchema = z.object({
  orderNo: z.string(),
  courseId: z.int(),
  /** The course name as bought. */
  courseName: z.string(),
  batchId: z.string(),
  /** Seats bought (1-20, DECISIONS 55). */
  seats: z.int().check(z.gte(1)),
  buyer: z.extend(PersonSchema, { userId: z.string() }),
  /**
   * The people who attend, distinct e-mails, at most `seats`: those the buyer named, and the buyer
   * when they attend (one seat: from the start; more: once they say so). Absent from a one-seat
   * enrolment stored before: read with `attendeesOf`.
   */
  attendees: z.array(AttendeeRecordSchema),
  /**
   * The buyer's answer to 'Will you attend yourself?' (issue 42, item 6): true for one seat,
   * absent while a buyer of more has not answered.
   */
  buyerAttends: z.optional(z.boolean()),
  /** How many times the attendees were changed (absent: never). */
  revision: z.optional(z.int()),
  /**
   * The SEQUENCE of the calendar files (invitations, cancellations) the last change of the
   * attendees sent: each change's is above the one before and above any file written before it
   * (`calendarSequence` of its time + 1), so a cancellation outranks the invitation it follows
   * and an invitation again the cancellation, however quickly one follows the other.
   */
  sequence: z.optional(z.int()),
  /**
   * The people the last change took off, with that change's `revision`: each is mailed a
   * cancellation of the sessions (`queueRemovalMails`), kept here so a retry of the same change
   * mails whoever a crash left unmailed; replaced by the next change.
   */
  removed: z.optional(z.array(z.extend(PersonSchema, { revision: z.int() }))),
  /**
   * Every attendee address (other than the buyer's) ever named, so ever mailed, as `addressKey`
   * hashes, never the addresses, and `<hash>:<since>` for each time one was named again after
   * being taken off (a new invitation): the attendee cap of DECISIONS 59 counts them. Absent on
   * an enrolment no attendee was named on since the cap (then: its attendees).
   */
  mailedTo: z.optional(z.array(z.string())),
  /**
   * The notice shown beside the attendees form when the list was last saved (DECISIONS 63), with
   * when; null when that call named none; absent while no list was saved since notices.
   */
  attendeesNotice: z.optional(NoticeAcceptedSchema),
  /** When the payment that enrolled them was confirmed (ISO 8601). */
  enrolledAt: z.iso.datetime(),
  /**
   * Set when the course was refunded: the seats are given back, and My courses shows it as
   * refunded (issue 42, item 6), with no joining link or calendar.
   */
  cancelledAt: z.optional(z.iso.datetime()),
  /** The credit note of that refund (DECISIONS 49), once known. */
  creditNoteNo: z.optional(z.string()),
});
export type EnrolmentRecord = z.infer<typeof EnrolmentRecordSchema>;

const store = openStore('enrolments');
const MarkerSchema = z.object({});
const idOf = (orderNo: string, courseId: number) => `${orderNo}-${courseId}`;
const enrolmentKey = (orderNo: string, courseId: number) => `enrolments/${orderNo}/${courseId}`;
/** An e-mail address as a key part: hashed, so the key never carries the address itself. */
const emailKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** An address as `mailedTo` holds it: the hash of its lower-cased form (any case is one address). */
export const addressKey = emailKey;
const userMarker = (record: Pick<EnrolmentRecord, 'orderNo' | 'courseId'>, userId: string) =>
  `by-user/${userId}/${idOf(record.orderNo, record.courseId)}`;
const emailMarker = (record: Pick<EnrolmentRecord, 'orderNo' | 'courseId'>, email: string) =>
  `by-email/${emailKey(email)}/${idOf(record.orderNo, record.courseId)}`;
const batchMarker = (record: Pick<EnrolmentRecord, 'orderNo' | 'courseId'>, batchId: string) =>
  `by-batch/${batchId}/${idOf(record.orderNo, record.courseId)}`;

/** The enrolment of a course of an order, or undefined. */
export function getEnrolment(orderNo: string, courseId: number): Promise<EnrolmentRecord | undefined> {
  return store.get(enrolmentKey(orderNo, courseId), EnrolmentRecordSchema);
}

/**
 * Stores an enrolment unless it exists, with its buyer's, attendees' and batch's markers
 * (idempotent: a retry finishes the markers); resolves to the stored enrolment.
 */
export async function saveEnrolment(record: EnrolmentRecord): Promise<EnrolmentRecord> {
  await Promise.all([
    store.create(userMarker(record, record.buyer.userId), MarkerSchema, {}),
    store.create(batchMarker(record, record.batchId), MarkerSchema, {}),
    ...record.attendees.map((attendee) =>
      store.create(emailMarker(record, attendee.email), MarkerSchema, {}),
    ),
  ]);
  await store.create(enrolmentKey(record.orderNo, record.courseId), EnrolmentRecordSchema, record);
  const stored = await getEnrolment(record.orderNo, record.courseId);
  if (!stored)
    throw new Error(`Enrolment ${idOf(record.orderNo, record.courseId)} vanished while being written`);
  return stored;
}

/**
 * Changes an enrolment (`fn` pure; `SKIP` for no change), keeping the attendee and batch markers
 * in step: new markers before the write, stale ones removed after. Undefined when there is none.
 */
export async function updateEnrolment(
  orderNo: string,
  courseId: number,
  fn: (record: EnrolmentRecord) => EnrolmentRecord | typeof SKIP,
): Promise<EnrolmentRecord | undefined> {
  const before = await getEnrolment(orderNo, courseId);
  if (!before) return undefined;
  const change = fn(before);
  if (change !== SKIP) {
    const preview = change as EnrolmentRecord;
    await Promise.all([
      store.create(batchMarker(preview, preview.batchId), MarkerSchema, {}),
      ...preview.attendees.map((attendee) =>
        store.create(emailMarker(preview, attendee.email), MarkerSchema, {}),
      ),
    ]);
  }
  const after = await store.update(enrolmentKey(orderNo, courseId), EnrolmentRecordSchema, (current) =>
    current ? fn(current) : SKIP,
  );
  if (!after) return undefined;
  const keptEmails = new Set(after.attendees.map((attendee) => emailKey(attendee.email)));
  await Promise.all([
    ...before.attendees
      .filter((attendee) => !keptEmails.has(emailKey(attendee.email)))
      .map((attendee) => store.delete(emailMarker(after, attendee.email))),
    ...(before.batchId !== after.batchId ? [store.delete(batchMarker(after, before.batchId))] : []),
  ]);
  return after;
}

/** The enrolments behind the markers under `prefix` that still belong there (per `belongs`). */
async function enrolmentsUnder(
  prefix: string,
  belongs: (record: EnrolmentRecord) => boolean,
): Promise<EnrolmentRecord[]> {
  const ids = (await store.list(prefix)).map((key) => key.slice(prefix.length));
  const records = await Promise.all(
    ids.map((id) => {
      const cut = id.lastIndexOf('-');
      return getEnrolment(id.slice(0, cut), Number(id.slice(cut + 1)));
    }),
  );
  return records.filter((record): record is EnrolmentRecord => record !== undefined && belongs(record));
}

/**
 * A person's enrolments: those they bought and those they were named on (by e-mail), each once,
 * refunded (cancelled) ones included, newest first.
 */
export async function listEnrolmentsOf(person: {
  userId: string;
  email: string;
}): Promise<EnrolmentRecord[]> {
  const email = person.email.trim().toLowerCase();
  const [bought, named] = await Promise.all([
    enrolmentsUnder(`by-user/${person.userId}/`, (record) => record.buyer.userId === person.userId),
    enrolmentsUnder(`by-email/${emailKey(email)}/`, (record) =>
      record.attendees.some((attendee) => attendee.email.toLowerCase() === email),
    ),
  ]);
  const unique = new Map(
    [...bought, ...named].map((record) => [idOf(record.orderNo, record.courseId), record]),
  );
  return [...unique.values()].sort((a, b) => b.enrolledAt.localeCompare(a.enrolledAt));
}

/** A batch's roster: every enrolment on it that is not cancelled, oldest first. */
export async function listEnrolmentsOfBatch(batchId: string): Promise<EnrolmentRecord[]> {
  const records = await enrolmentsUnder(`by-batch/${batchId}/`, (record) => record.batchId === batchId);
  return records
    .filter((record) => record.cancelledAt === undefined)
    .sort((a, b) => a.enrolledAt.localeCompare(b.enrolledAt));
}

export { SKIP };
