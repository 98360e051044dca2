/**
 * Contact messages in the `contact-messages` store, keyed `messages/<id>` (ids are time-sortable).
 * Their e-mails and delivery states live on the mail queue.
 */
import { ContactMessageSchema, type ContactMessage } from '~/lib/shared/schemas/contact-message';
import { openStore } from '~/server/storage/blob-store';

const store = openStore('contact-messages');
const messageKey = (id: string) => `messages/${id}`;

/** Stores a new message; throws if the id is taken (ids carry 32 random bits, so never in practice). */
export async function saveNewContactMessage(message: ContactMessage): Promise<void> {
  const created = await store.create(messageKey(message.id), ContactMessageSchema, message);
  if (!created) throw new Error(`Contact message id collision: ${message.id}`);
}

/** Every stored message, oldest first. For the maintainers' listing. */
export async function listContactMessages(): Promise<ContactMessage[]> {
  const keys = await store.list('messages/');
  const messages = await Promise.all(keys.map((key) => store.get(key, ContactMessageSchema)));
  return messages.filter((message): message is ContactMessage => message !== undefined);
}
