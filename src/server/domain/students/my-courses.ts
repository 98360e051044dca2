/**
 * My courses (DECISIONS 55-56; API.md, Students): the batches a signed-in person bought or was
 * named on, the attendees a buyer names for the seats, and the calendar file of a batch. An
 * enrolment that is not the person's (or is unknown, or refunded) is a 404, never a hint that it
 * exists.
 */
import { BATCH_HINTS, type Attendee, type Enrolment } from '~/lib/shared/schemas/batch';
import { LimitReached, NotFound, Unauthorized, ValidationError } from '~/server/domain/errors';
import { noticeAccepted } from '~/server/domain/notices';
import { batchCalendar, calendarFileName } from '~/server/domain/students/calendar';
import { queueAttendeeMails, type StudentMailDeps } from '~/server/domain/students/student-notices';
import { getBatch, toBatchWithLink, type BatchRecord } from '~/server/storage/batches';
import {
  addressKey,
  getEnrolment,
  listEnrolmentsOf,
  SKIP,
  updateEnrolment,
  type EnrolmentRecord,
} from '~/server/storage/enrolments';
import { getUser } from '~/server/storage/users';

const NOT_YOURS = 'We could not find that course among yours.';
const SIGNED_OUT = 'Please sign in to continue.';

/** Who is looking: the account's id and its (lower-case) e-mail address. */
interface Viewer {
  readonly userId: string;
  readonly email: string;
}

async function viewerOf(userId: string): Promise<Viewer> {
  const user = await getUser(userId);
  // A session whose account is gone: as if signed out.
  if (!user) throw new Unauthorized([SIGNED_OUT]);
  return { userId, email: user.email.trim().toLowerCase() };
}

const isBuyer = (record: EnrolmentRecord, viewer: Viewer) => record.buyer.userId === viewer.userId;
const isAttendee = (record: EnrolmentRecord, viewer: Viewer) =>
  record.attendees.some((attendee) => attendee.email.trim().toLowerCase() === viewer.email);

/**
 * An enrolment as its viewer sees it: the batch with its joining link; the buyer sees every
 * attendee, an attendee only themselves.
 */
export function toEnrolment(record: EnrolmentRecord, batch: BatchRecord, viewer: Viewer): Enrolment {
  const buyer = isBuyer(record, viewer);
  return {
    orderNo: record.orderNo,
    course: { id: record.courseId, name: record.courseName },
    batch: toBatchWithLink(batch),
    seats: record.seats,
    attendees: (buyer
      ? record.attendees
      : record.attendees.filter((attendee) => attendee.email.trim().toLowerCase() === viewer.email)
    ).map((attendee) => ({ name: attendee.name, email: attendee.email })),
    role: buyer ? 'buyer' : 'attendee',
  };
}

/** The session user's enrolments, as buyer or attendee, newest first. */
export async function myCourses(userId: string): Promise<Enrolment[]> {
  const viewer = await viewerOf(userId);
  const records = await listEnrolmentsOf(viewer);
  const batches = await Promise.all(records.map((record) => getBatch(record.batchId)));
  return records.flatMap((record, index) => {
    const batch = batches[index];
    if (!batch) {
      console.error('[my-courses] enrolment names a batch that is gone', record.orderNo, record.batchId);
      return [];
    }
    return [toEnrolment(record, batch, viewer)];
  });
}

/** A course id from a path: digits, else no such enrolment. */
function courseIdOf(text: string): number {
  if (!/^\d{1,9}$/.test(text)) throw new NotFound([NOT_YOURS]);
  return Number(text);
}

