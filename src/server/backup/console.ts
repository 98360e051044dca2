/**
 * The console's Backups tab (docs/api.md, Company console; DECISIONS 61): the verified snapshots,
 * newest first, and any one as a file to download.
 */
import type { Backup } from '~/lib/shared/schemas/console';
import { archiveOf } from '~/server/backup/archive';
import { getSnapshot, listSnapshots, type Manifest, type SnapshotState } from '~/server/backup/snapshot';
import { NotFound } from '~/server/domain/errors';

/** Said for an id that names no finished snapshot. */
const NO_SUCH_BACKUP = 'There is no finished backup with this id.';

const isVerified = (state: SnapshotState): state is SnapshotState & { manifest: Manifest } =>
  state.manifest !== undefined && state.verifiedAt !== undefined;

/** `GET /api/console/backups`: each verified snapshot, newest first. */
export async function listBackups(): Promise<Backup[]> {
  return (await listSnapshots()).filter(isVerified).map((state) => ({
    id: state.id,
    at: state.startedAt,
    kind: state.kind,
    stores: state.manifest.stores,
    offsite: state.offsite ?? 'off',
    ...(state.offsiteError ? { offsiteError: state.offsiteError } : {}),
  }));
}

/** `GET /api/console/backups/{id}`: the snapshot's file (a gzip'd tar), streamed; 404 when unknown. */
export async function backupFile(
  id: string,
): Promise<{ stream: ReadableStream<Uint8Array>; filename: string }> {
  const state = /^[0-9TZ-]{10,40}$/.test(id) ? await getSnapshot(id) : undefined;
  if (!state || !isVerified(state)) throw new NotFound([NO_SUCH_BACKUP]);
  return { stream: archiveOf(state), filename: `backup-${state.id}.tar.gz` };
}
