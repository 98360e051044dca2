/**
 * A student's enrolments as My courses reads them (API.md, Students; DECISIONS 55-56), and a batch
 * with its joining link. Re-exported by `./batch`, whose console rules My courses does not load.
 */
import * as z from '~/lib/shared/zod';
import { BatchSchema } from '~/lib/shared/schemas/batch-public';

/** A batch as staff and its enrolled students see it: with the joining link once set. */
export const BatchWithLinkSchema = z.extend(BatchSchema, { joinUrl: z.optional(z.string()) });
export type BatchWithLink = z.infer<typeof BatchWithLinkSchema>;

/** `GET /api/me/courses`: one enrolment of the session user, as buyer or attendee. */
export const EnrolmentSchema = z.object({
  orderNo: z.string(),
  course: z.object({ id: z.int(), name: z.string() }),
  batch: BatchWithLinkSchema,
  /** Seats bought on this order for this batch. */
  seats: z.int(),
  /**
   * Who attends: the people named, and the buyer when they attend (a one-seat buyer from the
   * start); an attendee sees only themselves. `you`: the session user.
   */
  attendees: z.array(z.object({ name: z.string(), email: z.string(), you: z.optional(z.literal(true)) })),
  /** What the session user is on it: the buyer (who names the attendees) or an attendee. */
  role: z.enum(['buyer', 'attendee']),
  /**
   * For the buyer only: whether they attend themselves (issue 42, item 6); null while a buyer of
   * several seats has not said.
   */
  buyerAttends: z.optional(z.nullable(z.boolean())),
  /**
   * Once its course was refunded (issue 42, item 6): when (ISO 8601), and for the buyer the
   * credit note's number. A refunded enrolment has no joining link and no calendar.
   */
  refunded: z.optional(z.object({ at: z.string(), creditNoteNo: z.optional(z.string()) })),
});
export type Enrolment = z.infer<typeof EnrolmentSchema>;
export const EnrolmentsSchema = z.array(EnrolmentSchema);
