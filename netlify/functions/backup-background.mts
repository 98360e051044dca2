import { backupNow } from '~/server/backup/run';
import { serverEnv } from '~/server/env';

/**
 * Background (15 minutes on Netlify), started by `backup` when a snapshot needs more than its
 * 30 s: finishes the snapshot in progress within 14 minutes, then copies it off-site (DECISIONS
 * 61). It never starts a snapshot, so a call from anyone else does nothing but finish one.
 */
export default async (): Promise<void> => {
  const summary = await backupNow(serverEnv(), { budgetMs: 14 * 60_000, resumeOnly: true });
  console.info('[backup-background]', JSON.stringify(summary));
};
