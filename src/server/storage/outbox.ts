/**
 * The local mail outbox (`outbox` store), used when no RESEND_API_KEY is set. Keyed by the
 * mail's idempotency key, so a retried send is stored once, as Resend would send it once.
 */
import * as z from '~/lib/shared/zod';
import { MailAttachmentSchema } from '~/server/storage/mail-queue';
import { openStore } from '~/server/storage/blob-store';
import { sweep, type Budget, type SweepResult } from '~/server/storage/sweep';

/** An e-mail as it would have been sent. */
export const OutboxMailSchema = z.object({
  id: z.string(),
  queuedAt: z.iso.datetime(),
  from: z.string(),
  to: z.array(z.string()).check(z.minLength(1)),
  replyTo: z.optional(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: z.optional(z.array(MailAttachmentSchema)),
});

export type OutboxMail = z.infer<typeof OutboxMailSchema>;

const store = openStore('outbox');
const mailKey = (idempotencyKey: string) => `mails/${idempotencyKey}`;

/** Stores `mail` unless a mail with the same idempotency key is there; resolves to the stored one. */
export async function putOutboxMail(idempotencyKey: string, mail: OutboxMail): Promise<OutboxMail> {
  if (await store.create(mailKey(idempotencyKey), OutboxMailSchema, mail)) return mail;
  return (await store.get(mailKey(idempotencyKey), OutboxMailSchema)) ?? mail;
}

/** Deletes the local outbox's copy of an e-mail, if any (a lead erased, DECISIONS 63). */
export function deleteOutboxMail(idempotencyKey: string): Promise<void> {
  return store.delete(mailKey(idempotencyKey));
}

/** Deletes local outbox e-mails stored before `before` (issue 17, item 6). */
export function sweepOutbox(before: Date, budget: Budget): Promise<SweepResult> {
  return sweep(
    store,
    'mails/',
    OutboxMailSchema,
    (mail) => Date.parse(mail.queuedAt) < before.getTime(),
    budget,
  );
}
