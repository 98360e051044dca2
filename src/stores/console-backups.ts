/**
 * The console's Backups tab (DECISIONS 61): the verified backups, newest first, as
 * `GET /api/console/backups` lists them, and how old the newest is.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { apiRequest } from '~/lib/client/api';
import { BackupListSchema, type Backup } from '~/lib/shared/schemas/console';
import { messageOf } from '~/stores/console';

export interface BackupsState {
  readonly items: readonly Backup[] | undefined;
  readonly error: string | undefined;
}

const $list = atom<BackupsState>({ items: undefined, error: undefined });

/** The backups, newest first (undefined until loaded). */
export const $backups: ReadableAtom<BackupsState> = $list;

/** A backup older than this is a night that did not finish (26 hours: a late run is not a missed one). */
export const STALE_AFTER_HOURS = 26;

/** Whole hours from `at` to `now`. */
export function hoursSince(at: string, now: Date): number {
  return Math.floor((now.getTime() - Date.parse(at)) / 3_600_000);
}

/** Whether the newest backup is missing or older than `STALE_AFTER_HOURS`. */
export function isStale(items: readonly Backup[], now: Date): boolean {
  const newest = items[0];
  return newest === undefined || hoursSince(newest.at, now) >= STALE_AFTER_HOURS;
}

/** The address of a backup's file. */
export function backupHref(id: string): string {
  return `/api/console/backups/${encodeURIComponent(id)}`;
}

/** Loads the backups. */
export async function loadBackups(): Promise<void> {
  try {
    const answer = await apiRequest('GET', '/api/console/backups', BackupListSchema);
    $list.set({ items: answer.items, error: undefined });
  } catch (error) {
    $list.set({ items: $list.get().items, error: messageOf(error) });
  }
}
