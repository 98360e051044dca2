import type { Config } from '@netlify/functions';
import { mailDeps, retryQueuedMails } from '~/server/domain/mail-queue';

/** Scheduled: retries every queued e-mail (contact, account, order) that failed, with back-off. */
export default async (): Promise<Response> => {
  const summary = await retryQueuedMails(mailDeps());
  console.info('[mail-retry]', JSON.stringify(summary));
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
