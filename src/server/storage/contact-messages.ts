/**
 * Contact messages in the `contact-messages` store, keyed `messages/<id>` (ids are time-sortable).
 * Their e-mails and delivery states live on the mail queue. Each message is on the console's
 * `leads` and `leads-new` indexes the moment it is stored (DECISIONS 40).
 */
import { ContactMessageSchema, type ContactMessage } from '~/lib/shared/schemas/contact-message';
import { openStore } from '~/server/storage/blob-store';
import { addToIndex } from '~/server/storage/time-index';

const store = openStore('contact-messages');
const messageKey = (id: string) => `messages/${id}`;

/** Stores a new message; throws if the id is taken (ids carry 32 random bits, so never in practice). */
export async function saveNewContactMessage(message: ContactMessage): Promise<void> {
  const created = await store.create(messageKey(message.id), ContactMessageSchema, message);
  if (!created) throw new Error(`Contact message id collision: ${message.id}`);
  const at = new Date(message.receivedAt);
  await Promise.all([addToIndex('leads', at, message.id), addToIndex('leads-new', at, message.id)]);
}

/** The message with this id, or undefined. */
export function getContactMessage(id: string): Promise<ContactMessage | undefined> {
  return store.get(messageKey(id), ContactMessageSchema);
}

/** Every stored message, oldest first. For the maintainers' listing. */
export async function listContactMessages(): Promise<ContactMessage[]> {
  const keys = await store.list('messages/');
  const messages = await Promise.all(keys.map((key) => store.get(key, ContactMessageSchema)));
  return messages.filter((message): message is ContactMessage => message !== undefined);
}
