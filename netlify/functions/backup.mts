import type { Config } from '@netlify/functions';
import { backupNow, handOver } from '~/server/backup/run';
import { serverEnv } from '~/server/env';

/**
 * Scheduled, 02:00 in India (20:30 UTC): the night's snapshot of every store (DECISIONS 61),
 * within a 20 s budget inside Netlify's 30 s limit; a snapshot not done by then is handed to
 * `backup-background`, which has 15 minutes and resumes after the last part written.
 */
export default async (): Promise<Response> => {
  const settings = serverEnv();
  const summary = await backupNow(settings, { budgetMs: 20_000 });
  console.info('[backup]', JSON.stringify(summary));
  if (!summary.complete) await handOver(settings.siteUrl, 'backup');
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '30 20 * * *' };
