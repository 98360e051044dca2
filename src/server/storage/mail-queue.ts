/**
 * The mail queue (`mail-queue` store): every e-mail the site sends is stored here before it is
 * sent. Key formats:
 * - `mails/<key>`: the e-mail and its delivery state, keyed by its idempotency key, so queueing
 *   the same e-mail twice stores it once;
 * - `pending/<key>`: an empty marker while the e-mail waits to be sent. The retry job lists this
 *   prefix, so it never scans delivered mail;
 * - `failed/<key>`: an empty marker once the e-mail was given up, for the console's mail list.
 */
import * as z from '~/lib/shared/zod';
import { MailDeliverySchema, type MailDelivery } from '~/lib/shared/schemas/mail-delivery';
import { openStore, SKIP, type VersionedRecord } from '~/server/storage/blob-store';
import { forgetLeadRowOfMail } from '~/server/storage/contact-messages';

export type { MailDelivery } from '~/lib/shared/schemas/mail-delivery';

/** A file sent with an e-mail: its name, media type and bytes in base64. */
export const MailAttachmentSchema = z.object({
  filename: z.string().check(z.minLength(1), z.maxLength(200)),
  contentType: z.string().check(z.minLength(1), z.maxLength(200)),
  contentBase64: z.base64(),
});

/** An e-mail in the queue: what to send and what became of it. */
const QueuedMailSchema = z.object({
  /** The idempotency key: same key, same e-mail, sent at most once. */
  key: z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,200}$/)),
  /** When it was queued (ISO 8601, UTC). */
  queuedAt: z.iso.datetime(),
  to: z.array(z.string()).check(z.minLength(1)),
  replyTo: z.optional(z.string()),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** Files sent with it (a calendar file), if any. */
  attachments: z.optional(z.array(MailAttachmentSchema)),
  delivery: MailDeliverySchema,
});

export type QueuedMail = z.infer<typeof QueuedMailSchema>;

/** A queued e-mail as stored, with the ETag a later update can start from. */
export type StoredQueuedMail = VersionedRecord<QueuedMail>;

const store = openStore('mail-queue');
const PendingMarkerSchema = z.object({ since: z.iso.datetime() });

const mailKey = (key: string) => `mails/${key}`;
const pendingKey = (key: string) => `pending/${key}`;

/**
 * Stores a new e-mail and marks it pending. The marker is written first, so a stored e-mail is
 * never missing from the queue; a marker without an e-mail is dropped by the retry job. Resolves
 * to the e-mail as stored, or to undefined when an e-mail with this key was queued before
 * (nothing changes then).
 */
export async function saveQueuedMail(mail: QueuedMail): Promise<StoredQueuedMail | undefined> {
  const markedNow = await store.create(pendingKey(mail.key), PendingMarkerSchema, { since: mail.queuedAt });
  const stored = await store.createVersioned(mailKey(mail.key), QueuedMailSchema, mail);
  if (stored) {
    await forgetLeadRowOfMail(mail.key);
    return stored;
  }
  // Queued before. If this call wrote the marker, either that e-mail was settled (sent or given
  // up) and the marker would keep it on the pending list for ever, so it goes again; or another
  // call is queueing it at this moment, and the marker is that e-mail's own, so it stays.
  if (markedNow && (await getQueuedMail(mail.key))?.delivery.status !== 'pending') {
    await clearPendingMail(mail.key);
  }
  return undefined;
}

/** The queued e-mail with this idempotency key, or undefined. */
export function getQueuedMail(key: string): Promise<QueuedMail | undefined> {
  return store.get(mailKey(key), QueuedMailSchema);
}

/**
 * Changes the delivery state of a queued e-mail with a conflict-safe read-modify-write; `fn` must
 * be pure (it may run more than once). Starts `from` the version the caller holds, if any, instead
 * of reading it. Resolves to the stored result, or undefined when absent.
 */
export async function updateQueuedMail(
  key: string,
  fn: (mail: QueuedMail) => QueuedMail,
  from?: StoredQueuedMail,
): Promise<QueuedMail | undefined> {
  const mail = await store.update(
    mailKey(key),
    QueuedMailSchema,
    (current) => (current ? fn(current) : SKIP),
    {
      from,
    },
  );
  if (mail) await forgetLeadRowOfMail(key);
  return mail;
}

/**
 * Deletes a queued e-mail and its pending and failed markers (a lead's e-mails when the lead is
 * erased, DECISIONS 63): it is neither sent nor listed again. The markers go first, so a crash
 * leaves a stored e-mail no list names, never a marker the retry job would send from.
 */
export async function deleteQueuedMail(key: string): Promise<void> {
  await Promise.all([store.delete(pendingKey(key)), store.delete(failedKey(key))]);
  await store.delete(mailKey(key));
}

/** Keys of the e-mails still waiting to be sent, oldest marker key first. */
export async function listPendingMailKeys(): Promise<string[]> {
  const keys = await store.list('pending/');
  return keys.map((key) => key.slice('pending/'.length));
}

/** Takes an e-mail off the pending list (sent or given up). */
export function clearPendingMail(key: string): Promise<void> {
  return store.delete(pendingKey(key));
}

const failedKey = (key: string) => `failed/${key}`;

/** Lists an e-mail as given up (the console shows it until staff retry it). */
export async function markFailedMail(key: string): Promise<void> {
  await store.create(failedKey(key), PendingMarkerSchema, { since: new Date().toISOString() });
}

/** Keys of the e-mails given up. */
export async function listFailedMailKeys(): Promise<string[]> {
  const keys = await store.list('failed/');
  return keys.map((key) => key.slice('failed/'.length));
}

/**
 * Puts a given-up or waiting e-mail back on the pending list, due now (staff's Retry now). A sent
 * e-mail stays as it is. Resolves to the e-mail as stored, or undefined when there is none.
 */
export async function requeueMail(key: string, now: Date): Promise<QueuedMail | undefined> {
  const mail = await store.update(mailKey(key), QueuedMailSchema, (current) => {
    if (!current || current.delivery.status === 'sent') return SKIP;
    const delivery: MailDelivery = { ...current.delivery, status: 'pending' };
    delete delivery.nextAttemptAt;
    return { ...current, delivery };
  });
  if (mail) await forgetLeadRowOfMail(key);
  if (mail?.delivery.status === 'pending') {
    await store.create(pendingKey(key), PendingMarkerSchema, { since: now.toISOString() });
    await store.delete(failedKey(key));
  }
  return mail;
}
