import * as z from '~/lib/shared/zod';
import { CONTACT_CLIENT, CONTACT_FORMS } from '~/lib/shared/schemas/contact';
import { MailDeliverySchema } from '~/lib/shared/schemas/mail-delivery';

/** A stored contact message: what the visitor sent, as validated (its e-mails are on the mail queue). */
export const ContactMessageSchema = z.object({
  /** Time-sortable id. */
  id: z.string().check(z.regex(/^[0-9a-z-]{10,64}$/)),
  /** When the server stored it (ISO 8601, UTC). */
  receivedAt: z.iso.datetime(),
  client: z.literal(CONTACT_CLIENT),
  name: z.string(),
  /** `+91` and 10 digits. */
  phone: z.string().check(z.regex(/^\+91\d{10}$/)),
  email: z.string(),
  message: z.string(),
  /** The form it came from (messages stored before this was recorded have none). */
  form: z.optional(z.enum(CONTACT_FORMS)),
});

export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** A message as maintainers list it: with the delivery state of its two e-mails. */
export const ContactMessageReportSchema = z.object({
  ...ContactMessageSchema.shape,
  mail: z.object({
    /** The message to the company inbox (CONTACT_TO). */
    company: MailDeliverySchema,
    /** The acknowledgement to the visitor. */
    visitor: MailDeliverySchema,
  }),
});

export type ContactMessageReport = z.infer<typeof ContactMessageReportSchema>;
