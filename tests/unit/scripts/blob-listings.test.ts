import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keepListings } from '../../../scripts/serve/blob-listings.mjs';

// The listings of `npm start`'s blob server (scripts/serve/blob-listings.mjs, issue 42, item 10):
// a listing walked once is answered from memory until a write or delete under its prefix. The
// site's code lists plainly, as in production; this is the local runtime's alone.

type WalkOptions = { readonly path: string; readonly rootPath: string; readonly prefix: string };
type Walk = (options: WalkOptions) => Promise<void>;
/** `BlobsServer.walk`, private in its types: the server's walk of a store's folders for a listing. */
const walker = BlobsServer as unknown as { walk: Walk };
const walkFolders = walker.walk;
/** The prefixes the server walked its folders for, in order. */
const walked: string[] = [];
/** Run once right after the server's next walk, before its listing answers. */
let afterWalk: (() => Promise<unknown>) | undefined;

let directory: string;
let server: BlobsServer;

beforeAll(async () => {
  vi.spyOn(walker, 'walk').mockImplementation(async (options) => {
    await walkFolders.call(BlobsServer, options);
    // The walk calls itself for each folder below the store's: the store's own is the listing.
    if (options.path !== options.rootPath) return;
    walked.push(options.prefix);
    const then = afterWalk;
    afterWalk = undefined;
    await then?.();
  });
  directory = await mkdtemp(join(tmpdir(), 'sis-listings-'));
  const token = randomUUID();
  server = new BlobsServer({ directory, token });
  expect(keepListings(server)).toBe(true);
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({ siteID: `listings-${randomUUID()}`, token, edgeURL: url, uncachedEdgeURL: url });
});

afterAll(async () => {
  await server.stop();
  await rm(directory, { recursive: true, force: true });
  vi.restoreAllMocks();
});

const store = (name = 'console') => getStore({ name, consistency: 'strong' });
const keys = async (prefix: string, name?: string) =>
  (await store(name).list({ prefix })).blobs.map((blob) => blob.key).sort();

describe("the local blob server's listings (issue 42, item 10)", () => {
  it('answers a listing it walked from memory until a write or delete under its prefix', async () => {
    for (const key of ['by-hour/a/1', 'by-hour/a/2', 'by-hour/b/1']) await store().set(key, '{}');
    walked.length = 0;
    expect(await keys('by-hour/a/')).toEqual(['by-hour/a/1', 'by-hour/a/2']);
    expect(await keys('by-hour/a/')).toEqual(['by-hour/a/1', 'by-hour/a/2']);
    expect(walked).toEqual(['by-hour/a/']);

    // Writes under another prefix or in another store leave it kept.
    await store().set('by-hour/b/2', '{}');
    await store('other').set('by-hour/a/3', '{}');
    expect(await keys('by-hour/a/')).toEqual(['by-hour/a/1', 'by-hour/a/2']);
    expect(walked).toEqual(['by-hour/a/']);

    // A write under it, then a delete: each listed again, and kept again.
    await store().set('by-hour/a/3', '{}');
    expect(await keys('by-hour/a/')).toEqual(['by-hour/a/1', 'by-hour/a/2', 'by-hour/a/3']);
    await store().delete('by-hour/a/1');
    expect(await keys('by-hour/a/')).toEqual(['by-hour/a/2', 'by-hour/a/3']);
    expect(await keys('by-hour/a/')).toEqual(['by-hour/a/2', 'by-hour/a/3']);
    expect(walked).toEqual(['by-hour/a/', 'by-hour/a/', 'by-hour/a/']);

    // The whole store's listing is touched by a write anywhere in it; deleting the store, all are.
    expect(await keys('')).toHaveLength(4);
    await store().set('sheets/x', '{}');
    expect(await keys('')).toHaveLength(5);
    await store().deleteAll();
    expect(await keys('by-hour/a/')).toEqual([]);
    expect(await keys('')).toEqual([]);
  });

  it('never keeps a listing that missed a change made while it walked', async () => {
    await store().set('race/1', '{}');
    // The change lands after the walk passed its folder, before the listing answers.
    afterWalk = () => store().set('race/2', '{}');
    expect(await keys('race/')).toEqual(['race/1']);
    expect(await keys('race/')).toEqual(['race/1', 'race/2']);
    afterWalk = () => store().delete('race/1');
    await store().set('race/3', '{}');
    expect(await keys('race/')).toEqual(['race/1', 'race/2', 'race/3']);
    expect(await keys('race/')).toEqual(['race/2', 'race/3']);
  });

  it('never answers a stale listing however listings and changes interleave (race)', async () => {
    const ids = Array.from({ length: 6 }, (_, index) => `mixed/${index}`);
    const present = new Set<string>();
    for (const id of ids.slice(0, 3)) {
      await store().set(id, '{}');
      present.add(id);
    }
    // Each key's changes in order (added, taken out, added...), all keys and 16 listings at once.
    await Promise.all([
      ...ids.map(async (id) => {
        for (let change = 0; change < 3; change += 1) {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 80));
          if (present.has(id)) {
            await store().delete(id);
            present.delete(id);
          } else {
            await store().set(id, '{}');
            present.add(id);
          }
        }
      }),
      ...Array.from({ length: 16 }, async () => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 240));
        await keys('mixed/');
      }),
    ]);
    expect(await keys('mixed/')).toEqual([...present].sort());
  });

  it('leaves a server without the methods it wraps as it is', () => {
    expect(keepListings({} as BlobsServer)).toBe(false);
  });
});
