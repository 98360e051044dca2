/*
 * The `notice` field of the form calls (DECISIONS 63): the version of the notice shown beside the
 * form. Its own module, so a form's bundle carries this and nothing else of `./notice`. zod/mini.
 */
import * as z from '~/lib/shared/zod';

/** What a call answers (400) when the page showed a notice that is no longer the current one. */
export const NOTICE_CHANGED = "This form's notice has changed. Please reload the page.";

/** A notice's version: the day its words took effect, `2026-11-26`. */
export const NoticeVersionSchema = z
  .string(NOTICE_CHANGED)
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, NOTICE_CHANGED));

/**
 * The optional `notice` of a form call's body: the version of the notice shown beside the form.
 * Its shape is checked here; whether it is the form's current version, by the server
 * (`noticeAccepted`), so the browser bundle carries no copy it does not show.
 */
export const NoticeFieldSchema = z.optional(NoticeVersionSchema);
