/**
 * One backup run as the functions start it (DECISIONS 61): the snapshot moves on within the
 * run's budget, then every verified snapshot not yet copied off-site is copied. The scheduled
 * `backup` (30 s on Netlify) starts the snapshot and, when it is not done within its budget,
 * hands over to `backup-background` (15 minutes), which only ever finishes a snapshot in progress.
 */
import { copyPendingSnapshots } from '~/server/backup/offsite';
import { runBackup } from '~/server/backup/snapshot';
import type { ServerEnv } from '~/server/env';

/**
 * How long each function works on the snapshot: parts are started until `budgetMs`, and one still
 * in progress at `limitMs` is abandoned. Netlify stops a scheduled function at 30 s and a
 * background function at 15 minutes; the margins leave room for the state write, the hand-over
 * and a slow start.
 */
export const RUN_LIMITS = {
  scheduled: { budgetMs: 15_000, limitMs: 24_000 },
  background: { budgetMs: 13 * 60_000, limitMs: 14 * 60_000 },
} as const;

/** What a run did, for the log. */
export interface BackupSummary {
  readonly snapshot: string | undefined;
  readonly complete: boolean;
  readonly copied: readonly string[];
  readonly failed: readonly string[];
}

/**
 * Runs the backup: parts are started for `budgetMs`, and at `limitMs` whatever is in progress is
 * abandoned unsaved, so the function ends (and hands over) inside its platform limit however long
 * one part takes. `resumeOnly`: finish a snapshot in progress, start none. Copies off-site only
 * once the snapshot is complete and verified and the budget is not spent.
 */
export async function backupNow(
  settings: Pick<ServerEnv, 'siteUrl' | 'version' | 'backupBucket'>,
  options: {
    readonly budgetMs: number;
    readonly limitMs: number;
    readonly resumeOnly?: boolean;
    readonly fetcher?: typeof fetch;
  },
): Promise<BackupSummary> {
  const signal = AbortSignal.timeout(options.limitMs);
  const deadline = Date.now() + options.budgetMs;
  const result = await runBackup({
    now: () => new Date(),
    deadline,
    signal,
    site: settings.siteUrl,
    version: settings.version,
    ...(options.resumeOnly ? { resumeOnly: true } : {}),
  });
  // Past the budget once the snapshot is done: the copy is the next (background) run's first job.
  const complete = (result?.complete ?? true) && Date.now() < deadline;
  const { copied, failed } = complete
    ? await copyPendingSnapshots(settings.backupBucket, options.fetcher)
    : { copied: [], failed: [] };
  return { snapshot: result?.id, complete, copied, failed };
}

/**
 * Starts `backup-background` (Netlify answers 202 and runs it for up to 15 minutes). Logged, not
 * thrown, when it cannot start: the next night's run resumes the snapshot where it stopped.
 */
export async function handOver(siteUrl: string, from: string): Promise<void> {
  const answer = await fetch(`${siteUrl}/.netlify/functions/backup-background`, { method: 'POST' }).catch(
    (error: unknown) => error,
  );
  if (!(answer instanceof Response) || answer.status !== 202)
    console.error(`[${from}] could not start backup-background; the next run resumes`, answer);
}
