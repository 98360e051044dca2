/*
 * Notices beside the forms that collect personal data (DECISIONS 63; API.md, Your account,
 * "Consent records"): the copy's shape, the `notice` field the form calls send, and what a stored
 * record keeps of it. One schema for form, function and storage (STYLE 5). zod/mini.
 */
import * as z from '~/lib/shared/zod';

/** The forms that show a notice; the Get A Quote form is the footer's contact form. */
export const NOTICE_FORMS = ['contact', 'quote', 'signUp', 'checkout', 'attendees'] as const;
export type NoticeForm = (typeof NOTICE_FORMS)[number];

/** What a call answers (400) when the page showed a notice that is no longer the current one. */
export const NOTICE_CHANGED = "This form's notice has changed. Please reload the page.";

/** A notice's version: the day its words took effect, `2026-11-26`. */
export const NoticeVersionSchema = z
  .string(NOTICE_CHANGED)
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, NOTICE_CHANGED));
export type NoticeVersion = z.infer<typeof NoticeVersionSchema>;

/**
 * The optional `notice` of a form call's body: the version of the notice shown beside the form.
 * Its shape is checked here; whether it is the form's current version, by the server
 * (`noticeAccepted`), so the browser bundle carries no copy it does not show.
 */
export const NoticeFieldSchema = z.optional(NoticeVersionSchema);

/**
 * The notice a stored record keeps: the version shown and when the server took the call
 * (ISO 8601, UTC); null for a call that sent none (the original site's clients).
 */
export const NoticeAcceptedSchema = z.nullable(
  z.object({
    version: NoticeVersionSchema,
    at: z.iso.datetime(),
  }),
);
export type NoticeAccepted = z.infer<typeof NoticeAcceptedSchema>;

const words = (min: number, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(min, `must be at least ${min} characters`),
      z.maxLength(max, `must be at most ${max} characters`),
    );

/**
 * One notice's copy (`src/content/ui/notices.ts`): a short summary in plain words (what is
 * collected, why, for how long, how to withdraw or complain: 2-4 short sentences) and a few more
 * lines behind "More".
 */
export const NoticeCopySchema = z.object({
  /** The day these words took effect, `2026-11-26`; change it whenever the words change. */
  version: NoticeVersionSchema,
  /** Which form it sits beside, as the privacy policy lists it: "Contact form". */
  form: words(3, 60),
  /** 2-4 short sentences shown at once. */
  summary: z.array(words(10, 160)).check(z.minLength(2), z.maxLength(4)),
  /** Lines behind "More" (may be none). */
  more: z.array(words(10, 200)).check(z.maxLength(5)),
});
export type NoticeCopy = z.infer<typeof NoticeCopySchema>;

/** Every form's notice. */
export const NoticesSchema = z.object({
  contact: NoticeCopySchema,
  quote: NoticeCopySchema,
  signUp: NoticeCopySchema,
  checkout: NoticeCopySchema,
  attendees: NoticeCopySchema,
});
export type Notices = z.infer<typeof NoticesSchema>;
