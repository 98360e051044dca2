/**
 * The console's mail list (issue 19): e-mails waiting to be sent or given up, with who, what, how
 * many tries and the last error; Retry now sends one at once. Bodies are not shown: they can
 * hold codes meant for one person only. The subject and error of an account e-mail (sign-up and
 * reset codes) are shown with every figure masked, since the code is in the subject too, and a
 * member of staff holding a customer's reset code could take over their account (DECISIONS 53).
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
const MAIL_LIST_MAX = 200;
const MAIL_KEY = /^[A-Za-z0-9_.:-]{1,200}$/;

/** What a masked code shows. */
const MASKED_CODE = '••••••';
/** Queue keys of the e-mails that carry a code granting access to an account (accounts.ts). */
const ACCOUNT_MAIL = /^account-/;

/** `text` of an account e-mail with every run of figures masked; any other e-mail's as it is. */
function masked(mail: QueuedMail, text: string): string {
  return ACCOUNT_MAIL.test(mail.key) ? text.replace(/\d+/g, MASKED_CODE) : text;
}

const rowOf = (mail: QueuedMail): MailRow => ({
  id: mail.key,
  to: mail.to,
  subject: masked(mail, mail.subject),
  queuedAt: mail.queuedAt,
  status: mail.delivery.status,
  tries: mail.delivery.attempts,
  lastError: mail.delivery.lastError === undefined ? null : masked(mail, mail.delivery.lastError),
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
