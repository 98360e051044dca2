// @ts-check
// Restores a backup (DECISIONS 61; docs/api.md, "Backups"): checks every file of the snapshot
// against its manifest first and writes nothing if one is missing or damaged; then writes each
// store's records, byte for byte with their metadata, into empty stores (or, with --force, over
// stores that hold data: each then holds exactly the snapshot's records).
//
// Usage:
//   npm run restore -- <backup.tar.gz> [--force]
//       into the local stores of `npm start` and `npm run dev` (.netlify/blobs-serve); stop the
//       site first.
//   npm run restore -- <backup.tar.gz> --site <site id> --token <personal access token> [--force]
//       into a Netlify site's stores, through @netlify/blobs (the site id is under Site
//       configuration, General; the token under User settings, Applications).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';

const root = fileURLToPath(new URL('..', import.meta.url));
const jiti = createJiti(import.meta.url, { alias: { '~': join(root, 'src') } });

const args = process.argv.slice(2);
/** @param {string} name */
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const file = args.find(
  (arg, index) => !arg.startsWith('--') && !['--site', '--token'].includes(args[index - 1] ?? ''),
);
if (!file) {
  console.error('Usage: npm run restore -- <backup.tar.gz> [--force] [--site <site id> --token <token>]');
  process.exit(2);
}
const force = args.includes('--force');
const siteID = option('--site');
const token = option('--token');
if (Boolean(siteID) !== Boolean(token)) {
  console.error('Give both --site and --token to restore a Netlify site, or neither for the local stores.');
  process.exit(2);
}

/** @type {typeof import('../src/server/backup/archive')} */
const { checkArchive, restoreSnapshot, SnapshotRefused } = await jiti.import('~/server/backup/archive.ts');
const { getStore } = await import('@netlify/blobs');

let stopLocal = async () => {};
if (!siteID) {
  // The blob server `npm start` runs, on the same folder, for the length of the restore.
  const { BlobsServer } = await import('@netlify/blobs/server');
  const { setEnvironmentContext } = await import('@netlify/blobs');
  const localToken = crypto.randomUUID();
  const server = new BlobsServer({ directory: join(root, '.netlify', 'blobs-serve'), token: localToken });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({ siteID: '0', token: localToken, edgeURL: url, uncachedEdgeURL: url });
  stopLocal = () => server.stop();
}

/** @param {string} name */
const storeOf = (name) =>
  siteID && token
    ? getStore({ name, siteID, token, consistency: 'strong' })
    : getStore({ name, consistency: 'strong' });
/** @type {import('../src/server/backup/archive').RestoreTarget} */
const target = {
  list: async (name) => (await storeOf(name).list()).blobs.map((blob) => blob.key),
  set: async (name, key, value, metadata) => {
    // A copy of the bytes in an ArrayBuffer of their own (`value` may be a view of a larger one).
    await storeOf(name).set(key, Uint8Array.from(value).buffer, { metadata });
  },
  delete: (name, key) => storeOf(name).delete(key),
};

try {
  const snapshot = await checkArchive(await readFile(file));
  const { manifest } = snapshot;
  console.log(
    `Snapshot ${manifest.id} of ${manifest.site} (${manifest.kind}, code ${manifest.version}): every file matches its manifest.`,
  );
  const restored = await restoreSnapshot(snapshot, target, { force });
  console.table(
    restored.map(({ name, written, removed }) => ({ store: name, written, ...(force ? { removed } : {}) })),
  );
  console.log(
    `Restored into ${siteID ? `site ${siteID}` : 'the local stores'}. Everyone is signed out: sessions are not in backups.`,
  );
} catch (error) {
  if (error instanceof SnapshotRefused) {
    console.error(`Not restored: ${error.message}`);
    process.exitCode = 1;
  } else throw error;
} finally {
  await stopLocal();
}
