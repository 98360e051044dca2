import * as z from '~/lib/shared/zod';

/** Delivery state of one e-mail on the mail queue. */
export const MailDeliverySchema = z.object({
  /** `failed` = given up after the last try. */
  status: z.enum(['pending', 'sent', 'failed']),
  /** Send attempts made so far. */
  attempts: z.int().check(z.gte(0)),
  /** When the retry job may try again (ISO 8601). */
  nextAttemptAt: z.optional(z.iso.datetime()),
  sentAt: z.optional(z.iso.datetime()),
  /** The mail provider's id of the sent e-mail. */
  providerId: z.optional(z.string()),
  /** Why the last attempt failed, for maintainers. */
  lastError: z.optional(z.string().check(z.maxLength(500))),
});

export type MailDelivery = z.infer<typeof MailDeliverySchema>;
