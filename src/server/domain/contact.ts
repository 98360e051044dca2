/**
 * Contact messages (DECISIONS 15): a message is stored before any mail is sent, and a failed mail
 * never loses it. Each message has two e-mails, to the company inbox (reply-to the visitor) and an
 * acknowledgement to the visitor; each is retried with back-off until sent, or marked failed
 * after MAX_DELIVERY_ATTEMPTS. Idempotency keys make every retry safe.
 */
import { randomBytes } from 'node:crypto';
import { CONTACT_CLIENT, type ContactRequest } from '~/lib/shared/schemas/contact';
import type { ContactMessage, MailDelivery } from '~/lib/shared/schemas/contact-message';
import {
  mailSettingsFromEnv,
  mailTransportFromEnv,
  type MailSettings,
  type MailTransport,
  type SendResult,
} from '~/server/domain/mail';
import { renderContactAcknowledgement, renderContactNotification } from '~/server/domain/mail-templates';
import { consumeRateLimit, type RateLimitPolicy } from '~/server/domain/rate-limit';
import {
  clearPendingContactMessage,
  getContactMessage,
  listContactMessages,
  listPendingContactMessageIds,
  saveNewContactMessage,
  updateContactMessage,
} from '~/server/storage/contact-messages';

/** Messages per client address per 10 minutes before the form answers 429 (CONTACT_RATE_LIMIT overrides). */
export const DEFAULT_CONTACT_RATE_LIMIT = 5;

/** The contact form's rate limit; the limit comes from CONTACT_RATE_LIMIT when it is a positive number. */
export function contactRateLimit(
  env: Readonly<Record<string, string | undefined>> = process.env,
): RateLimitPolicy {
  const configured = Number(env['CONTACT_RATE_LIMIT']);
  return {
    bucket: 'contact',
    limit: Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_CONTACT_RATE_LIMIT,
    windowMs: 10 * 60 * 1000,
    message:
      'You have sent several messages in a short time. Please wait a few minutes and try again, or call us.',
  };
}

/** Sends tried per e-mail before it is marked failed. */
export const MAX_DELIVERY_ATTEMPTS = 8;

/** Wait after the n-th failed attempt (1-based): 1, 2, 4, ... minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** (attempts - 1), 6 * 60 * 60 * 1000);
}

/** What the contact flows need from the outside world. */
export interface ContactDeps {
  readonly transport: MailTransport;
  readonly settings: MailSettings;
  readonly now: () => Date;
}

/** Dependencies from the environment: Resend or the local outbox, and the real clock. */
export function contactDepsFromEnv(): ContactDeps {
  return { transport: mailTransportFromEnv(), settings: mailSettingsFromEnv(), now: () => new Date() };
}

/** A time-sortable id: `20261122t073000123z-1a2b3c4d`. */
function newMessageId(now: Date): string {
  return `${now.toISOString().replace(/[-:.]/g, '').toLowerCase()}-${randomBytes(4).toString('hex')}`;
}

const pendingDelivery = (): MailDelivery => ({ status: 'pending', attempts: 0 });

/**
 * Accepts a validated message from `clientAddress`: counts it against the rate limit (throws
 * `RateLimited`), then stores it with both e-mails pending. A filled honeypot means a bot: the
 * message is neither stored nor mailed, and the answer is the same as for a person.
 * Resolves to the stored message, or undefined for a bot.
 */
export async function acceptContactMessage(
  input: ContactRequest,
  clientAddress: string,
  deps: Pick<ContactDeps, 'now'>,
): Promise<ContactMessage | undefined> {
  if (input.website?.trim()) return undefined;
  const now = deps.now();
  await consumeRateLimit(contactRateLimit(), clientAddress, now);
  const message: ContactMessage = {
    id: newMessageId(now),
    receivedAt: now.toISOString(),
    client: CONTACT_CLIENT,
    name: input.name,
    phone: input.phone,
    email: input.email,
    message: input.message,
    mail: { company: pendingDelivery(), visitor: pendingDelivery() },
  };
  await saveNewContactMessage(message);
  return message;
}

