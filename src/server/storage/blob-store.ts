import { getDeployStore, getStore, type Store } from '@netlify/blobs';
import { setTimeout as sleep } from 'node:timers/promises';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { dataScope } from '~/server/env';

import { ConflictRetryExhaustedError, CorruptRecordError, InvalidRecordError } from './errors';
import type { StoreName } from './store-names';

/**
 * The type of {@link SKIP}. A class with a private field, so no other value matches it; a `unique
 * symbol` would not do, as TypeScript widens it to `symbol` when an arrow passed to `update` returns it.
 */
export class Skip {
  readonly #brand = 'skip';

  /** Always `'skip'`; exists so the marker prints meaningfully in logs. */
  toString(): string {
    return this.#brand;
  }
}

/**
 * Returned by an `update` function to say "no change needed": nothing is written and `update`
 * resolves to the current value (`undefined` if the key does not exist).
 */
export const SKIP: Skip = new Skip();

/** Tuning of the optimistic-concurrency loop of {@link BlobStore.update}. */
export interface UpdateOptions {
  /** Most read-modify-write attempts before giving up with `ConflictRetryExhaustedError`. Default 20. */
  readonly maxAttempts?: number;
  /** Upper bound of the first back-off, in milliseconds; doubles after each conflict. Default 4. */
  readonly baseDelayMs?: number;
  /** Cap of the back-off upper bound, in milliseconds. Default 256. */
  readonly maxDelayMs?: number;
}

/** Options of one {@link BlobStore.update} call. */
export interface UpdateCallOptions<T> extends UpdateOptions {
  /**
   * The version this caller already holds (what `createVersioned` stored): the first attempt
   * starts from it instead of reading the record, and is still written only if the record is
   * unchanged since; on a conflict the loop reads as usual.
   */
  readonly from?: VersionedRecord<T> | undefined;
}

/** A record as stored: its parsed value and the ETag that makes a later write conditional on it. */
export interface VersionedRecord<T> {
  readonly value: T;
  readonly etag: string;
}

/**
 * A typed view of one blob store. Every read is strongly consistent and parsed with the entity
 * schema (any zod schema: classic or zod/mini, typed by zod's core `$ZodType`); every write is validated first and is conditional (create only if new, update only if
 * unchanged since read). A schema must accept its own output (`parse(parse(x))` succeeds), because
 * the parsed value is what gets stored and it is parsed again on every read.
 */
export interface BlobStore {
  /** The store this object reads and writes. */
  readonly name: StoreName;

  /**
   * Reads the record at `key` and parses it with `schema`. Resolves to `undefined` when the key
   * does not exist; throws `CorruptRecordError` when the stored data is not JSON or fails the schema.
   */
  get<T>(key: string, schema: $ZodType<T>): Promise<T | undefined>;

  /**
   * Stores `value` at `key` only if the key does not exist yet. Throws `InvalidRecordError` (and
   * writes nothing) when `value` fails the schema. Resolves to `true` when the record was created,
   * `false` when the key already existed (the existing record is left untouched).
   */
  create<T>(key: string, schema: $ZodType<T>, value: NoInfer<T>): Promise<boolean>;

  /**
   * As `create`, but resolves to the record as stored with its ETag (undefined when the key
   * existed), so a later `update` can start `from` it without reading it back.
   */
  createVersioned<T>(
    key: string,
    schema: $ZodType<T>,
    value: NoInfer<T>,
  ): Promise<VersionedRecord<T> | undefined>;

