/*
 * Notices beside the forms that collect personal data (DECISIONS 63; API.md, Accounts, "Your
 * account", consent records): the `notice` field the form calls send, and what a stored record
 * keeps of it. One schema for form, function and storage (STYLE 5). zod/mini. The field the forms
 * send is in `./notice-field` (re-exported here), so a form's bundle carries nothing else of
 * this; the copy's shape is in `./notice-copy`, which no browser bundle needs.
 */
import * as z from '~/lib/shared/zod';
import { NoticeVersionSchema } from '~/lib/shared/schemas/notice-field';

export { NOTICE_CHANGED, NoticeFieldSchema, NoticeVersionSchema } from '~/lib/shared/schemas/notice-field';

/** The forms that show a notice; the Get A Quote form is the footer's contact form. */
export const NOTICE_FORMS = ['contact', 'quote', 'signUp', 'checkout', 'attendees'] as const;
export type NoticeForm = (typeof NOTICE_FORMS)[number];

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
