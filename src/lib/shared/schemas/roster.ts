/*
 * A batch's roster (DECISIONS 54-55; API.md, Students): who is enrolled on it, for the console's
 * Batches tab (`GET /api/console/batches/{id}/roster`) and its CSV download.
 */
import * as z from '~/lib/shared/zod';
import { BatchWithLinkSchema } from '~/lib/shared/schemas/batch';

const PersonSchema = z.object({ name: z.string(), email: z.string() });

/** One enrolment on the batch: one course of one paid order. */
const RosterEntrySchema = z.object({
  orderNo: z.string(),
  /** When the payment that enrolled them was confirmed (ISO 8601). */
  enrolledAt: z.string(),
  buyer: PersonSchema,
  /** Seats bought on this order. */
  seats: z.int(),
  /** The attendees the buyer named (fewer than the seats until all are named). */
  attendees: z.array(PersonSchema),
});

/** The batch with its joining link, and its enrolments (refunded ones left out), oldest first. */
export const RosterSchema = z.object({
  batch: BatchWithLinkSchema,
  items: z.array(RosterEntrySchema),
});
export type Roster = z.infer<typeof RosterSchema>;
