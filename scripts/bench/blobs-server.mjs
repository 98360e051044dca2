// @ts-check
// The backup benchmark's blob server, run as a process of its own (issue 40): the bench's peak
// memory is then what a function holds (the client's side), not the server's, and a listing is
// answered as Netlify answers it: in pages of 1,000 keys with a cursor, walked lazily, so a run
// checks its signal between pages and never waits for one answer of half a million keys.
// Usage: node scripts/bench/blobs-server.mjs <directory> <token>; prints one line, `port <n>`,
// when it listens, and stops on SIGTERM.
import { randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';

/** Netlify's page size for a listing. */
const PAGE = 1000;
/** A listing not read on within this long is dropped (a run that stopped mid-listing). */
const CURSOR_IDLE_MS = 20 * 60_000;

/**
 * The server's ETag of a blob's version (our patch's `BlobsServer.etagOf`, patches/README.md),
 * so a listed ETag matches the one a read returns.
 */
const { etagOf } = /** @type {{ etagOf(path: string, mtime: Date): string }} */ (
  /** @type {unknown} */ (BlobsServer)
);

/** @typedef {{ etag: string, key: string, last_modified: string, size: number }} ListedBlob */

/**
 * Every blob under `path`, in key order, one directory at a time: `BlobsServer.walk` without
 * the whole answer in memory. Keys with `/` are folders on disk.
 * @param {string} path
 * @param {string} rootPath
 * @param {string} prefix
 * @returns {AsyncGenerator<ListedBlob>}
 */
async function* walk(path, rootPath, prefix) {
  const entries = await readdir(path, { withFileTypes: true }).catch(
    (/** @type {NodeJS.ErrnoException} */ error) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const entryPath = join(path, entry.name);
    const key = relative(rootPath, entryPath).split(sep).join('/');
    // A folder is walked when the prefix may lie inside it, a file kept when its key starts with it.
    if (entry.isDirectory()) {
      if (prefix.startsWith(key.slice(0, prefix.length))) yield* walk(entryPath, rootPath, prefix);
      continue;
    }
    if (!key.startsWith(prefix)) continue;
    const stats = await stat(entryPath);
    yield {
      etag: etagOf.call(BlobsServer, entryPath, stats.mtime),
      key,
      last_modified: stats.mtime.toISOString(),
      size: stats.size,
    };
  }
}

/** @typedef {{ dataPath: string, metadataPath: string, rootPath: string, req: unknown, url: URL }} ListOptions */

/**
 * The server's listing answered a page at a time: one page of a store's listing, `next_cursor`
 * naming the rest. A listing by folders (`directories=true`) is the server's own, in one answer.
 * @param {(options: ListOptions) => Promise<Response>} ownListing the server's `listBlobs`
 * @returns {(options: ListOptions) => Promise<Response>}
 */
function inPages(ownListing) {
  /** @type {Map<string, { blobs: AsyncGenerator<ListedBlob>, timer: NodeJS.Timeout }>} */
  const listings = new Map();
  return async (options) => {
    const { dataPath, rootPath, url } = options;
    if (url.searchParams.get('directories') === 'true') return ownListing(options);
    const cursor = url.searchParams.get('cursor');
    const listing = cursor === null ? undefined : listings.get(cursor);
    if (cursor !== null && listing === undefined) return new Response('Unknown cursor', { status: 400 });
    if (cursor !== null) {
      clearTimeout(listing?.timer);
      listings.delete(cursor);
    }
    const blobs = listing?.blobs ?? walk(dataPath, rootPath, url.searchParams.get('prefix') ?? '');
    /** @type {ListedBlob[]} */
    const page = [];
    while (page.length < PAGE) {
      const next = await blobs.next();
      if (next.done) break;
      page.push(next.value);
    }
    if (page.length < PAGE) return Response.json({ blobs: page, directories: [] });
    const nextCursor = randomUUID();
    const timer = setTimeout(() => {
      listings.delete(nextCursor);
      void blobs.return(undefined);
    }, CURSOR_IDLE_MS);
    timer.unref();
    listings.set(nextCursor, { blobs, timer });
    return Response.json({ blobs: page, directories: [], next_cursor: nextCursor });
  };
}

const [directory, token] = process.argv.slice(2);
if (!directory || !token) throw new Error('Usage: node scripts/bench/blobs-server.mjs <directory> <token>');
const server = new BlobsServer({ directory, token });
// `listBlobs` is private in the server's typings; the server calls it as `this.listBlobs`.
const internals = /** @type {{ listBlobs: (options: ListOptions) => Promise<Response> }} */ (
  /** @type {unknown} */ (server)
);
internals.listBlobs = inPages(internals.listBlobs.bind(server));
const { port } = await server.start();
process.stdout.write(`port ${port}\n`);
process.on('SIGTERM', () => {
  void server.stop().finally(() => process.exit(0));
});
