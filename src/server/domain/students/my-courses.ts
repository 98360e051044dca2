/**
 * My courses (DECISIONS 55-56; API.md, Students): the batches a signed-in person bought or was
 * named on (a refunded one stays, said to be refunded: issue 42, item 6), the attendees a buyer
 * names for the seats, and the calendar file of a batch. An enrolment that is not the person's
 * (or is unknown) is a 404, never a hint that it exists; so are a refunded one's calendar and
 * attendees.
 */
import { BATCH_HINTS, type Attendee, type Enrolment } from '~/lib/shared/schemas/batch';
import { LimitReached, NotFound, Unauthorized, ValidationError } from '~/server/domain/errors';
import { noticeAccepted } from '~/server/domain/notices';
import { addressOf, attendeesOf, buyerAttends, isBuyerAddress } from '~/server/domain/students/attendance';
import { batchCalendar, calendarFileName, calendarSequence } from '~/server/domain/students/calendar';
import {
  queueAttendeeMails,
  queueRemovalMails,
  type StudentMailDeps,
} from '~/server/domain/students/student-notices';
import { getBatch, toBatch, toBatchWithLink, type BatchRecord } from '~/server/storage/batches';
import {
  addressKey,
  getEnrolment,
  listEnrolmentsOf,
  SKIP,
  updateEnrolment,
  type AttendeeRecord,
  type EnrolmentRecord,
} from '~/server/storage/enrolments';
import { refundsOfOrder } from '~/server/storage/refunds';
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
  attendeesOf(record).some((attendee) => addressOf(attendee.email) === viewer.email);

/**
 * An enrolment as its viewer sees it: the batch with its joining link (none once refunded); the
 * buyer sees every attendee and whether they attend themselves (`buyerAttends`: null while a
 * buyer of several seats has not said), an attendee only themselves; `you` marks the viewer.
 * `creditNoteNo`: the note of a refunded enrolment, for its buyer.
 */
function toEnrolment(
  record: EnrolmentRecord,
  batch: BatchRecord,
  viewer: Viewer,
  creditNoteNo?: string,
): Enrolment {
  const buyer = isBuyer(record, viewer);
  const attendees = attendeesOf(record);
  const cancelled = record.cancelledAt !== undefined;
  return {
    orderNo: record.orderNo,
    course: { id: record.courseId, name: record.courseName },
    batch: cancelled ? toBatch(batch) : toBatchWithLink(batch),
    seats: record.seats,
    attendees: (buyer
      ? attendees
      : attendees.filter((attendee) => addressOf(attendee.email) === viewer.email)
    ).map((attendee) => ({
      name: attendee.name,
      email: attendee.email,
      ...(addressOf(attendee.email) === viewer.email ? { you: true as const } : {}),
    })),
    role: buyer ? 'buyer' : 'attendee',
    ...(buyer
      ? {
          buyerAttends: buyerAttends(record)
            ? true
            : record.seats === 1 || record.buyerAttends === false
              ? false
              : null,
        }
      : {}),
    ...(cancelled
      ? {
          refunded: {
            at: record.cancelledAt!,
            ...(buyer && creditNoteNo !== undefined ? { creditNoteNo } : {}),
          },
        }
      : {}),
  };
}

/**
 * The credit note of a refunded enrolment: as noted on it, else (refunded before notes were noted
 * there) the processed refund of the order that took its course.
 */
async function creditNoteOf(record: EnrolmentRecord): Promise<string | undefined> {
  if (record.creditNoteNo !== undefined) return record.creditNoteNo;
  const refunds = await refundsOfOrder(record.orderNo);
  return refunds.find(
    (refund) =>
      refund.state === 'processed' &&
      refund.creditNoteNo !== undefined &&
      refund.courseIds.includes(record.courseId),
  )?.creditNoteNo;
}

