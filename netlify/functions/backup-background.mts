import { backupNow, handOver, RUN_LIMITS } from '~/server/backup/run';
import { serverEnv } from '~/server/env';

/**
 * Background (15 minutes on Netlify), started by `backup` when a snapshot needs more than its
 * 30 s: starts parts of the snapshot in progress for 13 minutes (abandoning one still running at
 * 14), then copies it off-site (DECISIONS 61);
 * a snapshot still not done (a year of trade takes about half an hour on a slow machine:
 * docs/benchmarks/backup.md) starts the next background run. It never starts a snapshot, so a
 * call from anyone else does nothing but finish one.
 */
export default async (): Promise<void> => {
  const settings = serverEnv();
  const summary = await backupNow(settings, { ...RUN_LIMITS.background, resumeOnly: true });
  console.info('[backup-background]', JSON.stringify(summary));
  if (!summary.complete) await handOver(settings.siteUrl, 'backup-background');
};
