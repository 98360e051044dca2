import * as z from '~/lib/shared/zod';
import { CONTACT_CLIENT, CONTACT_FORMS } from '~/lib/shared/schemas/contact';
import { MailDeliverySchema, type MailDelivery } from '~/lib/shared/schemas/mail-delivery';
import { NoticeAcceptedSchema } from '~/lib/shared/schemas/notice';

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
  /**
   * The notice shown beside the form (DECISIONS 63): its version and when the message came; null
   * when the call named none; absent on messages stored before notices.
   */
  notice: z.optional(NoticeAcceptedSchema),
});

export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** Longest reason staff give for erasing a lead, in characters. */
export const ERASE_REASON_MAX = 300;

/** Who erased a lead's personal data, when and why (DECISIONS 63): never what it said. */
export const ErasureSchema = z.object({
  /** A staff member's e-mail, or 'the customer' (they deleted their account). */
  by: z.string().check(z.minLength(1), z.maxLength(254)),
  /** When (ISO 8601, UTC). */
  at: z.iso.datetime(),
  reason: z.string().check(z.minLength(1), z.maxLength(ERASE_REASON_MAX)),
});
export type Erasure = z.infer<typeof ErasureSchema>;

/** The delivery of a lead's two e-mails as it was when the lead was erased (the e-mails are gone). */
const ErasedMailSchema = z.object({
  status: MailDeliverySchema.shape.status,
  attempts: MailDeliverySchema.shape.attempts,
});

/**
 * A contact message whose personal data was erased (DECISIONS 63): what remains is when it came,
 * from which form, the notice it was sent under, its e-mails' delivery and the erasure.
 */
const ErasedContactMessageSchema = z.object({
  id: ContactMessageSchema.shape.id,
  receivedAt: z.iso.datetime(),
  client: z.literal(CONTACT_CLIENT),
  form: z.optional(z.enum(CONTACT_FORMS)),
  notice: z.optional(NoticeAcceptedSchema),
  mail: z.object({ company: ErasedMailSchema, visitor: ErasedMailSchema }),
  erased: ErasureSchema,
});
export type ErasedContactMessage = z.infer<typeof ErasedContactMessageSchema>;

/** A message as the store holds it: as sent, or erased. */
export const StoredContactMessageSchema = z.union([ContactMessageSchema, ErasedContactMessageSchema]);
export type StoredContactMessage = z.infer<typeof StoredContactMessageSchema>;

/** A message as maintainers list it: with the delivery state of its two e-mails. */
export type ContactMessageReport = ContactMessage & {
  mail: {
    /** The message to the company inbox (CONTACT_TO). */
    company: MailDelivery;
    /** The acknowledgement to the visitor. */
    visitor: MailDelivery;
  };
};