/** The session user's enrolments, as buyer or attendee, refunded ones too, newest first. */
export async function myCourses(userId: string): Promise<Enrolment[]> {
  const viewer = await viewerOf(userId);
  const records = await listEnrolmentsOf(viewer);
  const [batches, notes] = await Promise.all([
    Promise.all(records.map((record) => getBatch(record.batchId))),
    Promise.all(
      records.map((record) =>
        record.cancelledAt !== undefined && isBuyer(record, viewer) ? creditNoteOf(record) : undefined,
      ),
    ),
  ]);
  return records.flatMap((record, index) => {
    const batch = batches[index];
    if (!batch) {
      console.error('[my-courses] enrolment names a batch that is gone', record.orderNo, record.batchId);
      return [];
    }
    return [toEnrolment(record, batch, viewer, notes[index])];
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

/** What the buyer saves: the attendees, and whether they attend themselves (absent: as the list says). */
export interface AttendeesChoice {
  readonly attendees: readonly Attendee[];
  readonly buyerAttends?: boolean | undefined;
}

/**
 * The list a save asks for: the attendees given, the buyer put first when they attend, left out
 * when they do not, as given when they did not say.
 */
function listOf(record: EnrolmentRecord, choice: AttendeesChoice): Attendee[] {
  const others = choice.attendees
    .filter((attendee) => choice.buyerAttends === undefined || !isBuyerAddress(record, attendee.email))
    .map((attendee) => ({ name: attendee.name, email: attendee.email }));
  return choice.buyerAttends === true
    ? [{ name: record.buyer.name, email: record.buyer.email }, ...others]
    : others;
}

/**
 * The enrolment with its attendees changed to `list`, as one pure step of the conditional write:
 * who stays keeps their entry; who is new on it and was named before (taken off since) is named
 * again at this revision (`since`: a new invitation, as a cancellation went out); who is taken
 * off goes to `removed`, to be mailed a cancellation. Every address ever invited is counted in
 * `mailedTo` (again for each time named again); the buyer's own are not counted (DECISIONS 59).
 */
function withAttendees(current: EnrolmentRecord, list: readonly Attendee[], now: Date): EnrolmentRecord {
  const before = attendeesOf(current);
  const revision = (current.revision ?? 0) + 1;
  // Above every calendar file written before: this change's invitations and cancellations.
  const sequence = Math.max(calendarSequence(now) + 1, (current.sequence ?? 0) + 1);
  const earlier = new Set([
    ...(current.mailedTo ?? []),
    ...before.map((attendee) => addressKey(attendee.email)),
  ]);
  const attendees: AttendeeRecord[] = list.map((attendee) => {
    const kept = before.find((each) => addressOf(each.email) === addressOf(attendee.email));
    if (kept) return { ...attendee, ...(kept.since === undefined ? {} : { since: kept.since }) };
    return earlier.has(addressKey(attendee.email)) ? { ...attendee, since: revision } : attendee;
  });
  const staying = new Set(list.map((attendee) => addressOf(attendee.email)));
  const removed = before
    .filter((attendee) => !staying.has(addressOf(attendee.email)))
    .map((attendee) => ({ name: attendee.name, email: attendee.email, revision }));
  const mailed = new Set([
    ...earlier,
    ...attendees.map((attendee) =>
      attendee.since === undefined
        ? addressKey(attendee.email)
        : `${addressKey(attendee.email)}:${attendee.since}`,
    ),
  ]);
  return {
    ...current,
    attendees,
    buyerAttends: attendees.some((attendee) => isBuyerAddress(current, attendee.email)),
    revision,
    sequence,
    // The last change's only: the earlier change's were mailed when it was saved.
    removed: removed.length > 0 ? removed : undefined,
    mailedTo: [...mailed].sort(),
  };
}

/** Invitations an enrolment has sent to attendees, its buyer's left out (the cap of DECISIONS 59). */
function invitationsOf(record: EnrolmentRecord): number {
  const buyer = addressKey(record.buyer.email);
  return (record.mailedTo ?? []).filter((entry) => entry.split(':')[0] !== buyer).length;
}

/**
 * The buyer names the attendees of their seats (DECISIONS 55) and says whether they attend
 * themselves (issue 42, item 6): the list (checked by `AttendeesSchema`: names, e-mails, no
 * address twice), with the buyer when they attend, replaces the stored one, at most one per seat.
 * Each attendee who has not had the joining mail gets it (with the calendar file), so a new one
 * is mailed once, and a retry after a crash mails whoever was missed; each one taken off gets a
 * mail with the cancellation of the sessions, and an invitation again if named again. An
 * enrolment sends at most 2 x seats invitations to attendees, ever (DECISIONS 59): a list that
 * would pass that is a 429 and stores nothing, decided in the same conditional write that saves
 * the list, so two saves at once cannot pass it together.
 */
export async function nameAttendees(
  userId: string,
  orderNo: string,
  courseIdText: string,
  choice: AttendeesChoice,
  deps: StudentMailDeps,
  noticeVersion?: string,
  now: Date = new Date(),
): Promise<Enrolment> {
  // Before anything is read: a page showing an old notice is asked to reload (DECISIONS 63).
  const notice = noticeAccepted('attendees', noticeVersion, now);
  const viewer = await viewerOf(userId);
  const { record, batch } = await enrolmentFor(viewer, orderNo, courseIdText, false);
  const list = listOf(record, choice);
  if (list.length > record.seats) throw new ValidationError([BATCH_HINTS.tooManyAttendees]);
  // The buyer's answer as stored: a one-seat buyer's is that they attend unless they gave the seat.
  const answered = (current: EnrolmentRecord) =>
    current.buyerAttends ?? (current.seats === 1 ? buyerAttends(current) : undefined);
  const same = (current: EnrolmentRecord) =>
    JSON.stringify(attendeesOf(current).map(({ name, email }) => ({ name, email }))) ===
      JSON.stringify(list) &&
    (choice.buyerAttends === undefined || answered(current) === choice.buyerAttends);
  let overCap = false;
  const after = await updateEnrolment(record.orderNo, record.courseId, (current) => {
    overCap = false;
    if (current.cancelledAt !== undefined || same(current)) return SKIP;
    const changed = withAttendees(current, list, now);
    // DECISIONS 59: never more than 2 x seats invitations to attendees per enrolment.
    if (invitationsOf(changed) > 2 * current.seats) {
      overCap = true;
      return SKIP;
    }
    return { ...changed, attendeesNotice: notice };
  });
  if (overCap) throw new LimitReached([BATCH_HINTS.attendeeChangesExhausted]);
  if (!after || after.cancelledAt !== undefined) throw new NotFound([NOT_YOURS]);
  const mailDeps = { ...deps, now: deps.now ?? (() => now) };
  await queueAttendeeMails(after, attendeesOf(after), mailDeps, batch);
  await queueRemovalMails(after, mailDeps, batch);
  return toEnrolment(after, batch, viewer);
}

/** The calendar file (`.ics`) of an enrolment's batch, for its buyer or an attendee. */
export async function myCourseCalendar(
  userId: string,
  orderNo: string,
  courseIdText: string,
  siteUrl: string,
  now: Date = new Date(),
): Promise<{ readonly filename: string; readonly text: string }> {
  const viewer = await viewerOf(userId);
  const { record, batch } = await enrolmentFor(viewer, orderNo, courseIdText, true);
  return {
    filename: calendarFileName(record.courseName, batch.id),
    // Above the last cancellation an attendee change sent (one named again downloads it at once).
    text: batchCalendar({
      batch,
      courseName: record.courseName,
      siteUrl,
      sequence: Math.max(calendarSequence(now), record.sequence ?? 0),
    }),
  };
}
