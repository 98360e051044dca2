/**
 * A snapshot as one file (DECISIONS 61; docs/api.md, "Backups"): a gzip'd tar of `manifest.json`
 * and one `<store>.ndjson.gz` per store, written as a stream (a large snapshot is never held
 * whole in memory), and read back by the restore, which checks it all before writing anything.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';
import * as z from '~/lib/shared/zod';
import {
  linesOfFile,
  ManifestSchema,
  storeFileOf,
  type Manifest,
  type RecordLine,
  type SnapshotState,
} from '~/server/backup/snapshot';

const MANIFEST = 'manifest.json';
const fileNameOf = (store: string) => `${store}.ndjson.gz`;

/** The snapshot as a gzip'd tar stream: the manifest first, then each store's file. */
export function archiveOf(state: SnapshotState & { manifest: Manifest }): ReadableStream<Uint8Array> {
  const tar = pack();
  const write = (name: string, bytes: Buffer) =>
    new Promise<void>((resolve, reject) =>
      tar.entry({ name, size: bytes.length, mtime: new Date(state.manifest.finishedAt) }, bytes, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  void (async () => {
    try {
      await write(MANIFEST, Buffer.from(`${JSON.stringify(state.manifest, null, 2)}\n`));
      // One store's file at a time: the stream holds at most one store in memory.
      for (const store of state.manifest.stores)
        await write(fileNameOf(store.name), await storeFileOf(state, store.name));
      tar.finalize();
    } catch (error) {
      tar.destroy(error as Error);
    }
  })();
  return Readable.toWeb(tar.pipe(createGzip())) as ReadableStream<Uint8Array>;
}

/** A snapshot read from its file and checked: its manifest and each store's records. */
export interface CheckedSnapshot {
  readonly manifest: Manifest;
  readonly stores: ReadonlyMap<string, readonly RecordLine[]>;
}

/** Why a snapshot file cannot be restored; nothing was written. */
export class SnapshotRefused extends Error {}

const RecordLineSchema = z.object({
  key: z.string().check(z.minLength(1)),
  metadata: z.record(z.string(), z.unknown()),
  value: z.string(),
});

/** The files of a gzip'd tar, by name (a snapshot's: `manifest.json` and each store's file). */
export async function filesOf(archive: Uint8Array): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const reader = extract();
  const done = new Promise<void>((resolve, reject) => {
    reader.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: unknown) => void chunks.push(chunk as Buffer));
      stream.on('end', () => {
        // `tar -C folder .` names them `./manifest.json`: the same file.
        files.set(header.name.replace(/^\.\//, ''), Buffer.concat(chunks));
        next();
      });
      stream.on('error', reject);
    });
    reader.on('finish', resolve);
    reader.on('error', reject);
  });
  const gunzip = createGunzip();
  gunzip.on('error', (error) => reader.destroy(error));
  Readable.from([Buffer.from(archive)])
    .pipe(gunzip)
    .pipe(reader);
  try {
    await done;
  } catch (error) {
    throw new SnapshotRefused(`This is not a readable snapshot file (${(error as Error).message}).`);
  }
  return files;
}

/**
 * Reads a snapshot file and checks everything before anything is restored: the manifest, each
 * store's file present with its size and SHA-256, and as many well-formed records as the manifest
 * says. Throws `SnapshotRefused` saying what is wrong.
 */
export async function checkArchive(archive: Uint8Array): Promise<CheckedSnapshot> {
  const files = await filesOf(archive);
  const manifestFile = files.get(MANIFEST);
  if (!manifestFile) throw new SnapshotRefused('The snapshot has no manifest.json: it is partial.');
  let manifest: Manifest;
  try {
    manifest = z.parse(ManifestSchema, JSON.parse(manifestFile.toString('utf8')));
  } catch {
    throw new SnapshotRefused('The snapshot’s manifest.json is damaged.');
  }
  const stores = new Map<string, RecordLine[]>();
  for (const store of manifest.stores) {
    const file = files.get(fileNameOf(store.name));
    if (!file) throw new SnapshotRefused(`The snapshot has no ${fileNameOf(store.name)}: it is partial.`);
    if (file.length !== store.bytes || createHash('sha256').update(file).digest('hex') !== store.sha256)
      throw new SnapshotRefused(
        `${fileNameOf(store.name)} does not match its SHA-256 in the manifest: it is damaged.`,
      );
    let lines: RecordLine[];
    try {
      lines = linesOfFile(file).map((line) => z.parse(RecordLineSchema, line));
    } catch {
      throw new SnapshotRefused(`${fileNameOf(store.name)} holds a damaged record.`);
    }
    if (lines.length !== store.records)
      throw new SnapshotRefused(
        `${fileNameOf(store.name)} holds ${lines.length} records, not ${store.records}.`,
      );
    stores.set(store.name, lines);
  }
  return { manifest, stores };
}

/** Where a restore writes: a store by name (the local stores, or a deploy's through its token). */
export interface RestoreTarget {
  list(store: string): Promise<string[]>;
  set(store: string, key: string, value: Uint8Array, metadata: Record<string, unknown>): Promise<void>;
  delete(store: string, key: string): Promise<void>;
}

/** What a restore wrote into one store. */
export interface RestoredStore {
  readonly name: string;
  readonly written: number;
  /** Records the store held that the snapshot did not (deleted, with `force` only). */
  readonly removed: number;
}

/**
 * Restores a checked snapshot: into empty stores, or with `force` over stores that hold data
 * (then the store holds exactly the snapshot's records). Without `force`, a store that holds data
 * refuses the whole restore before anything is written.
 */
export async function restoreSnapshot(
  snapshot: CheckedSnapshot,
  target: RestoreTarget,
  options: { readonly force: boolean },
): Promise<RestoredStore[]> {
  const existing = new Map<string, string[]>();
  for (const name of snapshot.stores.keys()) existing.set(name, await target.list(name));
  const busy = [...existing].filter(([, keys]) => keys.length > 0).map(([name]) => name);
  if (busy.length > 0 && !options.force)
    throw new SnapshotRefused(
      `These stores hold data: ${busy.join(', ')}. Nothing was written. Restore over them with --force.`,
    );
  const restored: RestoredStore[] = [];
  for (const [name, lines] of snapshot.stores) {
    const keep = new Set(lines.map((line) => line.key));
    const extra = (existing.get(name) ?? []).filter((key) => !keep.has(key));
    for (const key of extra) await target.delete(name, key);
    for (let start = 0; start < lines.length; start += 50)
      await Promise.all(
        lines
          .slice(start, start + 50)
          .map((line) => target.set(name, line.key, Buffer.from(line.value, 'base64'), line.metadata)),
      );
    restored.push({ name, written: lines.length, removed: extra.length });
  }
  return restored;
}
