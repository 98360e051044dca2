// @ts-check
/**
 * Listings of the local blob server answered from memory, for `scripts/serve.mjs` (issue 42, item
 * 10). Netlify answers a listing from its own index, a call per 1,000 keys; the local
 * `BlobsServer` walks the store's folders on disk for every listing, a `stat` per entry of each
 * folder above the prefix and two per blob under it, one after another, so a listing costs what the
 * folders hold (the console's lists listed hour folders of 30-80 markers on every page:
 * docs/benchmarks/api.md). The server here keeps each listing it walked and answers the same
 * listing again from memory until a write or delete of a key under its prefix, which the server
 * itself carries out, takes it out. The site's code lists plainly, as in production.
 *
 * Never stale: a write or delete takes out the listings it touches once its file has changed,
 * and marks the walks under way that it touches, which then answer without being kept (a walk may
 * have passed the file's folder before the change). What this server does not write (another
 * process writing the same folder, such as `npm run restore`) it cannot see: stop the site first.
 */
import { relative, sep } from 'node:path';

/** Listings kept per store at most, the least recently used going first. */
const KEPT_AT_MOST = 2000;

/**
 * The `BlobsServer` methods this wraps: private in its type declarations; `serialize` is the
 * project's patch (patches/README.md), through which every write and delete of one blob runs.
 *
 * @typedef {{
 *   listBlobs(options: { dataPath: string, rootPath: string, url: URL }): Promise<Response>,
 *   serialize(dataPath: string, task: () => Promise<Response>): Promise<Response>,
 *   deleteAll(rootPath: string): Promise<Response>,
 * }} ServerInternals
 */

/**
 * The key a change of the file or folder at `changedPath` touches in the store at `storePath`
 * (`''`: the whole store), or undefined when it is outside that store.
 *
 * @param {string} storePath
 * @param {string} changedPath
 * @returns {string | undefined}
 */
function keyIn(storePath, changedPath) {
  if (changedPath !== storePath && !changedPath.startsWith(storePath + sep)) return undefined;
  return relative(storePath, changedPath).split(sep).join('/');
}

/**
 * Whether a change of `key` can change a listing of `prefix`: as the server's walk matches
 * (`BlobsServer.walk`), a key under the prefix, or a key the prefix starts with (`''` included).
 *
 * @param {string} prefix
 * @param {string} key
 */
const touches = (prefix, key) => key.startsWith(prefix) || prefix.startsWith(key);

/**
 * Makes `server` answer a listing it walked before from memory until a change under its prefix.
 * Returns false, changing nothing, when the server lacks the methods this wraps (another version
 * of `@netlify/blobs`, or the project's patch not applied).
 *
 * @param {import('@netlify/blobs/server').BlobsServer} server
 * @returns {boolean}
 */
export function keepListings(server) {
  const internals = /** @type {ServerInternals} */ (/** @type {unknown} */ (server));
  if (
    typeof internals.listBlobs !== 'function' ||
    typeof internals.serialize !== 'function' ||
    typeof internals.deleteAll !== 'function'
  ) {
    return false;
  }
  const listBlobs = internals.listBlobs.bind(server);
  const serialize = internals.serialize.bind(server);
  const deleteAll = internals.deleteAll.bind(server);

  /** @type {Map<string, Map<string, { readonly prefix: string, readonly body: string }>>} by store path, then by listing */
  const kept = new Map();
  /** @type {Set<{ readonly storePath: string, readonly prefix: string, stale: boolean }>} */
  const walking = new Set();

  /** @param {string} changedPath */
  const forget = (changedPath) => {
    for (const [storePath, listings] of kept) {
      const key = keyIn(storePath, changedPath);
      if (key === undefined) continue;
      for (const [id, listing] of listings) if (touches(listing.prefix, key)) listings.delete(id);
    }
    for (const walk of walking) {
      const key = keyIn(walk.storePath, changedPath);
      if (key !== undefined && touches(walk.prefix, key)) walk.stale = true;
    }
  };

  internals.listBlobs = async (options) => {
    const prefix = options.url.searchParams.get('prefix') ?? '';
    const id = `${options.url.searchParams.get('directories') === 'true'}:${prefix}`;
    let listings = kept.get(options.rootPath);
    if (listings === undefined) {
      listings = new Map();
      kept.set(options.rootPath, listings);
    }
    const known = listings.get(id);
    if (known !== undefined) {
      listings.delete(id);
      listings.set(id, known);
      return new Response(known.body, { headers: { 'content-type': 'application/json' } });
    }
    const walk = { storePath: options.rootPath, prefix, stale: false };
    walking.add(walk);
    try {
      const answer = await listBlobs(options);
      if (!answer.ok || walk.stale) return answer;
      const body = await answer.text();
      if (!walk.stale) {
        listings.set(id, { prefix, body });
        const oldest = listings.size > KEPT_AT_MOST ? listings.keys().next().value : undefined;
        if (oldest !== undefined) listings.delete(oldest);
      }
      return new Response(body, { status: answer.status, headers: answer.headers });
    } finally {
      walking.delete(walk);
    }
  };
  internals.serialize = (dataPath, task) =>
    serialize(dataPath, async () => {
      try {
        return await task();
      } finally {
        forget(dataPath);
      }
    });
  internals.deleteAll = async (rootPath) => {
    try {
      return await deleteAll(rootPath);
    } finally {
      forget(rootPath);
    }
  };
  return true;
}
