/**
 * My courses (DECISIONS 55-56; API.md, Students): the batches a signed-in person bought or was
 * named on, the attendees a buyer names for the seats, and the calendar file of a batch. An
 * enrolment that is not the person's (or is unknown, or refunded) is a 404, never a hint that it
 * exists.
 */
import { BATCH_HINTS, type Attendee, type Enrolment } from '~/lib/shared/schemas/batch';
import { NotFound, Unauthorized, ValidationError } from '~/server/domain/errors';
import { batchCalendar, calendarFileName } from '~/server/domain/students/calendar';
import { queueAttendeeMails, type StudentMailDeps } from '~/server/domain/students/student-notices';
import { getBatch, toBatchWithLink, type BatchRecord } from '~/server/storage/batches';
import {
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
 * The buyer names the attendees of their seats (DECISIONS 55): `attendees` (checked by
 * `AttendeesSchema`: names, e-mails, no address twice) replaces the list, at most one per seat.
 * Each attendee who has not had the joining mail gets it (with the calendar file), so a new one
 * is mailed once, and a retry after a crash mails whoever was missed.
 */
export async function nameAttendees(
  userId: string,
  orderNo: string,
  courseIdText: string,
  attendees: readonly Attendee[],
  deps: StudentMailDeps,
): Promise<Enrolment> {
  const viewer = await viewerOf(userId);
  const { record, batch } = await enrolmentFor(viewer, orderNo, courseIdText, false);
  if (attendees.length > record.seats) throw new ValidationError([BATCH_HINTS.tooManyAttendees]);
  const list = attendees.map((attendee) => ({ name: attendee.name, email: attendee.email }));
  const same = (current: EnrolmentRecord) => JSON.stringify(current.attendees) === JSON.stringify(list);
  const after = await updateEnrolment(record.orderNo, record.courseId, (current) =>
    current.cancelledAt !== undefined || same(current) ? SKIP : { ...current, attendees: list },
  );
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
