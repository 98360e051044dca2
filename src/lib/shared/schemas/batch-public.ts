/*
 * The public shape of a batch (API.md `Batch`; DECISIONS 54), in a module of its own: the course
 * page parses the catalogue's batches before any island has hydrated, so what it loads must not
 * carry the console's and the attendees' rules (`./batch`, which re-exports all of this).
 */
import * as z from '~/lib/shared/zod';

/** Seats one order may buy of one batch (DECISIONS 55; `BATCH_LIMITS.seatsPerOrder`). */
export const SEATS_PER_ORDER = 20;

/** The sentence for a seat count outside 1 to 20 (`BATCH_HINTS.seatsPerOrder`). */
export const SEATS_HINT = `Choose 1 to ${SEATS_PER_ORDER} seats.`;

/** The sentence for an id that is not a batch's (`BATCH_HINTS.id`). */
export const BATCH_ID_HINT = 'That is not a batch of this site.';

/** Batch ids: lower-case letters, digits and hyphens (`b-3-20261207-evening`). */
export const BATCH_ID_PATTERN = /^[a-z0-9-]{1,40}$/;
export const BatchIdSchema = z.string(BATCH_ID_HINT).check(z.regex(BATCH_ID_PATTERN, BATCH_ID_HINT));

/** A batch as public answers carry it (API.md `Batch`): never its joining link. */
export const BatchSchema = z.object({
  id: BatchIdSchema,
  courseId: z.int(),
  /** The first session's day in India, `YYYY-MM-DD`. */
  startsOn: z.string(),
  /** Days and hours in IST, e.g. `Mon-Thu 19:00-21:00 IST`. */
  schedule: z.string(),
  /** How many sessions the batch has. */
  sessions: z.int(),
  trainer: z.string(),
  /** Seats in all. */
  seats: z.int(),
  /** Seats not yet taken by a confirmed payment. */
  seatsLeft: z.int(),
});
export type Batch = z.infer<typeof BatchSchema>;
