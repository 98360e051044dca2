import { z } from 'zod';
import { CONTACT_CLIENT } from '~/lib/shared/schemas/contact';

/*
 * The stored contact message (server side only, so it uses zod's full API; the browser-facing
 * request schema is in contact.ts, on zod/mini).
 */

/** Delivery state of one e-mail about a contact message. */
export const MailDeliverySchema = z.object({
  status: z.enum(['pending', 'sent', 'failed']).describe('failed = given up after the last try.'),
  attempts: z.number().int().nonnegative().describe('Send attempts made so far.'),
  nextAttemptAt: z.iso.datetime().optional().describe('When the retry job may try again (ISO 8601).'),
  sentAt: z.iso.datetime().optional(),
  providerId: z.string().optional().describe("The mail provider's id of the sent e-mail."),
  lastError: z.string().max(500).optional().describe('Why the last attempt failed, for maintainers.'),
});

export type MailDelivery = z.infer<typeof MailDeliverySchema>;

/** A stored contact message: what the visitor sent and what became of its e-mails. */
export const ContactMessageSchema = z.object({
  id: z
    .string()
    .regex(/^[0-9a-z-]{10,64}$/)
    .describe('Time-sortable id.'),
  receivedAt: z.iso.datetime().describe('When the server stored it (ISO 8601, UTC).'),
  client: z.literal(CONTACT_CLIENT),
  name: z.string(),
  phone: z.string().regex(/^\+91\d{10}$/),
  email: z.string(),
  message: z.string(),
  mail: z.object({
    company: MailDeliverySchema.describe('The message to the company inbox (CONTACT_TO).'),
    visitor: MailDeliverySchema.describe('The acknowledgement to the visitor.'),
  }),
});

export type ContactMessage = z.infer<typeof ContactMessageSchema>;
