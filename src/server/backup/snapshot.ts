/**
 * Nightly snapshots of every store the site owns (DECISIONS 61; docs/api.md, "Backups").
 *
 * A snapshot holds, per store, one gzip file of its records, one JSON line each
 * (`{key, metadata, value}`, the value's bytes in base64, so any record comes back byte for byte),
 * and a manifest: site, time, code version, and per store its records, bytes and SHA-256. Stores
 * are found from the one list of store names (`STORE_NAMES`): a store added later is in the next
 * snapshot with no change here. What lives minutes or days and grants access is left out
 * (`LEFT_OUT`), so a restored site signs everyone out.
 *
 * A store's file is written in parts of `PART_RECORDS` records, each its own gzip member (gzip
 * files joined end to end are one gzip file), and the snapshot's state is saved after each part.
 * A run stops before its deadline and the next run resumes after the last part's key: Netlify
 * gives a scheduled function 30 s and a background function 15 minutes, and a large site needs
 * more than one of either. Records written below a resumed part's key after it was written are in
 * the next night's snapshot: a snapshot is a copy of each record as it was when read, not of one
 * instant.
 *
 * A finished snapshot is verified (every part read back and checked against its SHA-256 and
 * record count) before it counts; only then are snapshots past the retention (30 nightly, 12
 * monthly) deleted.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { indianDay } from '~/lib/shared/dates';
import * as z from '~/lib/shared/zod';
import { openStore, rawRecords } from '~/server/storage/blob-store';
import { STORE_NAMES, type StoreName } from '~/server/storage/store-names';

/** The stores a snapshot leaves out, and why (DECISIONS 61). */
export const LEFT_OUT = {
  sessions: 'signed-in sessions grant access and live days: a restored site signs everyone out',
  'account-codes': 'e-mailed codes grant access and live 10 minutes',
  'rate-limits': 'request counts live minutes to a day',
  secrets: "the server's own keys grant access; a restored site makes new ones",
  backups: 'the snapshots themselves',
} as const satisfies Partial<Record<StoreName, string>>;

/** Every store a snapshot holds: all the site's stores but those `LEFT_OUT`. */
export const BACKED_UP: readonly StoreName[] = STORE_NAMES.filter((name) => !(name in LEFT_OUT));

/** Records per part of a store's file. */
export const PART_RECORDS = 1000;
/** Records read at once while a part is made. */
const READS_AT_ONCE = 50;
/** Snapshots kept (DECISIONS 61). */
export const KEEP: { readonly nightly: number; readonly monthly: number } = { nightly: 30, monthly: 12 };

const PartSchema = z.object({
  records: z.int(),
  bytes: z.int(),
  sha256: z.string(),
  /** The last key in the part: the next part starts after it. */
  lastKey: z.string(),
});

const StoreProgressSchema = z.object({ parts: z.array(PartSchema), done: z.boolean() });

/** One store in a manifest. */
const ManifestStoreSchema = z.object({
  name: z.string(),
  records: z.int().check(z.gte(0)),
  bytes: z.int().check(z.gte(0)),
  sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
});
type ManifestStore = z.infer<typeof ManifestStoreSchema>;

