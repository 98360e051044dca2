/**
 * Contact messages in the `contact-messages` store, keyed `messages/<id>` (ids are time-sortable).
 * Their e-mails and delivery states live on the mail queue. Each message is on the console's
 * `leads` and `leads-new` indexes the moment it is stored (DECISIONS 40). `unmailed/<id>` marks a
 * message whose e-mails are not yet on the queue: written with the message, removed once both
 * are queued, so the retry job finds every message whose queueing failed by listing a prefix that
 * is nearly always empty.
 */
import { ContactMessageSchema, type ContactMessage } from '~/lib/shared/schemas/contact-message';
import * as z from '~/lib/shared/zod';
import { openStore } from '~/server/storage/blob-store';
import { forgetSheetRow } from '~/server/storage/console-sheets';
import { addToIndex } from '~/server/storage/time-index';

const store = openStore('contact-messages');
const messageKey = (id: string) => `messages/${id}`;

const unmailedKey = (id: string) => `unmailed/${id}`;
const UnmailedSchema = z.object({ since: z.iso.datetime() });

/**
 * Stores a new message, marked unmailed; throws if the id is taken (ids carry 32 random bits, so
 * never in practice). The mark comes first: a crash between the two leaves a mark with no
 * message, which the retry job drops, never a message with no mark.
 */
export async function saveNewContactMessage(message: ContactMessage): Promise<void> {
  await store.create(unmailedKey(message.id), UnmailedSchema, { since: message.receivedAt });
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
