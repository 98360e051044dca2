import type { Config } from '@netlify/functions';
import { backupNow, handOver, RUN_LIMITS } from '~/server/backup/run';
import { serverEnv } from '~/server/env';

/**
 * Scheduled, 02:00 in India (20:30 UTC): the night's snapshot of every store (DECISIONS 61),
 * inside Netlify's 30 s limit: parts are started for 15 s and a part still in progress at 24 s is
 * abandoned unsaved (a year of trade lists a few hundred thousand keys before its first part). A
 * snapshot not done by then is handed to `backup-background`, which has 15 minutes and resumes
 * after the last part written.
 */
export default async (): Promise<Response> => {
  const settings = serverEnv();
  const summary = await backupNow(settings, { ...RUN_LIMITS.scheduled });
  console.info('[backup]', JSON.stringify(summary));
  if (!summary.complete) await handOver(settings.siteUrl, 'backup');
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '30 20 * * *' };
