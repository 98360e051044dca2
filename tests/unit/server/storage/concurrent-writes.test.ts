import { getStore } from '@netlify/blobs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { openStore } from '~/server/storage/blob-store';
import { startBlobsServer, type RunningBlobsServer } from '../../../support/blobs-server';

// The local blob server that `npm start`, `npm run dev` and these tests run (with the project's
// patch, patches/README.md) must keep the promises production keeps: a conditional write that
// lost a race fails, and every read names the version it read. No proxy, no mock: the storage
// layer talks to the server over HTTP, as the functions do.

const CounterSchema = z.object({ count: z.number().int().nonnegative() });
const OwnerSchema = z.object({ writer: z.number().int() });

let server: RunningBlobsServer;

beforeAll(async () => {
  server = await startBlobsServer();
});

afterAll(async () => {
  await server.stop();
});

const freshKey = (label: string): string => `${label}-${randomUUID()}`;
const rawStore = () => getStore({ name: 'counters', consistency: 'strong' });

describe('the local blob server under concurrent writes', () => {
  it(
    'applies every one of 200 parallel read-modify-write updates of one record',
    { timeout: 60_000 },
    async () => {
      const counters = openStore('counters');
      const key = freshKey('rmw');
      const results = await Promise.all(
        Array.from({ length: 200 }, () =>
          // This test is about the store losing nothing, not about the retry budget (which has its
          // own tests), so every writer may retry until it gets through.
          counters.update(key, CounterSchema, (current) => ({ count: (current?.count ?? 0) + 1 }), {
            maxAttempts: 10_000,
          }),
        ),
      );
      await expect(counters.get(key, CounterSchema)).resolves.toEqual({ count: 200 });
      // Each update read a different version: the values written are exactly 1..200.
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 200 }, (_, i) => i + 1),
      );
    },
  );

  it('lets exactly one of 50 parallel creates of one key win', async () => {
    const owners = openStore('counters');
    const key = freshKey('create');
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, writer) => owners.create(key, OwnerSchema, { writer })),
    );
    expect(created.filter(Boolean)).toHaveLength(1);
    const winner = created.indexOf(true);
    await expect(owners.get(key, OwnerSchema)).resolves.toEqual({ writer: winner });
  });

  it('lets exactly one of 50 parallel writes conditional on the same ETag win', async () => {
    const store = rawStore();
    const key = freshKey('if-match');
    const { etag = '' } = await store.setJSON(key, { count: 0 });
    expect(etag).not.toBe('');
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, writer) => store.setJSON(key, { count: writer }, { onlyIfMatch: etag })),
    );
    expect(outcomes.filter((outcome) => outcome.modified)).toHaveLength(1);
  });
});

describe('ETags of the local blob server', () => {
  it('returns with every read the ETag of the version read', async () => {
    const store = rawStore();
    const key = freshKey('read');
    const { etag } = await store.setJSON(key, { count: 1 });
    const read = await store.getWithMetadata(key, { type: 'json' });
    expect(read?.etag).toBe(etag);
    expect(read?.data).toEqual({ count: 1 });
    const metadata = await store.getMetadata(key);
    expect(metadata?.etag ?? etag).toBe(etag);
  });

  it('gives each of 100 back-to-back writes of one key a new ETag, so a stale If-Match fails', async () => {
    const store = rawStore();
    const key = freshKey('back-to-back');
    // Sequential writes land within the same millisecond: the local server's ETags come from
    // the file's mtime in whole ms, so this is where an ETag could repeat.
    const etags: string[] = [];
    for (let count = 0; count < 100; count += 1) {
      const { etag } = await store.setJSON(key, { count });
      etags.push(etag ?? '');
    }
    expect(new Set(etags).size).toBe(100);
    for (const stale of [etags[0], etags[50], etags[98]]) {
      await expect(store.setJSON(key, { count: -1 }, { onlyIfMatch: stale ?? '' })).resolves.toEqual({
        modified: false,
      });
    }
    await expect(store.setJSON(key, { count: 100 }, { onlyIfMatch: etags[99] ?? '' })).resolves.toMatchObject(
      {
        modified: true,
      },
    );
    await expect(store.get(key, { type: 'json' })).resolves.toEqual({ count: 100 });
  });
});
