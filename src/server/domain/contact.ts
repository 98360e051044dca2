/**
 * Contact messages (DECISIONS 15): a message is stored before any mail is sent, and a failed mail
 * never loses it. Each message has two e-mails on the one mail queue: to the company inbox
 * (reply-to the visitor) and a short acknowledgement to the visitor that repeats nothing the
 * visitor typed, so the form cannot be used to send someone else's text to a stranger.
 */
import { randomBytes } from 'node:crypto';
import { CONTACT_CLIENT, type ContactRequest } from '~/lib/shared/schemas/contact';
import type { ContactMessage, ContactMessageReport } from '~/lib/shared/schemas/contact-message';
import type { MailSettings } from '~/server/domain/mail';
import { mailDeliveryOf, type MailQueue } from '~/server/domain/mail-queue';
import { renderContactAcknowledgement, renderContactNotification } from '~/server/domain/mail-templates';
import { noticeAccepted } from '~/server/domain/notices';
import { consumeRateLimit, type RateLimitPolicy } from '~/server/domain/rate-limit';
import { serverEnv } from '~/server/env';
import {
  contactMailKeys,
  getContactMessage,
  listContactMessages,
  listUnmailedContactMessages,
  markContactMessageMailed,
  saveNewContactMessage,
} from '~/server/storage/contact-messages';
import type { MailDelivery } from '~/server/storage/mail-queue';

const TOO_MANY =
  'You have sent several messages in a short time. Please wait a few minutes and try again, or call us.';

/**
 * The contact form's rate limits, per client address and per recipient e-mail address (both
 * `limit` messages per 10 minutes; CONTACT_RATE_LIMIT sets the limit).
 */
export function contactRateLimits(limit = serverEnv().rateLimits.contact): {
  readonly perAddress: RateLimitPolicy;
  readonly perRecipient: RateLimitPolicy;
} {
  const windowMs = 10 * 60 * 1000;
  return {
    perAddress: { bucket: 'contact', limit, windowMs, message: TOO_MANY },
    perRecipient: { bucket: 'contact-recipient', limit, windowMs, message: TOO_MANY },
  };
}

/** What accepting a contact message needs from the outside world. */
export interface ContactDeps {
  readonly mail: MailQueue;
  readonly settings: Pick<MailSettings, 'contactTo'>;
  readonly now: () => Date;
}

/** A time-sortable id: `20261122t073000123z-1a2b3c4d`. */
function newMessageId(now: Date): string {
  return `${now.toISOString().replace(/[-:.]/g, '').toLowerCase()}-${randomBytes(4).toString('hex')}`;
}

/** Idempotency keys of a message's two e-mails: the company's and the visitor's (kept by storage). */
export { contactMailKeys };

/**
 * Accepts a validated message from `clientAddress`: checks the notice version it names (throws
 * `ValidationError` for one that is not the form's current notice, DECISIONS 63), counts it
 * against the rate limits (throws `RateLimited`), stores it with the notice, then queues its two
 * e-mails. A filled honeypot means a bot: the message is neither stored nor mailed, and the answer
 * is the same as for a person.
 * Resolves to the stored message, or undefined for a bot.
 */
export async function acceptContactMessage(
  input: ContactRequest,
  clientAddress: string,
  deps: ContactDeps,
): Promise<ContactMessage | undefined> {
  if (input.website?.trim()) return undefined;
  const now = deps.now();
  const form = input.form ?? 'contact';
  const notice = noticeAccepted(form, input.notice, now);
  const limits = contactRateLimits();
  // Both limits count the attempt (side by side: each is its own record); either may refuse it.
  const counted = await Promise.allSettled([
    consumeRateLimit(limits.perAddress, clientAddress, now),
    consumeRateLimit(limits.perRecipient, input.email, now),
  ]);
  const refused = counted.find((result) => result.status === 'rejected');
  if (refused) throw refused.reason;
  const message: ContactMessage = {
    id: newMessageId(now),
    receivedAt: now.toISOString(),
    client: CONTACT_CLIENT,
    name: input.name,
    phone: input.phone,
    email: input.email,
    message: input.message,
    form,
    notice,
  };
  await saveNewContactMessage(message);
  // Stored (and marked unmailed): from here on the visitor's message is safe, so a failure to
  // queue its e-mails is logged, not answered; the retry job queues them from the mark.
  try {
    await queueContactMails(message, deps.mail, deps.settings);
  } catch (error) {
    console.error(
      '[contact] the e-mails of a stored message could not be queued; the retry job will',
      message.id,
      error,
    );
  }
  return message;
}

/** Queues a stored message's two e-mails (once each, by idempotency key), then takes its unmailed mark off. */
async function queueContactMails(
  message: ContactMessage,
  mail: MailQueue,
  settings: Pick<MailSettings, 'contactTo'>,
): Promise<void> {
  const keys = contactMailKeys(message.id);
  await Promise.all([
    mail.queue({
      ...renderContactNotification(message),
      to: [settings.contactTo],
      replyTo: message.email,
      idempotencyKey: keys.company,
    }),
    mail.queue({
      ...renderContactAcknowledgement(message),
      to: [message.email],
      idempotencyKey: keys.visitor,
    }),
  ]);
  await markContactMessageMailed(message.id);
}

/** A mark older than this whose message is missing was left by a crash before the message was stored. */
const ORPHAN_MARK_MS = 60 * 1000;

/**
 * For the retry job: queues the e-mails of every stored message whose queueing failed or was
 * cut short (its unmailed mark is still there). Resolves to how many messages it queued.
 */
export async function queueUnmailedContactMessages(
  mail: MailQueue,
  settings: Pick<MailSettings, 'contactTo'>,
  now: Date,
): Promise<number> {
  let queued = 0;
  for (const { id, since } of await listUnmailedContactMessages()) {
    const message = await getContactMessage(id);
    if (message) {
      await queueContactMails(message, mail, settings);
      queued += 1;
    } else if (now.getTime() - since.getTime() > ORPHAN_MARK_MS) {
      await markContactMessageMailed(id);
    }
  }
  return queued;
}

/** A message's e-mail that was never queued (a crash between storing and queueing) counts as pending. */
const NOT_QUEUED: MailDelivery = { status: 'pending', attempts: 0 };

/** True when any e-mail of the message is not sent (pending or failed): what maintainers look at. */
function isUnsent(report: ContactMessageReport): boolean {
  return report.mail.company.status !== 'sent' || report.mail.visitor.status !== 'sent';
}

/** The delivery state of a message's two e-mails (one never queued counts as pending). */
export async function contactMailOf(id: string): Promise<ContactMessageReport['mail']> {
  const keys = contactMailKeys(id);
  const [company, visitor] = await Promise.all([mailDeliveryOf(keys.company), mailDeliveryOf(keys.visitor)]);
  return { company: company ?? NOT_QUEUED, visitor: visitor ?? NOT_QUEUED };
}

/** Stored messages with the delivery state of their e-mails, oldest first: only unsent ones unless `all`. */
export async function listContactMessagesForMaintainers(options: {
  all: boolean;
}): Promise<ContactMessageReport[]> {
  const messages = await listContactMessages();
  const reports = await Promise.all(
    messages.map(async (message) => ({ ...message, mail: await contactMailOf(message.id) })),
  );
  return options.all ? reports : reports.filter(isUnsent);
}
