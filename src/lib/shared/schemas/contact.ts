/*
 * The contact form's rules, shared by the form (browser) and the function (server). Written with
 * zod/mini, zod's tree-shakable API (about 5 KB in the browser instead of about 35 KB); field
 * documentation is in comments because zod/mini has no `.describe()`.
 */
import * as z from '~/lib/shared/zod';
import { NoticeFieldSchema } from '~/lib/shared/schemas/notice-field';
import { hasInvisibleOrControl, keepLineBreaksOnly, visibleCharactersOnly } from '~/lib/shared/schemas/text';

/** The form hints: product-spec section 5's, with the slips DECISIONS 22 and 41 correct. */
export const CONTACT_HINTS = {
  name: 'Name is required.',
  phone: 'Phone is required.',
  /** A phone typed but not a valid one (DECISIONS 22). */
  phoneInvalid: 'Enter a 10-digit phone number (it may start with +91 or 0).',
  email: 'Valid email is required.',
  message: 'Please leave us a message.',
} as const;

/** Client code of both contact forms (product-spec section 9, DECISIONS 21). */
export const CONTACT_CLIENT = 'sis';

/** Longest accepted name, e-mail and message, in characters. */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

/**
 * Indian phone: 10 digits, optionally after `+91`, `+91-` or `0` (DECISIONS 22, 24). Spaces and
 * hyphens are ignored; the captured group is the 10 digits.
 */
const PHONE_PATTERN = /^(?:\+91|0)?(\d{10})$/;

/**
 * E-mail (DECISIONS 23): a lower-case local part, @, a domain of labels whose last is 2 to 63
 * letters (`priya@acme.solutions`).
 */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,63}$/;

/** Lower-cases an e-mail address as it is typed (DECISIONS 23). */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** `+91 98765-43210`, `098765 43210`, `9876543210` -> `9876543210`; undefined when invalid. */
export function indianMobileDigits(value: string): string | undefined {
  return PHONE_PATTERN.exec(value.replace(/[\s-]+/g, ''))?.[1];
}

/** `+91 98765-43210`, `098765 43210`, `9876543210` -> `+919876543210`; undefined when invalid. */
export function normaliseIndianPhone(value: string): string | undefined {
  const digits = indianMobileDigits(value);
  return digits === undefined ? undefined : `+91${digits}`;
}

/** The four fields a visitor types. Parsing trims, lower-cases the e-mail and normalises the phone. */
export const ContactFieldsSchema = z.object({
  /** Visitor name, trimmed. */
  name: z.string(CONTACT_HINTS.name).check(
    z.trim(),
    z.minLength(1, CONTACT_HINTS.name),
    z.refine((value) => !hasInvisibleOrControl(value), visibleCharactersOnly('Name')),
    z.maxLength(CONTACT_LIMITS.name, `Name is too long (${CONTACT_LIMITS.name} characters at most).`),
  ),
  /** Indian phone, stored as +91 and 10 digits. */
  phone: z.string(CONTACT_HINTS.phone).check(
    z.refine((value) => value.trim() !== '', CONTACT_HINTS.phone),
    z.refine(
      (value) => value.trim() === '' || normaliseIndianPhone(value) !== undefined,
      CONTACT_HINTS.phoneInvalid,
    ),
    z.overwrite((value) => normaliseIndianPhone(value) ?? value),
  ),
  /** E-mail, lower-cased. */
  email: z.string(CONTACT_HINTS.email).check(
    z.refine((value) => !hasInvisibleOrControl(value), visibleCharactersOnly('E-mail')),
    z.overwrite(normaliseEmail),
    z.maxLength(CONTACT_LIMITS.email, CONTACT_HINTS.email),
    z.regex(EMAIL_PATTERN, CONTACT_HINTS.email),
  ),
  /** What the visitor wants, trimmed, with line breaks kept and no other invisible characters. */
  message: z
    .string(CONTACT_HINTS.message)
    .check(
      z.overwrite(keepLineBreaksOnly),
      z.trim(),
      z.minLength(1, CONTACT_HINTS.message),
      z.maxLength(
        CONTACT_LIMITS.message,
        `Message is too long (${CONTACT_LIMITS.message} characters at most).`,
      ),
    ),
});

export type ContactFieldsInput = z.input<typeof ContactFieldsSchema>;
export type ContactFields = z.output<typeof ContactFieldsSchema>;

/** The two forms that send contact messages: the contact page's and the footer's Get A Quote. */
export const CONTACT_FORMS = ['contact', 'quote'] as const;
export type ContactFormName = (typeof CONTACT_FORMS)[number];

/**
 * Body of `POST /api/contact/sendmail` (API.md). `website` is a honeypot: hidden from people,
 * filled in by bots; the server accepts such a message without storing or mailing it.
 */
export const ContactRequestSchema = z.strictObject({
  ...ContactFieldsSchema.shape,
  client: z.literal(CONTACT_CLIENT, 'This form belongs to another site.'),
  /** Which form sent it: the contact page's, or the footer's Get A Quote (the console shows it). */
  form: z.optional(z.enum(CONTACT_FORMS, 'The form could not be read. Please reload the page.')),
  website: z.optional(
    z.string('The form could not be read. Please reload the page.').check(z.maxLength(500)),
  ),
  /** The version of the notice shown beside the form (DECISIONS 63); the original site sends none. */
  notice: NoticeFieldSchema,
});

export type ContactRequest = z.output<typeof ContactRequestSchema>;