/** The viewer's enrolment and its batch: as buyer, or (`attendeeToo`) as buyer or attendee; else 404. */
async function enrolmentFor(
  viewer: Viewer,
  orderNo: string,
  courseIdText: string,
  attendeeToo: boolean,
): Promise<{ record: EnrolmentRecord; batch: BatchRecord }> {
  const record = await getEnrolment(orderNo, courseIdOf(courseIdText));
  if (
    !record ||
    record.cancelledAt !== undefined ||
    !(isBuyer(record, viewer) || (attendeeToo && isAttendee(record, viewer)))
  )
    throw new NotFound([NOT_YOURS]);
  const batch = await getBatch(record.batchId);
  if (!batch)
    throw new Error(`Enrolment ${orderNo}-${courseIdText} names batch ${record.batchId}, which is gone`);
  return { record, batch };
}

/**
 * The attendee addresses an enrolment has mailed, with those of `attendees` added: hashes of the
 * addresses, the buyer's own left out (the buyer asked for mail; an attendee did not).
 */
function mailedWith(record: EnrolmentRecord, attendees: readonly Attendee[]): Set<string> {
  const buyer = addressKey(record.buyer.email);
  const earlier = record.mailedTo ?? record.attendees.map((attendee) => addressKey(attendee.email));
  const mailed = new Set([...earlier, ...attendees.map((attendee) => addressKey(attendee.email))]);
  mailed.delete(buyer);
  return mailed;
}

/**
 * The buyer names the attendees of their seats (DECISIONS 55): `attendees` (checked by
 * `AttendeesSchema`: names, e-mails, no address twice) replaces the list, at most one per seat.
 * Each attendee who has not had the joining mail gets it (with the calendar file), so a new one
 * is mailed once, and a retry after a crash mails whoever was missed. An enrolment mails at most
 * 2 x seats distinct attendee addresses, ever (DECISIONS 59): a list that would pass that is a 429
 * and stores nothing, decided in the same conditional write that saves the list, so two saves at
 * once cannot pass it together.
 */
export async function nameAttendees(
  userId: string,
  orderNo: string,
  courseIdText: string,
  attendees: readonly Attendee[],
  deps: StudentMailDeps,
  noticeVersion?: string,
  now: Date = new Date(),
): Promise<Enrolment> {
  // Before anything is read: a page showing an old notice is asked to reload (DECISIONS 63).
  const notice = noticeAccepted('attendees', noticeVersion, now);
  const viewer = await viewerOf(userId);
  const { record, batch } = await enrolmentFor(viewer, orderNo, courseIdText, false);
  if (attendees.length > record.seats) throw new ValidationError([BATCH_HINTS.tooManyAttendees]);
  const list = attendees.map((attendee) => ({ name: attendee.name, email: attendee.email }));
  const same = (current: EnrolmentRecord) => JSON.stringify(current.attendees) === JSON.stringify(list);
  let overCap = false;
  const after = await updateEnrolment(record.orderNo, record.courseId, (current) => {
    overCap = false;
    if (current.cancelledAt !== undefined || same(current)) return SKIP;
    const mailed = mailedWith(current, list);
    // DECISIONS 59: never more than 2 x seats addresses mailed per enrolment.
    if (mailed.size > 2 * current.seats) {
      overCap = true;
      return SKIP;
    }
    return { ...current, attendees: list, mailedTo: [...mailed].sort(), attendeesNotice: notice };
  });
  if (overCap) throw new LimitReached([BATCH_HINTS.attendeeChangesExhausted]);
  if (!after || after.cancelledAt !== undefined) throw new NotFound([NOT_YOURS]);
  await queueAttendeeMails(after, after.attendees, deps, batch);
  return toEnrolment(after, batch, viewer);
}

/** The calendar file (`.ics`) of an enrolment's batch, for its buyer or an attendee. */
export async function myCourseCalendar(
  userId: string,
  orderNo: string,
  courseIdText: string,
  siteUrl: string,
): Promise<{ readonly filename: string; readonly text: string }> {
  const viewer = await viewerOf(userId);
  const { record, batch } = await enrolmentFor(viewer, orderNo, courseIdText, true);
  return {
    filename: calendarFileName(record.courseName, batch.id),
    text: batchCalendar({ batch, courseName: record.courseName, siteUrl }),
  };
}