/** The delivery state after one send; a mail another run already settled stays as it is. */
function afterAttempt(delivery: MailDelivery, result: SendResult, now: Date): MailDelivery {
  if (delivery.status !== 'pending') return delivery;
  const attempts = delivery.attempts + 1;
  if (result.ok)
    return { status: 'sent', attempts, sentAt: now.toISOString(), providerId: result.providerId };
  if (attempts >= MAX_DELIVERY_ATTEMPTS) return { status: 'failed', attempts, lastError: result.error };
  return {
    status: 'pending',
    attempts,
    lastError: result.error,
    nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
  };
}

type MailKind = keyof ContactMessage['mail'];

function isDue(delivery: MailDelivery, now: Date): boolean {
  return (
    delivery.status === 'pending' &&
    (delivery.nextAttemptAt === undefined || Date.parse(delivery.nextAttemptAt) <= now.getTime())
  );
}

function outgoingMail(message: ContactMessage, kind: MailKind, settings: MailSettings) {
  const rendered =
    kind === 'company' ? renderContactNotification(message) : renderContactAcknowledgement(message);
  return {
    ...rendered,
    to: kind === 'company' ? [settings.contactTo] : [message.email],
    ...(kind === 'company' ? { replyTo: message.email } : {}),
    idempotencyKey: `contact-${message.id}-${kind}`,
  };
}

/**
 * Sends the e-mails of message `id` that are due, records each result, and takes the message off
 * the queue once none is pending. Resolves to the message as stored afterwards.
 */
export async function deliverContactMessage(
  id: string,
  deps: ContactDeps,
): Promise<ContactMessage | undefined> {
  let message = await getContactMessage(id);
  if (!message) {
    await clearPendingContactMessage(id);
    return undefined;
  }
  for (const kind of ['company', 'visitor'] as const) {
    if (!isDue(message.mail[kind], deps.now())) continue;
    const result = await deps.transport.send(outgoingMail(message, kind, deps.settings));
    const now = deps.now();
    message =
      (await updateContactMessage(id, (current) => ({
        ...current,
        mail: { ...current.mail, [kind]: afterAttempt(current.mail[kind], result, now) },
      }))) ?? message;
  }
  if (message.mail.company.status !== 'pending' && message.mail.visitor.status !== 'pending') {
    await clearPendingContactMessage(id);
  }
  return message;
}

/** Summary of one retry run. */
export interface RetrySummary {
  /** Messages on the queue when the run started. */
  readonly queued: number;
  /** Messages whose every e-mail is now sent. */
  readonly delivered: number;
  /** Messages with an e-mail given up in this run or before. */
  readonly failed: number;
  /** Messages still waiting for a later run. */
  readonly waiting: number;
}

/** The scheduled job: tries every queued message whose next attempt is due. */
export async function retryPendingContactMessages(deps: ContactDeps): Promise<RetrySummary> {
  const ids = await listPendingContactMessageIds();
  let delivered = 0;
  let failed = 0;
  let waiting = 0;
  for (const id of ids) {
    const message = await deliverContactMessage(id, deps);
    if (!message) continue;
    const states = [message.mail.company.status, message.mail.visitor.status];
    if (states.includes('pending')) waiting += 1;
    else if (states.includes('failed')) failed += 1;
    else delivered += 1;
  }
  return { queued: ids.length, delivered, failed, waiting };
}

/** True when any e-mail of the message is not sent (pending or failed): what maintainers look at. */
export function isUnsent(message: ContactMessage): boolean {
  return message.mail.company.status !== 'sent' || message.mail.visitor.status !== 'sent';
}

/** Stored messages, oldest first: only those with an e-mail not sent, unless `all`. */
export async function listContactMessagesForMaintainers(options: {
  all: boolean;
}): Promise<ContactMessage[]> {
  const messages = await listContactMessages();
  return options.all ? messages : messages.filter(isUnsent);
}
