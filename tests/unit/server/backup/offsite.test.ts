/**
 * The off-site copy (DECISIONS 61) against a local S3-compatible server (`s3rver`, on loopback):
 * each verified snapshot's files land under `{bucket}/{site}/{id}/`, checked by size and SHA-256;
 * a failed copy is recorded and tried again on the next run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyPendingSnapshots, offsiteUrlOf } from '~/server/backup/offsite';
import { backupNow } from '~/server/backup/run';
import { getSnapshot, listSnapshots } from '~/server/backup/snapshot';
import { rawStore } from '~/server/storage/blob-store';
import { useBlobsServer } from '../../../support/blobs-server';

useBlobsServer();

let server: S3rver;
let directory: string;
let endpoint: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'sis-s3-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: 'sis-backups', configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

const bucket = (accessKeyId = 'S3RVER') => ({
  endpoint,
  bucket: 'sis-backups',
  region: 'us-east-1',
  accessKeyId,
  secretAccessKey: 'S3RVER',
});
const SITE = 'https://sahyadri.example';

describe('the off-site copy', () => {
  it('copies each file of a verified snapshot, checks it, and retries a failed copy on the next run', async () => {
    await rawStore('orders').set('orders/SIS-2026-000001', '{"orderNo":"SIS-2026-000001"}');
    // A key the bucket does not know: it refuses, the snapshot is marked failed with why.
    const first = await backupNow(
      { siteUrl: SITE, version: 'abc123', backupBucket: bucket('NOT-A-KEY') },
      { budgetMs: 60_000, limitMs: 90_000 },
    );
    expect(first.complete).toBe(true);
    expect(first.failed).toEqual([first.snapshot]);
    const failed = await getSnapshot(first.snapshot!);
    expect(failed).toMatchObject({
      offsite: 'failed',
      offsiteError: expect.stringMatching(/manifest\.json: the bucket answered 403/),
    });

    // The next run copies it, and the files in the bucket are the snapshot's.
    const retried = await copyPendingSnapshots(bucket());
    expect(retried).toEqual({ copied: [first.snapshot], failed: [] });
    const copied = (await getSnapshot(first.snapshot!))!;
    expect(copied.offsite).toBe('copied');
    expect(copied).not.toHaveProperty('offsiteError');
    const { AwsClient } = await import('aws4fetch');
    const client = new AwsClient({
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
      service: 's3',
    });
    const read = await client.fetch(offsiteUrlOf(bucket(), SITE, copied.id, 'manifest.json'));
    expect(JSON.parse(await read.text())).toStrictEqual(copied.manifest);
    expect(offsiteUrlOf(bucket(), SITE, copied.id, 'orders.ndjson.gz')).toBe(
      `${endpoint}/sis-backups/sahyadri.example/${copied.id}/orders.ndjson.gz`,
    );
    // Copied once: the next run leaves it.
    expect(await copyPendingSnapshots(bucket())).toEqual({ copied: [], failed: [] });
  });

  it('a copy that does not match when read back is a failed copy', async () => {
    const run = await backupNow(
      { siteUrl: SITE, version: 'abc123', backupBucket: undefined },
      { budgetMs: 60_000, limitMs: 90_000 },
    );
    expect((await getSnapshot(run.snapshot!))?.offsite).toBe('off');
    // A bucket that stores something else than it was sent.
    const garbling: typeof fetch = async (input, init) => {
      const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
      const answer = await fetch(input, init);
      if (method !== 'GET') return answer;
      const bytes = new Uint8Array(await answer.arrayBuffer());
      bytes[0] = bytes[0]! ^ 0xff;
      return new Response(bytes, { status: answer.status, headers: answer.headers });
    };
    const result = await copyPendingSnapshots(bucket(), garbling);
    expect(result.failed).toContain(run.snapshot);
    expect((await getSnapshot(run.snapshot!))?.offsiteError).toMatch(/does not match \(size or SHA-256\)/);
    expect((await listSnapshots()).length).toBeGreaterThanOrEqual(2);
  });
});
