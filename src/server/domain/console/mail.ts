/**
 * The console's mail list (issue 19): e-mails waiting to be sent or given up, with who, what, how
 * many tries and the last error; Retry now sends one at once. Bodies are not shown: they can
 * hold codes meant for one person only.
 */
import type { MailRow, MailStatus } from '~/lib/shared/schemas/console';
import { NotFound } from '~/server/domain/errors';
import { deliverQueuedMail, type MailDeps } from '~/server/domain/mail-queue';
import {
  getQueuedMail,
  listFailedMailKeys,
  listPendingMailKeys,
  requeueMail,
  type QueuedMail,
} from '~/server/storage/mail-queue';

/** The most e-mails one list shows (newest first). */
export const MAIL_LIST_MAX = 200;
const MAIL_KEY = /^[A-Za-z0-9_.:-]{1,200}$/;

const rowOf = (mail: QueuedMail): MailRow => ({
  id: mail.key,
  to: mail.to,
  subject: mail.subject,
  queuedAt: mail.queuedAt,
  status: mail.delivery.status,
  tries: mail.delivery.attempts,
  lastError: mail.delivery.lastError ?? null,
  nextAttemptAt: mail.delivery.nextAttemptAt ?? null,
});

/** Pending or failed e-mails, newest first, at most `MAIL_LIST_MAX`. */
export async function listMail(status: MailStatus): Promise<MailRow[]> {
  const keys = status === 'pending' ? await listPendingMailKeys() : await listFailedMailKeys();
  const mails = await Promise.all(keys.map((key) => getQueuedMail(key)));
  return mails
    .filter((mail): mail is QueuedMail => mail !== undefined && mail.delivery.status === status)
    .sort((a, b) => b.queuedAt.localeCompare(a.queuedAt))
    .slice(0, MAIL_LIST_MAX)
    .map(rowOf);
}

/** Staff's Retry now: puts the e-mail back on the queue, due now, and tries it once at once. */
export async function retryMailNow(id: string, deps: MailDeps): Promise<MailRow> {
  const mail = MAIL_KEY.test(id) ? await getQueuedMail(id) : undefined;
  if (!mail) throw new NotFound(['There is no such e-mail.']);
  if (mail.delivery.status === 'sent') return rowOf(mail);
  await requeueMail(id, deps.now());
  return rowOf((await deliverQueuedMail(id, deps)) ?? mail);
}
