/*
 * Batches, seats and enrolments (DECISIONS 54-56; API.md `Batch`, console batches, Students): one
 * schema per shape for the console's form, the functions and storage. A batch is a run of a
 * course: a start date, a weekly schedule in IST, a number of sessions, a trainer and seats.
 */
import * as z from '~/lib/shared/zod';
import { EmailSchema, PersonNameSchema } from '~/lib/shared/schemas/account';
import { NoticeFieldSchema } from '~/lib/shared/schemas/notice-field';
import { hasInvisibleOrControl, visibleCharactersOnly } from '~/lib/shared/schemas/text';
import { parseSchedule } from '~/lib/shared/batch-schedule';
import { CourseSummarySchema } from '~/lib/shared/schemas/course';
import {
  BATCH_ID_HINT,
  BatchIdSchema,
  BatchSchema,
  SEATS_HINT,
  SEATS_PER_ORDER,
} from '~/lib/shared/schemas/batch-public';

// The public shape lives in its own module (the course page's script parses it and nothing else);
// it is part of this module's API as before. So do a student's enrolments (My courses reads them
// before a touch, and none of the console's rules here).
export { BATCH_ID_PATTERN, type Batch } from '~/lib/shared/schemas/batch-public';
export {
  BatchWithLinkSchema,
  EnrolmentSchema,
  EnrolmentsSchema,
  type BatchWithLink,
  type Enrolment,
} from '~/lib/shared/schemas/enrolment';

const BATCH_LIMITS = {
  /** Seats one order may buy of one batch (DECISIONS 55). */
  seatsPerOrder: SEATS_PER_ORDER,
  /** Seats a batch may have. */
  seats: 500,
  sessions: 200,
  trainer: 80,
  joinUrl: 500,
} as const;

/** The sentences forms show and functions answer, one per rule. */
export const BATCH_HINTS = {
  id: BATCH_ID_HINT,
  courseId: 'Choose a course.',
  startsOn: 'Enter the start date as a real date (YYYY-MM-DD).',
  schedule:
    "Enter the schedule as days and hours in IST, e.g. 'Mon-Thu 19:00-21:00 IST' or 'Sat,Sun 10:00-13:00 IST'.",
  sessions: `Enter the number of sessions (1 to ${BATCH_LIMITS.sessions}).`,
  trainer: 'Enter the trainer’s name.',
  trainerTooLong: `The trainer’s name is too long (${BATCH_LIMITS.trainer} characters at most).`,
  seats: `Enter the number of seats (1 to ${BATCH_LIMITS.seats}).`,
  joinUrl: 'Enter the joining link as a full https:// address, or leave it empty.',
  joinUrlTooLong: `The joining link is too long (${BATCH_LIMITS.joinUrl} characters at most).`,
  joinUrlSpaces: 'The joining link cannot contain spaces, line breaks or other invisible characters.',
  seatsPerOrder: SEATS_HINT,
  full: 'This batch is full. Choose another batch.',
  closed: 'This batch has started or closed. Choose another batch.',
  otherCourse: 'This batch is not a batch of this course.',
  tooManyAttendees: 'You can name as many attendees as seats you bought.',
  duplicateAttendee: 'Each attendee needs their own e-mail address.',
  /** At most 2 x seats invitations are ever mailed to attendees per enrolment (DECISIONS 59): a 429. */
  attendeeChangesExhausted:
    'You have changed the attendees of this course too often. Write to us to change them again.',
} as const;

/** A real calendar date `YYYY-MM-DD` (`2026-02-30` is refused). */
const CalendarDaySchema = z.string(BATCH_HINTS.startsOn).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, BATCH_HINTS.startsOn),
  z.refine((day) => {
    const at = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
  }, BATCH_HINTS.startsOn),
);

/** `Mon-Thu 19:00-21:00 IST`: see `~/lib/shared/batch-schedule` for the grammar. */
const ScheduleSchema = z.string(BATCH_HINTS.schedule).check(
  z.trim(),
  z.maxLength(60, BATCH_HINTS.schedule),
  z.refine((value) => parseSchedule(value) !== undefined, BATCH_HINTS.schedule),
);

/** Seats one order buys of a batch: 1 to 20 (DECISIONS 55). */
export const SeatsSchema = z
  .int(BATCH_HINTS.seatsPerOrder)
  .check(z.gte(1, BATCH_HINTS.seatsPerOrder), z.lte(BATCH_LIMITS.seatsPerOrder, BATCH_HINTS.seatsPerOrder));

