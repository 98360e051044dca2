/**
 * The one mail queue (DECISIONS 15, 33): every e-mail, contact, account or order, is stored
 * before it is sent, sent once right after the answer, and retried with back-off by the scheduled
 * `mail-retry` function until sent, or marked failed after MAX_DELIVERY_ATTEMPTS. Its idempotency
 * key is both its queue key and the provider's idempotency key, so no retry sends it twice.
 */
import {
  mailTransportFor,
  type MailTransport,
  type OutgoingMail,
  type SendResult,
} from '~/server/domain/mail';
import {
  clearPendingMail,
  getQueuedMail,
  listPendingMailKeys,
  markFailedMail,
  saveQueuedMail,
  updateQueuedMail,
  type MailDelivery,
  type QueuedMail,
  type StoredQueuedMail,
} from '~/server/storage/mail-queue';

/** Sends tried per e-mail before it is marked failed. */
export const MAX_DELIVERY_ATTEMPTS = 8;

/** Wait after the n-th failed attempt (1-based): 1, 2, 4, ... minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** (attempts - 1), 6 * 60 * 60 * 1000);
}

/** What sending needs from the outside world. */
export interface MailDeps {
  readonly transport: MailTransport;
  readonly now: () => Date;
}

/** Resend or the local outbox, and the real clock. */
export function mailDeps(): MailDeps {
  return { transport: mailTransportFor(), now: () => new Date() };
}

/**
 * How the domain sends e-mail: `queue` stores the e-mail (once per idempotency key) and arranges
 * its first delivery; it resolves once the e-mail is safely stored, not when it is sent.
 */
export interface MailQueue {
  queue(mail: OutgoingMail): Promise<void>;
}

/**
 * Stores `mail` with its delivery pending. Resolves to its queue key (its idempotency key) and,
 * when this call stored it, the record as stored with its ETag (undefined when it was queued before).
 */
export async function enqueueMail(
  mail: OutgoingMail,
  now: Date,
): Promise<{ readonly key: string; readonly stored: StoredQueuedMail | undefined }> {
  const record: QueuedMail = {
    key: mail.idempotencyKey,
    queuedAt: now.toISOString(),
    to: [...mail.to],
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(mail.attachments?.length ? { attachments: [...mail.attachments] } : {}),
    delivery: { status: 'pending', attempts: 0 },
  };
  return { key: record.key, stored: await saveQueuedMail(record) };
}

/**
 * The queue the handlers hand to the domain: stores each e-mail, then delivers it through
 * `background` (after the answer, `context.waitUntil` on Netlify). A failed delivery stays queued.
 */
export function backgroundMailQueue(
  background: (task: () => Promise<unknown>) => void,
  deps = mailDeps(),
): MailQueue {
  return {
    async queue(mail) {
      const queued = await enqueueMail(mail, deps.now());
      background(() =>
        deliverQueuedMail(queued.key, deps, queued.stored).catch((error: unknown) =>
          console.error('[mail] delivery attempt failed; the retry job will try again', queued.key, error),
        ),
      );
    },
  };
}

/** The delivery state after one send; an e-mail another run already settled stays as it is. */
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

function isDue(delivery: MailDelivery, now: Date): boolean {
  return (
    delivery.status === 'pending' &&
    (delivery.nextAttemptAt === undefined || Date.parse(delivery.nextAttemptAt) <= now.getTime())
  );
}

/**
 * Sends the queued e-mail `key` if it is due, records the result, and takes it off the pending
 * list once sent or given up. Resolves to the e-mail as stored afterwards (undefined if unknown).
 */
export async function deliverQueuedMail(
  key: string,
  deps: MailDeps,
  /**
   * The record this run has just stored: read neither before sending nor before recording the
   * result (that write stays conditional on its ETag).
   */
  justStored?: StoredQueuedMail,
): Promise<QueuedMail | undefined> {
  const mail = justStored?.value ?? (await getQueuedMail(key));
  if (!mail) {
    await clearPendingMail(key);
    return undefined;
  }
  if (!isDue(mail.delivery, deps.now())) return mail;
  const result = await deps.transport.send({
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
    idempotencyKey: mail.key,
  });
  const now = deps.now();
  const stored =
    (await updateQueuedMail(
      key,
      (current) => ({ ...current, delivery: afterAttempt(current.delivery, result, now) }),
      justStored,
    )) ?? mail;
  if (stored.delivery.status === 'failed') await markFailedMail(key);
  if (stored.delivery.status !== 'pending') await clearPendingMail(key);
  return stored;
}

/**
 * A queue that only stores: for the retry job, which sends what is due itself right after.
 */
export function storingMailQueue(now: () => Date): MailQueue {
  return {
    async queue(mail) {
      await enqueueMail(mail, now());
    },
  };
}

/** Summary of one retry run. */
export interface RetrySummary {
  /** E-mails on the pending list when the run started. */
  readonly queued: number;
  /** E-mails sent in this run. */
  readonly sent: number;
  /** E-mails given up in this run. */
  readonly failed: number;
  /** E-mails tried and still waiting, or not yet due. */
  readonly waiting: number;
  /** E-mails not looked at because the time budget ran out: the next run takes them. */
  readonly leftForNextRun: number;
}

/** How a retry run spends its time. */
export interface RetryBudget {
  /** Milliseconds the run may take (Netlify stops a scheduled function at 30 s). Default 20 s. */
  readonly budgetMs?: number;
  /** E-mails sent side by side. Default 5. */
  readonly batchSize?: number;
  /** The longest one send may take (the transport's timeout): no batch starts later than this before the budget ends. Default 5 s. */
  readonly sendTimeoutMs?: number;
  /** Milliseconds since some fixed instant (tests replace it). */
  readonly clock?: () => number;
}

/**
 * The scheduled job: tries the pending e-mails whose next attempt is due, a few side by side,
 * and starts no batch that might not finish within the budget; the rest stays pending for the
 * next run, so nothing is lost when a run is cut short.
 */
export async function retryQueuedMails(deps: MailDeps, budget: RetryBudget = {}): Promise<RetrySummary> {
  const { budgetMs = 20_000, batchSize = 5, sendTimeoutMs = 5_000, clock = () => performance.now() } = budget;
  const started = clock();
  const keys = await listPendingMailKeys();
  let sent = 0;
  let failed = 0;
  let waiting = 0;
  let next = 0;
  while (next < keys.length && clock() - started + sendTimeoutMs <= budgetMs) {
    const batch = keys.slice(next, next + batchSize);
    next += batch.length;
    const mails = await Promise.all(batch.map((key) => deliverQueuedMail(key, deps)));
    for (const mail of mails) {
      if (!mail) continue;
      if (mail.delivery.status === 'sent') sent += 1;
      else if (mail.delivery.status === 'failed') failed += 1;
      else waiting += 1;
    }
  }
  return { queued: keys.length, sent, failed, waiting, leftForNextRun: keys.length - next };
}

/** The delivery state of the e-mail queued under `key`, or undefined when there is none. */
export async function mailDeliveryOf(key: string): Promise<MailDelivery | undefined> {
  return (await getQueuedMail(key))?.delivery;
}
