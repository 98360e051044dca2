/**
 * Time indexes of the company console (DECISIONS 40), in the `console` store: one empty marker per
 * record, kept when the record is written, so a console page reads what it shows and never every
 * user's records. Key formats:
 * - `index/<name>/<yyyy-mm>/<inverted time>-<id>`: the marker of record `id` at that time. The
 *   month (UTC) bounds what one listing returns; the inverted time (13 digits of
 *   9999999999999 - epoch ms) makes ascending key order newest first;
 * - `index-meta/<name>`: the oldest month the index holds, and that existing records were added
 *   (migration-free: an index built on its first read).
 *
 * A page of n costs one listing per month it walks plus n reads of the caller's records, whatever
 * the shop's age. The cursor is the last key a page returned: records added after it (newer) sort
 * before it and never shift later pages, so paging returns each record once.
 */
import * as z from '~/lib/shared/zod';
import { ValidationError } from '~/server/domain/errors';
import { openStore, SKIP } from '~/server/storage/blob-store';

/** The console's indexes. */
export type IndexName =
  | 'leads'
  | 'leads-new'
  | 'leads-handled'
  | 'orders'
  | 'customers'
  | 'payments'
  | 'payments-attention'
  | 'credit-notes';

const store = openStore('console');
const MarkerSchema = z.object({});
const MetaSchema = z.object({
  /** Oldest month (`yyyy-mm`) holding a marker. */
  firstMonth: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
  /** When the records that existed before the index were added (ISO 8601). */
  builtAt: z.optional(z.iso.datetime()),
});

const INVERT_FROM = 9_999_999_999_999;
const KEY_PATTERN = /^index\/([a-z-]+)\/(\d{4}-\d{2})\/(\d{13})-([A-Za-z0-9_.-]{1,100})$/;
const BAD_CURSOR = 'That page is no longer available. Please load the list again.';

const monthOf = (at: Date) => at.toISOString().slice(0, 7);
const metaKey = (name: IndexName) => `index-meta/${name}`;

function markerKey(name: IndexName, at: Date, id: string): string {
  const inverted = String(INVERT_FROM - at.getTime()).padStart(13, '0');
  return `index/${name}/${monthOf(at)}/${inverted}-${id}`;
}

/** A marker key's time and id. */
function parseKey(
  key: string,
): { readonly month: string; readonly at: Date; readonly id: string } | undefined {
  const match = KEY_PATTERN.exec(key);
  if (!match) return undefined;
  return { month: match[2]!, at: new Date(INVERT_FROM - Number(match[3])), id: match[4]! };
}

/** `2026-03` -> `2026-02`. */
function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 2, 1));
  return monthOf(date);
}

/** Adds record `id` at time `at` to the index (idempotent). */
export async function addToIndex(name: IndexName, at: Date, id: string): Promise<void> {
  await store.create(markerKey(name, at, id), MarkerSchema, {});
  const month = monthOf(at);
  await store.update(metaKey(name), MetaSchema, (meta) =>
    meta === undefined || month < meta.firstMonth ? { ...meta, firstMonth: month } : SKIP,
  );
}

/** Takes record `id` at time `at` out of the index (idempotent). */
export async function removeFromIndex(name: IndexName, at: Date, id: string): Promise<void> {
  await store.delete(markerKey(name, at, id));
}

/**
 * Adds the records that existed before the index, once: `existing` lists them (a full scan,
 * run only on the index's first read or by `npm run console:reindex`). Returns how many it added.
 */
export async function buildIndexOnce(
  name: IndexName,
  existing: () => Promise<readonly { readonly at: Date; readonly id: string }[]>,
  now: Date,
  force = false,
): Promise<number> {
  const meta = await store.get(metaKey(name), MetaSchema);
  if (meta?.builtAt !== undefined && !force) return 0;
  const records = await existing();
  for (let start = 0; start < records.length; start += 50) {
    await Promise.all(
      records.slice(start, start + 50).map((record) => addToIndex(name, record.at, record.id)),
    );
  }
  await store.update(metaKey(name), MetaSchema, (current) => ({
    firstMonth: current?.firstMonth ?? monthOf(now),
    builtAt: now.toISOString(),
  }));
  return records.length;
}

/** What a page asks for. */
export interface PageQuery<T> {
  /** The cursor of the previous page (opaque); none for the first page. */
  readonly cursor?: string | undefined;
  /** Only records at or after this time. */
  readonly from?: Date | undefined;
  /** Only records before this time. */
  readonly to?: Date | undefined;
  /** Records per page. */
  readonly limit: number;
  /**
   * Markers looked at per page at most (a search reads records it then skips): past this the page
   * ends early with a cursor, so one request stays bounded however rare the matches.
   */
  readonly scanLimit?: number;
  /** Reads the record of a marker; undefined skips it (gone, or no match for a search). */
  readonly read: (id: string, at: Date) => Promise<T | undefined>;
}

/** A page of records, newest first, and the cursor of the next page (none after the last). */
export interface Page<T> {
  readonly items: T[];
  readonly cursor: string | undefined;
}

function decodeCursor(name: IndexName, cursor: string): string {
  let key: string;
  try {
    key = Buffer.from(cursor, 'base64url').toString('utf8');
  } catch {
    throw new ValidationError([BAD_CURSOR]);
  }
  if (parseKey(key) === undefined || !key.startsWith(`index/${name}/`))
    throw new ValidationError([BAD_CURSOR]);
  return key;
}

/** One page of the index `name`, newest first (see the module comment for its cost). */
export async function pageOfIndex<T>(name: IndexName, query: PageQuery<T>, now: Date): Promise<Page<T>> {
  const meta = await store.get(metaKey(name), MetaSchema);
  if (!meta) return { items: [], cursor: undefined };
  const after = query.cursor === undefined ? undefined : decodeCursor(name, query.cursor);
  const newest = query.to && query.to < now ? query.to : now;
  const afterMonth = after === undefined ? undefined : parseKey(after)!.month;
  let month = afterMonth ?? monthOf(newest);
  const oldest = query.from && monthOf(query.from) > meta.firstMonth ? monthOf(query.from) : meta.firstMonth;
  const scanLimit = query.scanLimit ?? query.limit;
  const items: T[] = [];
  let scanned = 0;
  for (; month >= oldest; month = previousMonth(month)) {
    const listed = await store.list(`index/${name}/${month}/`);
    const keys = month === afterMonth ? listed.filter((key) => key > after!) : listed;
    // Read in slices of what the page still needs: one round trip when most match, and never
    // more reads than the page shows (a search: than its scan limit).
    for (let start = 0; start < keys.length;) {
      const want = Math.max(1, Math.min(query.limit - items.length, scanLimit - scanned));
      const slice = keys.slice(start, start + want);
      start += slice.length;
      const found = await Promise.all(
        slice.map(async (key) => {
          const marker = parseKey(key);
          if (!marker) return { key, item: undefined, before: false };
          if (query.to && marker.at >= query.to) return { key, item: undefined, before: false };
          if (query.from && marker.at < query.from) return { key, item: undefined, before: true };
          return { key, item: await query.read(marker.id, marker.at), before: false };
        }),
      );
      for (const { key, item, before } of found) {
        if (before) return { items, cursor: undefined };
        scanned += 1;
        if (item !== undefined) items.push(item);
        if (items.length === query.limit || scanned >= scanLimit) {
          return { items, cursor: Buffer.from(key, 'utf8').toString('base64url') };
        }
      }
    }
  }
  return { items, cursor: undefined };
}
