import type { Config } from '@netlify/functions';
import { queueUnmailedContactMessages } from '~/server/domain/contact';
import { mailDeps, retryQueuedMails, storingMailQueue } from '~/server/domain/mail-queue';
import { serverEnv } from '~/server/env';

/**
 * Scheduled: first queues the e-mails of contact messages whose queueing failed after they were
 * stored, then retries every queued e-mail (contact, account, order) that is due, with back-off,
 * within a time budget below Netlify's 30 s limit (what is left waits for the next run).
 */
export default async (): Promise<Response> => {
  const deps = mailDeps();
  const reconciled = await queueUnmailedContactMessages(
    storingMailQueue(deps.now),
    serverEnv().mail,
    deps.now(),
  );
  const summary = await retryQueuedMails(deps);
  console.info('[mail-retry]', JSON.stringify({ reconciled, ...summary }));
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
