/**
 * Contact messages in the `contact-messages` store. Key formats:
 * - `messages/<id>`: the message and the delivery state of its e-mails;
 * - `pending/<id>`: an empty marker while an e-mail of the message still waits to be sent. The
 *   retry job lists this prefix, so it never scans delivered messages.
 */
import { z } from 'zod';
import { ContactMessageSchema, type ContactMessage } from '~/lib/shared/schemas/contact-message';
import { openStore, SKIP } from '~/server/storage/blob-store';

const store = openStore('contact-messages');
const PendingMarkerSchema = z.object({ since: z.iso.datetime() });

const messageKey = (id: string) => `messages/${id}`;
const pendingKey = (id: string) => `pending/${id}`;

/**
 * Stores a new message and queues it for delivery. The pending marker is written first, so a
 * stored message is never missing from the queue; a marker without a message is dropped by the
 * retry job (`listPendingContactMessageIds` callers treat a missing message as done).
 */
export async function saveNewContactMessage(message: ContactMessage): Promise<void> {
  await store.create(pendingKey(message.id), PendingMarkerSchema, { since: message.receivedAt });
  const created = await store.create(messageKey(message.id), ContactMessageSchema, message);
  if (!created) throw new Error(`Contact message id collision: ${message.id}`);
}

/** The message with this id, or undefined. */
export function getContactMessage(id: string): Promise<ContactMessage | undefined> {
  return store.get(messageKey(id), ContactMessageSchema);
}

/**
 * Changes a stored message with a conflict-safe read-modify-write; `fn` must be pure (it may run
 * more than once). Resolves to the stored result, or undefined when the message does not exist.
 */
export function updateContactMessage(
  id: string,
  fn: (message: ContactMessage) => ContactMessage,
): Promise<ContactMessage | undefined> {
  return store.update(messageKey(id), ContactMessageSchema, (current) => (current ? fn(current) : SKIP));
}

/** Ids of the messages that still have an e-mail waiting, oldest first. */
export async function listPendingContactMessageIds(): Promise<string[]> {
  const keys = await store.list('pending/');
  return keys.map((key) => key.slice('pending/'.length));
}

/** Takes a message off the delivery queue (all its e-mails are sent or given up). */
export function clearPendingContactMessage(id: string): Promise<void> {
  return store.delete(pendingKey(id));
}

/** Every stored message, oldest first (ids are time-sortable). For the maintainers' listing. */
export async function listContactMessages(): Promise<ContactMessage[]> {
  const keys = await store.list('messages/');
  const messages = await Promise.all(keys.map((key) => store.get(key, ContactMessageSchema)));
  return messages.filter((message): message is ContactMessage => message !== undefined);
}
