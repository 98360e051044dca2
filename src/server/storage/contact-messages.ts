/**
 * Contact messages in the `contact-messages` store, keyed `messages/<id>` (ids are time-sortable).
 * Their e-mails and delivery states live on the mail queue. Each message is on the console's
 * `leads` and `leads-new` indexes the moment it is stored (DECISIONS 40). `unmailed/<id>` marks a
 * message whose e-mails are not yet on the queue: written with the message, removed once both
 * are queued, so the retry job finds every message whose queueing failed by listing a prefix that
 * is nearly always empty.
 *
 * A message whose personal data was erased (DECISIONS 63, `lead-erasure.ts`) stays at
 * `messages/<id>` as an `ErasedContactMessage`: when it came and who erased it, when and why.
 * `getContactMessage` and `listContactMessages` answer only messages as sent.
 *
 * `by-email/<sha256 of the e-mail>/<id>`: an empty marker per message, so the leads sent from an
 * address (a customer who deletes their account) are found with one listing, not by reading every
 * message: the console's `leads` index names every lead ever sent and grows without end, while an
 * address sends a handful. Written before the message (a crash leaves a marker naming no message,
 * which `leadIdsFromEmail` skips); taken out when the lead is erased. Messages stored before the
 * markers get theirs once, on the first look-up (`email-markers-built`).
 */
import { createHash } from 'node:crypto';
import {
  ContactMessageSchema,
  StoredContactMessageSchema,
  type ContactMessage,
  type ErasedContactMessage,
  type StoredContactMessage,
} from '~/lib/shared/schemas/contact-message';
import * as z from '~/lib/shared/zod';
import { openStore, SKIP } from '~/server/storage/blob-store';
import { forgetSheetRow } from '~/server/storage/console-sheets';
import { addToIndex } from '~/server/storage/time-index';

const store = openStore('contact-messages');
const messageKey = (id: string) => `messages/${id}`;

const unmailedKey = (id: string) => `unmailed/${id}`;
const UnmailedSchema = z.object({ since: z.iso.datetime() });

const EmptySchema = z.object({});
/** An e-mail address as a key part: hashed, so no key carries the address. */
const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
const emailPrefix = (email: string) => `by-email/${emailHash(email)}/`;
const EMAIL_MARKERS_BUILT = 'meta/email-markers-built';
const BuiltSchema = z.object({ at: z.iso.datetime() });

/**
 * Stores a new message, marked unmailed; throws if the id is taken (ids carry 32 random bits, so
 * never in practice). The mark comes first: a crash between the two leaves a mark with no
 * message, which the retry job drops, never a message with no mark.
 */
export async function saveNewContactMessage(message: ContactMessage): Promise<void> {
  await store.create(unmailedKey(message.id), UnmailedSchema, { since: message.receivedAt });
  await store.create(`${emailPrefix(message.email)}${message.id}`, EmptySchema, {});
  const created = await store.create(messageKey(message.id), ContactMessageSchema, message);
  if (!created) throw new Error(`Contact message id collision: ${message.id}`);
  const at = new Date(message.receivedAt);
  await Promise.all([addToIndex('leads', at, message.id), addToIndex('leads-new', at, message.id)]);
}

/** Idempotency keys of a message's two e-mails on the mail queue: the company's and the visitor's. */
export function contactMailKeys(id: string): { readonly company: string; readonly visitor: string } {
  return { company: `contact-${id}-company`, visitor: `contact-${id}-visitor` };
}

const CONTACT_MAIL_KEY = /^contact-(.+)-(?:company|visitor)$/;

/**
 * After a change of a queued e-mail: when it is one of a message's two, takes the message's row
 * out of the console's leads sheet (`console-sheets.ts`), which shows its delivery.
 */
export async function forgetLeadRowOfMail(mailKey: string): Promise<void> {
  const id = CONTACT_MAIL_KEY.exec(mailKey)?.[1];
  const message = id === undefined ? undefined : await getContactMessage(id);
  if (message) await forgetSheetRow('leads', new Date(message.receivedAt), message.id);
}

/** Takes the unmailed mark off a message whose e-mails are queued. */
export function markContactMessageMailed(id: string): Promise<void> {
  return store.delete(unmailedKey(id));
}

/** Ids of the messages whose e-mails may not be on the queue yet, with when they were marked. */
export async function listUnmailedContactMessages(): Promise<
  { readonly id: string; readonly since: Date }[]
> {
  const keys = await store.list('unmailed/');
  const marks = await Promise.all(keys.map((key) => store.get(key, UnmailedSchema)));
  return keys.flatMap((key, index) => {
    const mark = marks[index];
    return mark ? [{ id: key.slice('unmailed/'.length), since: new Date(mark.since) }] : [];
  });
}

/** True for a message whose personal data was erased. */
export const isErased = (message: StoredContactMessage): message is ErasedContactMessage =>
  'erased' in message;

/** The message with this id as sent, or undefined (none, or erased). */
export async function getContactMessage(id: string): Promise<ContactMessage | undefined> {
  const stored = await getStoredContactMessage(id);
  return stored && !isErased(stored) ? stored : undefined;
}

/** The message with this id as stored, as sent or erased, or undefined. */
export function getStoredContactMessage(id: string): Promise<StoredContactMessage | undefined> {
  return store.get(messageKey(id), StoredContactMessageSchema);
}

/** Every stored message, as sent or erased, oldest first. */
export async function listStoredContactMessages(): Promise<StoredContactMessage[]> {
  const keys = await store.list('messages/');
  const messages = await Promise.all(keys.map((key) => store.get(key, StoredContactMessageSchema)));
  return messages.filter((message) => message !== undefined);
}

/** Every message as sent (not erased), oldest first. For the maintainers' listing. */
export async function listContactMessages(): Promise<ContactMessage[]> {
  return (await listStoredContactMessages()).filter(
    (message): message is ContactMessage => !isErased(message),
  );
}

/**
 * Puts `erased` in place of message `id` unless it is erased already (the first erasure stays).
 * Resolves to the message as stored afterwards, or undefined when there is none.
 */
export async function replaceWithErased(
  id: string,
  erased: ErasedContactMessage,
): Promise<StoredContactMessage | undefined> {
  return store.update(messageKey(id), StoredContactMessageSchema, (current) =>
    current === undefined || isErased(current) ? SKIP : erased,
  );
}

/** Takes out the marker that finds message `id` by its sender's address. */
export function forgetEmailMarker(email: string, id: string): Promise<void> {
  return store.delete(`${emailPrefix(email)}${id}`);
}

/**
 * Ids of every lead sent from `email` (any case) and not erased, oldest first: one listing of the
 * address's markers and a read of each message they name (DECISIONS 63: a customer who deletes
 * their account has their leads erased). The first call also writes the markers of messages
 * stored before them (a scan of every message, once).
 */
export async function leadIdsFromEmail(email: string): Promise<string[]> {
  if (!(await store.get(EMAIL_MARKERS_BUILT, BuiltSchema))) {
    for (const message of await listContactMessages()) {
      await store.create(`${emailPrefix(message.email)}${message.id}`, EmptySchema, {});
    }
    await store.create(EMAIL_MARKERS_BUILT, BuiltSchema, { at: new Date().toISOString() });
  }
  const prefix = emailPrefix(email);
  const ids = (await store.list(prefix)).map((key) => key.slice(prefix.length));
  const messages = await Promise.all(ids.map((id) => getContactMessage(id)));
  return ids.filter((_, index) => messages[index] !== undefined).sort();
}
