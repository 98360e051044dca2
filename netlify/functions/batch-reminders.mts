import type { Config } from '@netlify/functions';
import { backgroundMailQueue, mailDeps } from '~/server/domain/mail-queue';
import { queueBatchReminders } from '~/server/domain/students/student-notices';
import { serverEnv } from '~/server/env';

/**
 * Scheduled, hourly (DECISIONS 56): from the morning in India of the day before a batch's first
 * session, reminds every person of each of its enrolments, once however often it runs. Each
 * reminder is stored on the mail queue and sent at once; one that fails is retried by `mail-retry`.
 */
export default async (): Promise<Response> => {
  const deps = mailDeps();
  const deliveries: Promise<unknown>[] = [];
  const mail = backgroundMailQueue((task) => void deliveries.push(task()), deps);
  const summary = await queueBatchReminders(deps.now(), { mail, siteUrl: serverEnv().siteUrl });
  await Promise.all(deliveries);
  console.info('[batch-reminders]', JSON.stringify(summary));
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '7 * * * *' };
