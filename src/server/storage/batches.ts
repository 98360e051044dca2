/**
 * Batches in the `batches` store (DECISIONS 54). Key formats:
 * - `batches/<batchId>`: what staff entered, and the seats taken, as one claim per confirmed
 *   gateway order (so taking seats for a payment twice takes them once, and a refund gives back
 *   exactly what that payment took);
 * - `meta/seeded`: that the first batches of every course were written (once per site);
 * - `meta/changed`: `{ token }`, a new random token written after every write of a batch.
 * A site has tens of batches, so listing reads them all. The public catalogue, the cart and checkout
 * list them on every call, and they change far less often (staff edits, a payment's seats): an
 * instance keeps the list it read with the token it read before listing, and lists again only when
 * the token is another. Why a kept list is never stale: a write of a batch is followed by a new
 * token, so a list that missed the write was kept under a token read before that new one.
 */
import * as z from '~/lib/shared/zod';
import { BATCH_ID_PATTERN, type Batch, type BatchWithLink } from '~/lib/shared/schemas/batch';
import { randomUUID } from 'node:crypto';
import { openStore, SKIP, type VersionedRecord } from '~/server/storage/blob-store';
import { ConflictRetryExhaustedError } from '~/server/storage/errors';

const BatchRecordSchema = z.object({
  id: z.string().check(z.regex(BATCH_ID_PATTERN)),
  courseId: z.int(),
  startsOn: z.string(),
  schedule: z.string(),
  sessions: z.int(),
  trainer: z.string(),
  seats: z.int(),
  /** The joining link, once staff set it; never in public answers. */
  joinUrl: z.optional(z.string()),
  /** Seats taken, per claim (the gateway order of a confirmed payment): seats. */
  claims: z.record(z.string(), z.int()),
  /** When staff created and last changed it (ISO 8601). */
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type BatchRecord = z.infer<typeof BatchRecordSchema>;

const store = openStore('batches');
const batchKey = (id: string) => `batches/${id}`;
const SEEDED_KEY = 'meta/seeded';
const SeededSchema = z.object({ at: z.iso.datetime() });
const CHANGED_KEY = 'meta/changed';
const ChangedSchema = z.object({ token: z.string() });

/**
 * Writes a new `meta/changed` token: call after every write of a batch. A conflict means another
 * token was written after this one's read, so after the batch write: enough, no retry.
 */
async function markChanged(): Promise<void> {
  try {
    await store.update(CHANGED_KEY, ChangedSchema, () => ({ token: randomUUID() }), { maxAttempts: 1 });
  } catch (error) {
    if (!(error instanceof ConflictRetryExhaustedError)) throw error;
  }
}

/** The current `meta/changed` token, one written first if there is none (a store older than it). */
async function changedToken(): Promise<string> {
  const changed = await store.get(CHANGED_KEY, ChangedSchema);
  if (changed !== undefined) return changed.token;
  const token = randomUUID();
  if (await store.create(CHANGED_KEY, ChangedSchema, { token })) return token;
  return (await store.get(CHANGED_KEY, ChangedSchema))!.token;
}

/** The list this instance read last, with the token read before it (see the module comment). */
let keptList: { readonly token: string; readonly records: readonly BatchRecord[] } | undefined;

/** Seats taken of a batch. */
export function seatsTaken(record: BatchRecord): number {
  return Object.values(record.claims).reduce((sum, seats) => sum + seats, 0);
}

/** The public shape: no joining link, seats left counted. */
export function toBatch(record: BatchRecord): Batch {
  return {
    id: record.id,
    courseId: record.courseId,
    startsOn: record.startsOn,
    schedule: record.schedule,
    sessions: record.sessions,
    trainer: record.trainer,
    seats: record.seats,
    seatsLeft: Math.max(0, record.seats - seatsTaken(record)),
  };
}

/** The staff's and enrolled students' shape: with the joining link once set. */
export function toBatchWithLink(record: BatchRecord): BatchWithLink {
  return { ...toBatch(record), ...(record.joinUrl ? { joinUrl: record.joinUrl } : {}) };
}

/** The batch with this id, or undefined. */
export function getBatch(id: string): Promise<BatchRecord | undefined> {
  return BATCH_ID_PATTERN.test(id) ? store.get(batchKey(id), BatchRecordSchema) : Promise.resolve(undefined);
}

/**
 * The batches this instance has read, by key, each with the ETag of the version read: the public
 * catalogue lists every batch on every call, and a batch changes only when staff change it or a
 * payment takes or gives back seats, so a listing whose ETag matches needs no read.
 */
const known = new Map<string, VersionedRecord<BatchRecord>>();

/**
 * Every batch, by start date then id: the list this instance kept if no batch was written since
 * (one read), else one listing (with ETags, strongly consistent) and a read of each batch this
 * instance has not read at that version.
 */
export async function listBatches(): Promise<BatchRecord[]> {
  const token = await changedToken();
  if (keptList?.token === token) return [...keptList.records];
  const records = await readAllBatches();
  keptList = { token, records };
  return [...records];
}

async function readAllBatches(): Promise<BatchRecord[]> {
  const listed = await store.listVersions('batches/');
  const records = await Promise.all(
    listed.map(async ({ key, etag }) => {
      const kept = known.get(key);
      if (kept?.etag === etag) return kept.value;
      const read = await store.getVersioned(key, BatchRecordSchema);
      if (read === undefined) known.delete(key);
      else known.set(key, read);
      return read?.value;
    }),
  );
  const present = new Set(listed.map((entry) => entry.key));
  for (const key of known.keys()) if (!present.has(key)) known.delete(key);
  return records
    .filter((record): record is BatchRecord => record !== undefined)
    .sort((a, b) => a.startsOn.localeCompare(b.startsOn) || a.id.localeCompare(b.id));
}

/** Writes a new batch; false when one with its id exists. */
export async function createBatch(record: BatchRecord): Promise<boolean> {
  const created = await store.create(batchKey(record.id), BatchRecordSchema, record);
  if (created) await markChanged();
  return created;
}

/**
 * Changes a batch with a conflict-safe read-modify-write (`fn` pure; `SKIP` for no change);
 * resolves to the stored batch, undefined when there is none.
 */
export async function updateBatch(
  id: string,
  fn: (record: BatchRecord) => BatchRecord | typeof SKIP,
): Promise<BatchRecord | undefined> {
  // What the last run of `fn` returned: the run whose answer was written, or skipped.
  let wrote = false;
  const stored = await store.update(
    batchKey(id),
    BatchRecordSchema,
    (current) => {
      const next = current ? fn(current) : SKIP;
      wrote = next !== SKIP;
      return next;
    },
    // Many buyers may confirm payments for one batch at once (50 racing for the last seats).
    { maxAttempts: 200, maxDelayMs: 512 },
  );
  if (wrote) await markChanged();
  return stored;
}

/**
 * Takes `seats` seats of a batch for `claimId` (a confirmed payment's gateway order), in one
 * conditional write: `taken` when the claim holds them (now or from an earlier call), `full`
 * when fewer are left, `missing` when there is no such batch or, `courseId` given, it is now a
 * batch of another course (staff moved it while the buyer paid: DECISIONS 60 keeps a batch's
 * course only once it holds seats). Never more seats than the batch has.
 */
export async function takeSeats(
  batchId: string,
  claimId: string,
  seats: number,
  courseId?: number,
): Promise<'taken' | 'full' | 'missing'> {
  let outcome: 'taken' | 'full' | 'missing' = 'missing';
  await updateBatch(batchId, (record) => {
    if (courseId !== undefined && record.courseId !== courseId) {
      outcome = 'missing';
      return SKIP;
    }
    if (record.claims[claimId] !== undefined) {
      outcome = 'taken';
      return SKIP;
    }
    if (seatsTaken(record) + seats > record.seats) {
      outcome = 'full';
      return SKIP;
    }
    outcome = 'taken';
    return { ...record, claims: { ...record.claims, [claimId]: seats } };
  });
  return outcome;
}

/** Gives back the seats `claimId` took (a refund, or a payment refused after taking them); idempotent. */
export async function releaseSeats(batchId: string, claimId: string): Promise<void> {
  await updateBatch(batchId, (record) => {
    if (record.claims[claimId] === undefined) return SKIP;
    const claims = { ...record.claims };
    delete claims[claimId];
    return { ...record, claims };
  });
}

/** Whether the first batches were written already. */
export async function wereBatchesSeeded(): Promise<boolean> {
  return (await store.get(SEEDED_KEY, SeededSchema)) !== undefined;
}

/** Writes `records` (each only if new) and notes that the site's batches were seeded. */
export async function seedBatches(records: readonly BatchRecord[], at: Date): Promise<void> {
  await Promise.all(records.map((record) => createBatch(record)));
  await store.create(SEEDED_KEY, SeededSchema, { at: at.toISOString() });
}

export { SKIP };
