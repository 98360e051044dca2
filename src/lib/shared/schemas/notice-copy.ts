/*
 * The shape of the notices' copy (`src/content/ui/notices.ts`, DECISIONS 63), checked by the
 * functions when they load and by the privacy policy page at build time; apart from
 * `./notice` so that no form's bundle carries it. zod/mini.
 */
import * as z from '~/lib/shared/zod';
import { NoticeVersionSchema } from '~/lib/shared/schemas/notice';

const words = (min: number, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(min, `must be at least ${min} characters`),
      z.maxLength(max, `must be at most ${max} characters`),
    );

/**
 * One notice's copy : a short summary in plain words (what is
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
