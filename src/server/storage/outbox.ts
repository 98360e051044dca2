/**
 * The local mail outbox (`outbox` store), used when no RESEND_API_KEY is set. Keyed by the
 * mail's idempotency key, so a retried send is stored once, as Resend would send it once.
 */
import { z } from 'zod';
import { openStore } from '~/server/storage/blob-store';

/** An e-mail as it would have been sent. */
export const OutboxMailSchema = z.object({
  id: z.string(),
  queuedAt: z.iso.datetime(),
  from: z.string(),
  to: z.array(z.string()).min(1),
  replyTo: z.string().optional(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

export type OutboxMail = z.infer<typeof OutboxMailSchema>;

const store = openStore('outbox');
const mailKey = (idempotencyKey: string) => `mails/${idempotencyKey}`;

/** Stores `mail` unless a mail with the same idempotency key is there; resolves to the stored one. */
export async function putOutboxMail(idempotencyKey: string, mail: OutboxMail): Promise<OutboxMail> {
  if (await store.create(mailKey(idempotencyKey), OutboxMailSchema, mail)) return mail;
  return (await store.get(mailKey(idempotencyKey), OutboxMailSchema)) ?? mail;
}

/** Every mail in the outbox, oldest key first. */
export async function listOutboxMails(): Promise<OutboxMail[]> {
  const keys = await store.list('mails/');
  const mails = await Promise.all(keys.map((key) => store.get(key, OutboxMailSchema)));
  return mails.filter((mail): mail is OutboxMail => mail !== undefined);
}
