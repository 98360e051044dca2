/**
 * The off-site copy of each verified snapshot (DECISIONS 61; docs/api.md, "Backups"): a backup
 * kept beside the data dies with it. With `BACKUP_S3_*` set, every file of the snapshot
 * (`manifest.json` and each store's file) goes to `{bucket}/{site}/{id}/` by path-style requests
 * signed by `aws4fetch` (AWS S3, Cloudflare R2, Backblaze B2 and MinIO all take them), and is read
 * back and checked by size and SHA-256. A failed copy is recorded, shown to staff, and tried again
 * on the next run.
 */
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { ServerEnv } from '~/server/env';
import {
  listSnapshots,
  setOffsite,
  storeFileOf,
  type Manifest,
  type SnapshotState,
} from '~/server/backup/snapshot';

type Bucket = NonNullable<ServerEnv['backupBucket']>;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The site's part of a key: its host, so several sites can share a bucket. */
const sitePartOf = (site: string) => site.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9.-]+/g, '-');

/** The address of one file of a snapshot in the bucket (path-style). */
export function offsiteUrlOf(bucket: Bucket, site: string, id: string, file: string): string {
  return `${bucket.endpoint}/${encodeURIComponent(bucket.bucket)}/${sitePartOf(site)}/${id}/${file}`;
}

/** The files of a snapshot, as the archive names them, with their bytes. */
async function* filesOf(state: SnapshotState & { manifest: Manifest }): AsyncGenerator<[string, Buffer]> {
  yield ['manifest.json', Buffer.from(`${JSON.stringify(state.manifest, null, 2)}\n`)];
  for (const store of state.manifest.stores)
    yield [`${store.name}.ndjson.gz`, await storeFileOf(state, store.name)];
}

/** Copies one snapshot and checks each file read back; throws saying which file failed. */
async function copySnapshot(
  state: SnapshotState & { manifest: Manifest },
  bucket: Bucket,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  const client = new AwsClient({
    accessKeyId: bucket.accessKeyId,
    secretAccessKey: bucket.secretAccessKey,
    region: bucket.region,
    service: 's3',
  });
  const send = async (url: string, init: RequestInit) => fetcher(await client.sign(url, init));
  for await (const [file, bytes] of filesOf(state)) {
    const url = offsiteUrlOf(bucket, state.site, state.id, file);
    const put = await send(url, { method: 'PUT', body: new Uint8Array(bytes) });
    if (!put.ok) throw new Error(`${file}: the bucket answered ${put.status} to the upload`);
    const back = await send(url, { method: 'GET' });
    const copy = back.ok ? new Uint8Array(await back.arrayBuffer()) : undefined;
    if (!copy) throw new Error(`${file}: the bucket answered ${back.status} when read back`);
    if (copy.length !== bytes.length || sha256(copy) !== sha256(bytes))
      throw new Error(`${file}: the copy in the bucket does not match (size or SHA-256)`);
  }
}

/**
 * Copies every verified snapshot not yet copied (new ones, and ones whose copy failed before),
 * newest first, and records each outcome; with no bucket set, marks them `off`.
 */
export async function copyPendingSnapshots(
  bucket: Bucket | undefined,
  fetcher: typeof fetch = fetch,
): Promise<{ copied: string[]; failed: string[] }> {
  const pending = (await listSnapshots()).filter(
    (state): state is SnapshotState & { manifest: Manifest } =>
      state.manifest !== undefined &&
      state.offsite !== 'copied' &&
      (bucket !== undefined || state.offsite !== 'off'),
  );
  const copied: string[] = [];
  const failed: string[] = [];
  for (const state of pending) {
    if (!bucket) {
      await setOffsite(state.id, 'off');
      continue;
    }
    try {
      await copySnapshot(state, bucket, fetcher);
      await setOffsite(state.id, 'copied');
      copied.push(state.id);
    } catch (error) {
      await setOffsite(state.id, 'failed', error instanceof Error ? error.message : String(error));
      failed.push(state.id);
    }
  }
  return { copied, failed };
}