  /**
   * Read-modify-write of the record at `key` that loses no concurrent change: reads the record and
   * its ETag, calls `fn` with the current value (`undefined` if absent), validates the result and
   * writes it only if the record is still unchanged (or still absent). On a conflict it waits a
   * short random time (full jitter, growing from `baseDelayMs` up to `maxDelayMs`) and starts again
   * from the read, so `fn` may run several times and must have no side effects.
   *
   * Resolves to the value written, or to the current value when `fn` returned `SKIP` (then nothing
   * is written). Throws `InvalidRecordError` when `fn` returns a value that fails the schema,
   * `CorruptRecordError` when the stored record fails it, and `ConflictRetryExhaustedError` after
   * `maxAttempts` conflicting attempts.
   */
  update<T>(
    key: string,
    schema: $ZodType<T>,
    fn: (current: T | undefined) => NoInfer<T>,
    options?: UpdateCallOptions<NoInfer<T>>,
  ): Promise<T>;
  /** As above, for an `fn` that may return `SKIP`: resolves to `undefined` if the key is absent. */
  update<T>(
    key: string,
    schema: $ZodType<T>,
    fn: (current: T | undefined) => NoInfer<T> | Skip,
    options?: UpdateCallOptions<NoInfer<T>>,
  ): Promise<T | undefined>;

  /** Deletes the record at `key`; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;

  /** Lists the keys that start with `prefix` (all keys without one), across all pages, sorted. */
  list(prefix?: string): Promise<string[]>;

  /**
   * As `list`, with each record's ETag: a caller that kept a record read with the same ETag
   * (`getVersioned`) has it as stored, with no read.
   */
  listVersions(prefix: string): Promise<{ readonly key: string; readonly etag: string }[]>;

  /** As `get`, with the ETag of the version read (undefined when the key does not exist). */
  getVersioned<T>(key: string, schema: $ZodType<T>): Promise<VersionedRecord<T> | undefined>;
}

const DEFAULT_MAX_ATTEMPTS = 20;
const DEFAULT_BASE_DELAY_MS = 4;
const DEFAULT_MAX_DELAY_MS = 256;

/**
 * The @netlify/blobs store `name` itself, scoped as `openStore` scopes it: bytes and metadata as
 * stored, no schema. Only the backups read and write through it (DECISIONS 61): they copy records
 * exactly, whatever they hold.
 */
export function rawStore(name: StoreName): Store {
  return dataScope() === 'deploy'
    ? getDeployStore({ name, consistency: 'strong' })
    : getStore({ name, consistency: 'strong' });
}

/** A record as stored: its bytes and metadata, whatever it holds. */
export interface RawRecord {
  readonly bytes: Uint8Array;
  readonly metadata: Record<string, unknown>;
}

/**
 * The records of store `name` as bytes and metadata, with no schema: what the backups copy
 * exactly (DECISIONS 61). Every other reader goes through `openStore`.
 */
export function rawRecords(name: StoreName) {
  return {
    /**
     * Every key (under `prefix`), sorted. Read a page at a time; `signal` aborted between pages
     * stops the listing with its reason (a backup run out of time).
     */
    async keys(prefix?: string, signal?: AbortSignal): Promise<string[]> {
      const keys: string[] = [];
      for await (const page of rawStore(name).list({
        paginate: true,
        ...(prefix === undefined ? {} : { prefix }),
      })) {
        signal?.throwIfAborted();
        for (const blob of page.blobs) keys.push(blob.key);
      }
      signal?.throwIfAborted();
      return keys.sort();
    },
    async read(key: string): Promise<RawRecord | undefined> {
      const entry = await rawStore(name).getWithMetadata(key, { type: 'arrayBuffer', consistency: 'strong' });
      return entry === null ? undefined : { bytes: new Uint8Array(entry.data), metadata: entry.metadata };
    },
    async write(key: string, bytes: Uint8Array, metadata: Record<string, unknown> = {}): Promise<void> {
      const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      await rawStore(name).set(key, buffer, { metadata });
    },
    async delete(key: string): Promise<void> {
      await rawStore(name).delete(key);
    },
  };
}

/**
 * Opens the blob store `name` with strong consistency. Cheap and free of I/O: the Netlify Blobs
 * environment is read on each operation, so a module may call this at load time. In production
 * and locally that is the site's store; in deploy previews and branch deploys a store scoped to
 * the deploy, so a preview never touches real data (`dataScope`).
 */