/** `manifest.json`: what the snapshot holds, to check it before anything is restored. */
export const ManifestSchema = z.object({
  format: z.literal('sis-backup-1'),
  id: z.string(),
  site: z.string(),
  kind: z.enum(['nightly', 'monthly']),
  /** When the snapshot started and finished (ISO 8601). */
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  /** The code that made it (the deploy's commit, or `local`). */
  version: z.string(),
  stores: z.array(ManifestStoreSchema),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** Off-site state of a snapshot: copied and checked, failed (retried next run), or no bucket set. */
export const OffsiteSchema = z.enum(['copied', 'failed', 'off']);

/** A snapshot's record in the `backups` store. */
const SnapshotStateSchema = z.object({
  id: z.string(),
  site: z.string(),
  kind: z.enum(['nightly', 'monthly']),
  version: z.string(),
  startedAt: z.iso.datetime(),
  stores: z.record(z.string(), StoreProgressSchema),
  /** Set once every part was read back and matched its SHA-256 and count. */
  manifest: z.optional(ManifestSchema),
  verifiedAt: z.optional(z.iso.datetime()),
  offsite: z.optional(OffsiteSchema),
  /** Why the last off-site copy failed, for staff. */
  offsiteError: z.optional(z.string()),
});
export type SnapshotState = z.infer<typeof SnapshotStateSchema>;

const CurrentSchema = z.object({ id: z.string() });
const meta = openStore('backups');
const stateKey = (id: string) => `snapshots/${id}/state`;
const partKey = (id: string, store: string, part: number) =>
  `snapshots/${id}/parts/${store}/${String(part).padStart(5, '0')}`;

/** A snapshot's id: its start time, sortable, safe in a key and a file name (`2026-11-26T20-30-00-000Z`). */
export function snapshotIdOf(at: Date): string {
  return at.toISOString().replaceAll(/[:.]/g, '-');
}

/** Monthly when made on the first of a month in India (the first night's snapshot), else nightly. */
export function kindOf(at: Date): 'nightly' | 'monthly' {
  return indianDay(at).endsWith('-01') ? 'monthly' : 'nightly';
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** One record as a line of a store's file. */
export interface RecordLine {
  readonly key: string;
  readonly metadata: Record<string, unknown>;
  /** The value's bytes, base64. */
  readonly value: string;
}

/** What a run needs: the clock, when to stop, and what the manifest names. */
export interface BackupRun {
  readonly now: () => Date;
  /** Stop starting parts after this instant (epoch ms); the next run resumes. */
  readonly deadline: number;
  /**
   * Aborted when the run must stop at once (the function's own limit is near): the part in
   * progress, or the verification, is abandoned unsaved, and the next run does it again.
   */
  readonly signal?: AbortSignal;
  readonly site: string;
  readonly version: string;
  /** Only finish a snapshot in progress, never start one (the background function's runs). */
  readonly resumeOnly?: boolean;
  /** Snapshots kept (tests keep fewer); default `KEEP`. */
  readonly keep?: { readonly nightly: number; readonly monthly: number };
}

/** Reads the records of `keys` in `store` as lines (a record deleted meanwhile is left out). */
async function linesOf(
  store: StoreName,
  keys: readonly string[],
  signal?: AbortSignal,
): Promise<RecordLine[]> {
  const records = rawRecords(store);
  const lines: (RecordLine | undefined)[] = [];
  for (let start = 0; start < keys.length; start += READS_AT_ONCE) {
    signal?.throwIfAborted();
    const batch = keys.slice(start, start + READS_AT_ONCE);
    lines.push(
      ...(await Promise.all(
        batch.map(async (key) => {
          const record = await records.read(key);
          if (record === undefined) return undefined;
          return { key, metadata: record.metadata, value: Buffer.from(record.bytes).toString('base64') };
        }),
      )),
    );
  }
  return lines.filter((line) => line !== undefined);
}

/** The snapshot in progress, or a new one (none with `resumeOnly`). */
async function currentSnapshot(run: BackupRun): Promise<SnapshotState | undefined> {
  const current = await meta.get('current', CurrentSchema);
  const state = current ? await meta.get(stateKey(current.id), SnapshotStateSchema) : undefined;
  if (state && !state.verifiedAt) return state;
  if (run.resumeOnly) return undefined;
  const at = run.now();
  const fresh: SnapshotState = {
    id: snapshotIdOf(at),
    site: run.site,
    kind: kindOf(at),
    version: run.version,
    startedAt: at.toISOString(),
    stores: {},
  };
  const stored = await meta.update(stateKey(fresh.id), SnapshotStateSchema, (existing) => existing ?? fresh);
  await meta.update('current', CurrentSchema, () => ({ id: stored.id }));
  return stored;
}

/**
 * Writes the next part of `store` (or marks it done); resolves to the snapshot as saved. A part
 * another run wrote meanwhile is taken as theirs: the state is saved only by the run whose part
 * number is still the next one.
 */
async function writeNextPart(
  state: SnapshotState,
  store: StoreName,
  keysOf: (store: StoreName) => Promise<string[]>,
  signal?: AbortSignal,
): Promise<SnapshotState> {
  const progress = state.stores[store] ?? { parts: [], done: false };
  const after = progress.parts.at(-1)?.lastKey;
  const keys = (await keysOf(store))
    .filter((key) => after === undefined || key > after)
    .slice(0, PART_RECORDS);
  const partNo = progress.parts.length;
  let next: z.infer<typeof StoreProgressSchema>;
  if (keys.length === 0) {
    next = { parts: progress.parts, done: true };
  } else {
    const lines = await linesOf(store, keys, signal);
    const bytes = gzipSync(lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    signal?.throwIfAborted();
    await rawRecords('backups').write(partKey(state.id, store, partNo), bytes);
    const part = { records: lines.length, bytes: bytes.length, sha256: sha256(bytes), lastKey: keys.at(-1)! };
    next = { parts: [...progress.parts, part], done: keys.length < PART_RECORDS };
  }
  return meta.update(stateKey(state.id), SnapshotStateSchema, (current) => {
    const stored = current ?? state;
    const now = stored.stores[store] ?? { parts: [], done: false };
    if (now.done || now.parts.length !== partNo) return stored;
    return { ...stored, stores: { ...stored.stores, [store]: next } };
  });
}

/** A part of a snapshot's store file as stored; throws when it is missing. */
async function partOf(state: SnapshotState, store: string, index: number): Promise<Buffer> {
  const part = await rawRecords('backups').read(partKey(state.id, store, index));
  if (part === undefined) throw new Error(`Snapshot ${state.id}: part ${index} of ${store} is missing`);
  return Buffer.from(part.bytes);
}

/** The bytes of a store's file in a snapshot: its parts, joined. */
export async function storeFileOf(state: SnapshotState, store: string): Promise<Buffer> {
  const parts = state.stores[store]?.parts ?? [];
  return Buffer.concat(await Promise.all(parts.map((_, index) => partOf(state, store, index))));
}

/** Parts read at once while a snapshot is verified. */
const VERIFY_READS_AT_ONCE = 8;

/**
 * Reads every part back and checks it against its SHA-256 and its record count; resolves to the
 * manifest, or throws saying what does not match. A few parts at a time, the store's SHA-256
 * taken as they pass: a store's whole file unpacked and parsed at once took ~450 MB for a year's
 * orders store (5 lakh records), and a function has 1,024 MB.
 */
export async function verifySnapshot(
  state: SnapshotState,
  finishedAt: Date,
  signal?: AbortSignal,
): Promise<Manifest> {
  const stores: ManifestStore[] = [];
  for (const name of Object.keys(state.stores).sort()) {
    const parts = state.stores[name]!.parts;
    const file = createHash('sha256');
    let bytes = 0;
    for (let start = 0; start < parts.length; start += VERIFY_READS_AT_ONCE) {
      signal?.throwIfAborted();
      const batch = parts.slice(start, start + VERIFY_READS_AT_ONCE);
      const read = await Promise.all(batch.map((_, at) => partOf(state, name, start + at)));
      for (const [at, part] of batch.entries()) {
        const stored = read[at]!;
        if (stored.length !== part.bytes || sha256(stored) !== part.sha256)
          throw new Error(`Snapshot ${state.id}: part ${start + at} of ${name} changed`);
        if (countLines(stored) !== part.records)
          throw new Error(
            `Snapshot ${state.id}: part ${start + at} of ${name} does not hold ${part.records} records`,
          );
        file.update(stored);
        bytes += stored.length;
      }
    }
    const records = parts.reduce((sum, part) => sum + part.records, 0);
    stores.push({ name, records, bytes, sha256: file.digest('hex') });
  }
  return {
    format: 'sis-backup-1',
    id: state.id,
    site: state.site,
    kind: state.kind,
    startedAt: state.startedAt,
    finishedAt: finishedAt.toISOString(),
    version: state.version,
    stores,
  };
}

/** The records of a store's file (an empty file: none). */
export function linesOfFile(file: Uint8Array): RecordLine[] {
  if (file.length === 0) return [];
  const text = gunzipSync(file).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as RecordLine);
}

const countLines = (file: Uint8Array) => linesOfFile(file).length;

/**
 * One run of the backup: resumes the snapshot in progress (or starts one), writes parts until
 * every store is done or the deadline comes, then verifies it and applies the retention.
 * Resolves to the snapshot's id and whether it is complete (undefined: nothing to resume).
 *
 * Each run starts at least one part, so a run that starts late still moves the snapshot on; a
 * run whose `signal` is aborted stops in the middle of a part (between pages of keys or batches
 * of reads) and saves nothing of it, so a scheduled function always ends, and hands over, within
 * Netlify's limit however long one part takes.
 */
export async function runBackup(run: BackupRun): Promise<{ id: string; complete: boolean } | undefined> {
  const started = await currentSnapshot(run);
  if (!started) return undefined;
  let state = started;
  // One store's keys at a time: a year of orders lists a few hundred thousand keys.
  const listed = new Map<StoreName, Promise<string[]>>();
  const keysOf = (store: StoreName) => {
    if (!listed.has(store)) listed.set(store, rawRecords(store).keys(undefined, run.signal));
    return listed.get(store)!;
  };
  try {
    let wrote = false;
    for (const store of BACKED_UP) {
      while (!state.stores[store]?.done) {
        if (wrote && Date.now() >= run.deadline) return { id: state.id, complete: false };
        state = await writeNextPart(state, store, keysOf, run.signal);
        wrote = true;
      }
      listed.delete(store);
    }
    const manifest = await verifySnapshot(state, run.now(), run.signal);
    run.signal?.throwIfAborted();
    state = await meta.update(stateKey(state.id), SnapshotStateSchema, (current) => ({
      ...(current ?? state),
      manifest,
      verifiedAt: run.now().toISOString(),
    }));
  } catch (error) {
    if (run.signal?.aborted) return { id: state.id, complete: false };
    throw error;
  }
  await applyRetention(run.keep);
  return { id: state.id, complete: true };
}

/** Every snapshot's state, newest first. */
export async function listSnapshots(): Promise<SnapshotState[]> {
  const keys = (await meta.list('snapshots/')).filter((key) => key.endsWith('/state'));
  const states = await Promise.all(keys.map((key) => meta.get(key, SnapshotStateSchema)));
  return states.filter((state) => state !== undefined).sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

/** A snapshot's state, or undefined. */
export function getSnapshot(id: string): Promise<SnapshotState | undefined> {
  return meta.get(stateKey(id), SnapshotStateSchema);
}

/** Records a snapshot's off-site state. */
export async function setOffsite(
  id: string,
  offsite: z.infer<typeof OffsiteSchema>,
  error?: string,
): Promise<void> {
  await meta.update(stateKey(id), SnapshotStateSchema, (current) => {
    if (!current) throw new Error(`No snapshot ${id}`);
    const next: SnapshotState = { ...current, offsite };
    if (error) next.offsiteError = error;
    else delete next.offsiteError;
    return next;
  });
}

/** Deletes a snapshot: its parts, then its state. */
async function deleteSnapshot(state: SnapshotState): Promise<void> {
  const parts = await meta.list(`snapshots/${state.id}/parts/`);
  const records = rawRecords('backups');
  await Promise.all(parts.map((key) => records.delete(key)));
  await meta.delete(stateKey(state.id));
}

/**
 * The snapshots past the retention, of `snapshots` (newest first): of the verified ones, all but
 * the `keep.nightly` newest nightly and the `keep.monthly` newest monthly; of those never
 * finished, every one older than the newest verified. None while no snapshot is verified, so the
 * retention never leaves the site without a backup.
 */
export function expiredSnapshots(
  snapshots: readonly SnapshotState[],
  keep: { readonly nightly: number; readonly monthly: number } = KEEP,
): SnapshotState[] {
  const newestVerified = snapshots.find((state) => state.verifiedAt);
  if (!newestVerified) return [];
  const kept = new Set<string>();
  for (const kind of ['nightly', 'monthly'] as const)
    snapshots
      .filter((state) => state.verifiedAt && state.kind === kind)
      .slice(0, keep[kind])
      .forEach((state) => kept.add(state.id));
  return snapshots.filter(
    (state) => !kept.has(state.id) && (state.verifiedAt || state.startedAt < newestVerified.startedAt),
  );
}

/** Deletes the snapshots past the retention (`expiredSnapshots`); resolves to their ids. */
async function applyRetention(keep = KEEP): Promise<string[]> {
  const gone = expiredSnapshots(await listSnapshots(), keep);
  for (const state of gone) await deleteSnapshot(state);
  return gone.map((state) => state.id);
}