const trainer = z.string(BATCH_HINTS.trainer).check(
  z.trim(),
  z.minLength(1, BATCH_HINTS.trainer),
  z.maxLength(BATCH_LIMITS.trainer, BATCH_HINTS.trainerTooLong),
  z.refine((value) => !hasInvisibleOrControl(value), visibleCharactersOnly('Trainer')),
);

/** Any whitespace, control or format character (a line break, a tab, a bidi override). */
const SPACE_OR_CONTROL = /[\s\p{Cc}\p{Cf}\u2028\u2029]/u;

/**
 * The joining link (DECISIONS 59): an https address (a video meeting) of at most 500 characters
 * with no spaces or control characters, set by staff once known. It goes into every student's
 * calendar file and mails, so a line break in it must never get that far (the URL parser would
 * quietly drop one, so the characters are checked as typed).
 */
export const JoinUrlSchema = z.string(BATCH_HINTS.joinUrl).check(
  z.trim(),
  z.maxLength(BATCH_LIMITS.joinUrl, BATCH_HINTS.joinUrlTooLong),
  z.refine((value) => !SPACE_OR_CONTROL.test(value), BATCH_HINTS.joinUrlSpaces),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, BATCH_HINTS.joinUrl),
);

/**
 * What staff enter for a batch (console form, `POST /api/console/batches[/{id}]`, storage).
 * `joinUrl` empty or absent: not set yet.
 */
export const BatchInputSchema = z.strictObject({
  courseId: z.int(BATCH_HINTS.courseId).check(z.positive(BATCH_HINTS.courseId)),
  startsOn: CalendarDaySchema,
  schedule: ScheduleSchema,
  sessions: z
    .int(BATCH_HINTS.sessions)
    .check(z.gte(1, BATCH_HINTS.sessions), z.lte(BATCH_LIMITS.sessions, BATCH_HINTS.sessions)),
  trainer,
  seats: z
    .int(BATCH_HINTS.seats)
    .check(z.gte(1, BATCH_HINTS.seats), z.lte(BATCH_LIMITS.seats, BATCH_HINTS.seats)),
  joinUrl: z.optional(z.union([z.literal(''), JoinUrlSchema])),
});
export type BatchInput = z.infer<typeof BatchInputSchema>;

/** Someone a buyer enrols on seats they bought (DECISIONS 55). */
export const AttendeeSchema = z.strictObject({ name: PersonNameSchema, email: EmailSchema });
export type Attendee = z.infer<typeof AttendeeSchema>;

/** `POST /api/me/courses/{orderNo}/{courseId}/attendees`: the attendees, distinct e-mails. */
export const AttendeesSchema = z.array(AttendeeSchema).check(
  z.maxLength(BATCH_LIMITS.seatsPerOrder, BATCH_HINTS.tooManyAttendees),
  z.refine(
    (list) => new Set(list.map((attendee) => attendee.email)).size === list.length,
    BATCH_HINTS.duplicateAttendee,
  ),
);

/**
 * The body of `POST /api/me/courses/{orderNo}/{courseId}/attendees` (API.md, Students): the list
 * as the first clients send it, or `{attendees, notice}` with the version of the notice shown
 * beside the form (DECISIONS 63). Read as the object either way.
 */
export const AttendeesRequestSchema = z.pipe(
  z.transform((body: unknown) => (Array.isArray(body) ? { attendees: body } : body)),
  z.strictObject({
    attendees: AttendeesSchema,
    notice: NoticeFieldSchema,
    /**
     * The buyer's answer to 'Will you attend yourself?' (issue 42, item 6): true puts them on the
     * list (on one of the seats), false takes them off; absent, the list is as given.
     */
    buyerAttends: z.optional(z.boolean()),
  }),
);

/**
 * A course of `GET /api/courses`: its public fields and its open batches (DECISIONS 54), by start
 * date. Here, not in `./course`, so pages that parse only courses or carts load no batch schema.
 */
const CatalogueCourseSchema = z.extend(CourseSummarySchema, { batches: z.array(BatchSchema) });
export type CatalogueCourse = z.infer<typeof CatalogueCourseSchema>;
export const CatalogueSchema = z.array(CatalogueCourseSchema);

/** `addtocart ?batch=&seats=` (API.md): both optional (the next open batch, 1 seat). */
export const AddToCartQuerySchema = z.object({
  batch: z.optional(BatchIdSchema),
  seats: z.optional(
    z.string(BATCH_HINTS.seatsPerOrder).check(
      z.regex(/^\d{1,2}$/, BATCH_HINTS.seatsPerOrder),
      z.refine(
        (text) => Number(text) >= 1 && Number(text) <= BATCH_LIMITS.seatsPerOrder,
        BATCH_HINTS.seatsPerOrder,
      ),
    ),
  ),
});