export function openStore(name: StoreName): BlobStore {
  const blobs = (): Store => rawStore(name);

  const parseStored = <T>(key: string, schema: $ZodType<T>, text: string): T => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new CorruptRecordError(name, key, [], error);
    }
    const result = safeParse(schema, json);
    if (!result.success) {
      throw new CorruptRecordError(name, key, result.error.issues, result.error);
    }
    return result.data;
  };

  const validateForWrite = <T>(key: string, schema: $ZodType<T>, value: unknown): T => {
    const result = safeParse(schema, value);
    if (!result.success) {
      throw new InvalidRecordError(name, key, result.error.issues, result.error);
    }
    return result.data;
  };

  const readVersioned = async <T>(
    store: Store,
    key: string,
    schema: $ZodType<T>,
  ): Promise<VersionedRecord<T> | undefined> => {
    const entry = await store.getWithMetadata(key, { type: 'text', consistency: 'strong' });
    if (entry === null) {
      return undefined;
    }
    // Netlify Blobs sends an ETag with every read (locally too: patches/README.md). Without one, a
    // write with an empty `onlyIfMatch` would be unconditional and could lose a concurrent change.
    if (entry.etag === undefined || entry.etag === '') {
      throw new Error(
        `Reading '${key}' in store '${name}' returned no ETag; refusing an unconditional update.`,
      );
    }
    return { value: parseStored(key, schema, entry.data), etag: entry.etag };
  };

  const updateRecord = async <T>(
    key: string,
    schema: $ZodType<T>,
    fn: (current: T | undefined) => T | Skip,
    options: UpdateCallOptions<T> = {},
  ): Promise<T | undefined> => {
    const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const baseDelayMs = options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
    const maxDelayMs = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
    const store = blobs();
    for (let attempt = 1; ; attempt += 1) {
      const current =
        attempt === 1 && options.from?.etag ? options.from : await readVersioned(store, key, schema);
      const next = fn(current?.value);
      if (next instanceof Skip) {
        return current?.value;
      }
      const value = validateForWrite(key, schema, next);
      const { modified } =
        current === undefined
          ? await store.setJSON(key, value, { onlyIfNew: true })
          : await store.setJSON(key, value, { onlyIfMatch: current.etag });
      if (modified) {
        return value;
      }
      if (attempt >= maxAttempts) {
        throw new ConflictRetryExhaustedError(name, key, attempt);
      }
      // Full jitter: a random wait below a ceiling that doubles per conflict, so racing writers spread out.
      const ceilingMs = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      await sleep(Math.random() * ceilingMs);
    }
  };

  const createVersioned = async <T>(
    key: string,
    schema: $ZodType<T>,
    value: T,
  ): Promise<VersionedRecord<T> | undefined> => {
    const valid = validateForWrite(key, schema, value);
    const { modified, etag } = await blobs().setJSON(key, valid, { onlyIfNew: true });
    // Without an ETag (never seen) the version is unusable as `from`, and `update` reads instead.
    return modified ? { value: valid, etag: etag ?? '' } : undefined;
  };

  return {
    name,

    async get<T>(key: string, schema: $ZodType<T>): Promise<T | undefined> {
      // The client's typings omit it, but `get` resolves to null for a missing key.
      const text: string | null = await blobs().get(key, { type: 'text', consistency: 'strong' });
      return text === null ? undefined : parseStored(key, schema, text);
    },

    async create<T>(key: string, schema: $ZodType<T>, value: NoInfer<T>): Promise<boolean> {
      return (await createVersioned(key, schema, value)) !== undefined;
    },

    createVersioned,

    // `updateRecord` resolves to `undefined` only after SKIP on an absent key, which only the
    // second overload allows; TypeScript cannot check an implementation against overloads.
    update: updateRecord as BlobStore['update'],

    async delete(key: string): Promise<void> {
      await blobs().delete(key);
    },

    async list(prefix?: string): Promise<string[]> {
      const listing = await blobs().list(prefix === undefined ? {} : { prefix });
      return listing.blobs.map((blob) => blob.key).sort();
    },

    async listVersions(prefix: string): Promise<{ key: string; etag: string }[]> {
      const listing = await blobs().list({ prefix });
      return listing.blobs
        .map(({ key, etag }) => ({ key, etag }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    getVersioned<T>(key: string, schema: $ZodType<T>): Promise<VersionedRecord<T> | undefined> {
      return readVersioned(blobs(), key, schema);
    },
  };
}
