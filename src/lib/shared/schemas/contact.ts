import { z } from 'zod';

/** The form hints, word for word from product-spec section 5. */
export const CONTACT_HINTS = {
  name: 'Name is required.',
  phone: 'Phone is required.',
  email: 'Valid email is required.',
  message: 'Please,leave us a message.',
} as const;

/** Client code of both contact forms (product-spec section 9, DECISIONS 21). */
export const CONTACT_CLIENT = 'sis';

/** Longest accepted name, e-mail and message, in characters. */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

/**
 * Indian phone: 10 digits, optionally after `+91`, `+91-` or `0` (DECISIONS 22). Spaces are
 * ignored; the captured group is the 10 digits.
 */
const PHONE_PATTERN = /^(?:\+91-?|0)?(\d{10})$/;

/** E-mail as the spec's pattern: lower-case local part, @, domain, an ending of 2 to 4 letters. */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,4}$/;

/** Lower-cases an e-mail address as it is typed (DECISIONS 23). */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** `+91 98765-43210`, `098765 43210`, `9876543210` -> `+919876543210`; undefined when invalid. */
export function normaliseIndianPhone(value: string): string | undefined {
  const digits = PHONE_PATTERN.exec(value.replace(/\s+/g, ''))?.[1];
  return digits === undefined ? undefined : `+91${digits}`;
}

/** The four fields a visitor types, as the form holds them (before normalisation). */
export const ContactFieldsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, CONTACT_HINTS.name)
    .max(CONTACT_LIMITS.name, `Name is too long (${CONTACT_LIMITS.name} characters at most).`)
    .describe('Visitor name, trimmed.'),
  phone: z
    .string()
    .refine((value) => normaliseIndianPhone(value) !== undefined, CONTACT_HINTS.phone)
    .transform((value) => normaliseIndianPhone(value) ?? value)
    .describe('Indian phone, stored as +91 and 10 digits.'),
  email: z
    .string()
    .transform(normaliseEmail)
    .pipe(z.string().max(CONTACT_LIMITS.email, CONTACT_HINTS.email).regex(EMAIL_PATTERN, CONTACT_HINTS.email))
    .describe('E-mail, lower-cased.'),
  message: z
    .string()
    .trim()
    .min(1, CONTACT_HINTS.message)
    .max(CONTACT_LIMITS.message, `Message is too long (${CONTACT_LIMITS.message} characters at most).`)
    .describe('What the visitor wants, trimmed.'),
});

export type ContactFieldsInput = z.input<typeof ContactFieldsSchema>;

/**
 * Body of `POST /api/contact/sendmail` (API.md). `website` is a honeypot: hidden from people,
 * filled in by bots; the server accepts such a message without storing or mailing it.
 */
export const ContactRequestSchema = ContactFieldsSchema.extend({
  client: z.literal(CONTACT_CLIENT, { error: 'This form belongs to another site.' }),
  website: z.string().max(500).optional().describe('Honeypot field; empty for people.'),
}).strict();

export type ContactRequest = z.infer<typeof ContactRequestSchema>;

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
