import type { Config } from '@netlify/functions';
import { contactDepsFromEnv, retryPendingContactMessages } from '~/server/domain/contact';

/** Scheduled: retries contact e-mails that failed, with back-off, until sent or given up. */
export default async (): Promise<Response> => {
  const summary = await retryPendingContactMessages(contactDepsFromEnv());
  console.info('[contact-retry]', JSON.stringify(summary));
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
