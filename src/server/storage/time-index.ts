/**
 * Time indexes of the company console (DECISIONS 40), in the `console` store: one empty marker per
 * record, kept when the record is written, so a console page reads what it shows and never every
 * user's records. Key formats:
 * - `by-day/<name>/<yyyy-mm-dd>/<inverted time>-<id>`: the marker of record `id` at that time. The
 *   day (UTC) bounds what one listing returns; the inverted time (13 digits of
 *   9999999999999 - epoch ms) makes ascending key order newest first;
 * - `days-of/<name>/<yyyy-mm>`: the days of that month that have markers, so a walk skips empty
 *   days with one read per month instead of a listing per day;
 * - `index-meta/<name>`: the oldest month the index holds, that existing records were added
 *   (migration-free: an index built on its first read), and the layout of its markers;
 * - `index/<name>/<yyyy-mm>/<inverted time>-<id>`: the markers as kept before (one folder per
 *   month), moved once into `by-day/` on the index's first read (`layout` unset in its meta).
 *
 * Why days (issue 30, item 6): a listing costs what the folder holding its prefix holds, whatever
 * the prefix (the local blob server walks every file of it; Netlify's answers 1,000 keys per call).
 * With a folder per month, every page of a month of 20,000 orders walked 20,000 files. A day
 * holds a thirtieth of that, and lives under its own root (`by-day/`), so no listing of it walks
 * the old month folders either.
 *
 * A page of n costs one read per month it walks, one listing per day with markers it walks, and n
 * reads of the caller's records, whatever the shop's age. The cursor is the last key a page
 * returned: records added after it (newer) sort before it and never shift later pages, so paging
 * returns each record once.
 */
import * as z from '~/lib/shared/zod';
import { openStore, SKIP } from '~/server/storage/blob-store';
import { InvalidCursorError } from '~/server/storage/errors';

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
/** The layout of markers written today; an index whose meta lacks it still has month folders. */
const LAYOUT = 'by-day' as const;
const MetaSchema = z.object({
  /** Oldest month (`yyyy-mm`) holding a marker. */
  firstMonth: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
  /** When the records that existed before the index were added (ISO 8601). */
  builtAt: z.optional(z.iso.datetime()),
  /** `by-day` once every marker is in `by-day/`; unset while some may be in month folders. */
  layout: z.optional(z.literal(LAYOUT)),
});
const DaysSchema = z.object({ days: z.array(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))) });

const INVERT_FROM = 9_999_999_999_999;
const KEY_PATTERN = /^by-day\/([a-z-]+)\/(\d{4}-\d{2}-\d{2})\/(\d{13})-([A-Za-z0-9_.-]{1,100})$/;
const OLD_KEY_PATTERN = /^index\/([a-z-]+)\/(\d{4}-\d{2})\/(\d{13})-([A-Za-z0-9_.-]{1,100})$/;

const monthOf = (at: Date) => at.toISOString().slice(0, 7);
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const metaKey = (name: IndexName) => `index-meta/${name}`;
const daysKey = (name: string, month: string) => `days-of/${name}/${month}`;
const dayPrefix = (name: string, day: string) => `by-day/${name}/${day}/`;

const invertedOf = (at: Date) => String(INVERT_FROM - at.getTime()).padStart(13, '0');
const markerKey = (name: string, at: Date, id: string) =>
  `${dayPrefix(name, dayOf(at))}${invertedOf(at)}-${id}`;
/** Where the marker was before `by-day/` (see the module comment). */
const oldMarkerKey = (name: string, at: Date, id: string) =>
  `index/${name}/${monthOf(at)}/${invertedOf(at)}-${id}`;

interface Marker {
  readonly name: string;
  readonly day: string;
  readonly at: Date;
  readonly id: string;
}

/** A marker key's index, day, time and id (of either layout: the day of an old key is its time's). */
function parseKey(key: string): Marker | undefined {
  const match = KEY_PATTERN.exec(key) ?? OLD_KEY_PATTERN.exec(key);
  if (!match) return undefined;
  const at = new Date(INVERT_FROM - Number(match[3]));
  if (Number.isNaN(at.getTime()) || !dayOf(at).startsWith(match[2]!)) return undefined;
  return { name: match[1]!, day: dayOf(at), at, id: match[4]! };
}

/** `2026-03` -> `2026-02`. */
function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 2, 1));
  return monthOf(date);
}

/**
 * What this instance knows is stored, so that adding a record to a known day of an index costs its
 * marker alone: days listed in `days-of/` (`<name>/<day>`; a day is never taken off) and each
 * index's oldest month (it only ever moves back).
 */
const knownDays = new Set<string>();
const knownFirstMonth = new Map<IndexName, string>();

/** Adds `days` to the days of `month` that have markers (idempotent; one write at most). */
async function addDays(name: IndexName, month: string, days: readonly string[]): Promise<void> {
  if (days.every((day) => knownDays.has(`${name}/${day}`))) return;
  await store.update(daysKey(name, month), DaysSchema, (current) => {
    const known = new Set(current?.days);
    const added = days.filter((day) => !known.has(day));
    return added.length === 0 ? SKIP : { days: [...known, ...added].sort() };
  });
  for (const day of days) knownDays.add(`${name}/${day}`);
}

/** Makes `month` no older than the index's oldest month (idempotent). */
async function coverMonth(name: IndexName, month: string): Promise<void> {
  const known = knownFirstMonth.get(name);
  if (known !== undefined && month >= known) return;
  const meta = await store.update(metaKey(name), MetaSchema, (meta) =>
    meta === undefined
      ? { firstMonth: month, layout: LAYOUT }
      : month < meta.firstMonth
        ? { ...meta, firstMonth: month }
        : SKIP,
  );
  if (meta !== undefined) knownFirstMonth.set(name, meta.firstMonth);
}

/** Adds record `id` at time `at` to the index (idempotent). */
export async function addToIndex(name: IndexName, at: Date, id: string): Promise<void> {
  const month = monthOf(at);
  // The day is listed before its marker is written: a crash between the two leaves a day with
  // nothing in it (one empty listing), never a marker no walk finds.
  await Promise.all([addDays(name, month, [dayOf(at)]), coverMonth(name, month)]);
  await store.create(markerKey(name, at, id), MarkerSchema, {});
}

/** Takes record `id` at time `at` out of the index (idempotent), in either layout. */
export async function removeFromIndex(name: IndexName, at: Date, id: string): Promise<void> {
  await Promise.all([store.delete(markerKey(name, at, id)), store.delete(oldMarkerKey(name, at, id))]);
}

/** Markers moved per round of the migration. */
const MOVE_AT_ONCE = 50;
/** The migrations under way in this instance: a read that finds one waits for it. */
const migrations = new Map<IndexName, Promise<void>>();

/**
 * Moves the markers of an index from month folders (`index/`) into `by-day/`, once: lists the old
 * folders, records their days, writes each marker's new key, deletes the old one, then marks the
 * index's layout. Idempotent, so a migration cut short (or run by two instances at once) is
 * finished by the next read. Runs on the index's first read with this code.
 */
async function migrateToDays(name: IndexName): Promise<void> {
  const markers = (await store.list(`index/${name}/`)).flatMap((key) => {
    const marker = OLD_KEY_PATTERN.test(key) ? parseKey(key) : undefined;
    return marker ? [{ key, marker }] : [];
  });
  const daysByMonth = new Map<string, Set<string>>();
  for (const { marker } of markers) {
    const month = marker.day.slice(0, 7);
    daysByMonth.set(month, (daysByMonth.get(month) ?? new Set()).add(marker.day));
  }
  await Promise.all([...daysByMonth].map(([month, days]) => addDays(name, month, [...days])));
  for (let start = 0; start < markers.length; start += MOVE_AT_ONCE) {
    await Promise.all(
      markers.slice(start, start + MOVE_AT_ONCE).map(async ({ key, marker }) => {
        await store.create(markerKey(name, marker.at, marker.id), MarkerSchema, {});
        await store.delete(key);
      }),
    );
  }
  await store.update(metaKey(name), MetaSchema, (meta) =>
    meta === undefined || meta.layout === LAYOUT ? SKIP : { ...meta, layout: LAYOUT },
  );
}

/** The index's meta, its markers moved to `by-day/` first if they are not yet. */
async function metaOf(name: IndexName): Promise<z.infer<typeof MetaSchema> | undefined> {
  const meta = await store.get(metaKey(name), MetaSchema);
  if (meta === undefined || meta.layout === LAYOUT) return meta;
  let migration = migrations.get(name);
  if (!migration) {
    migration = migrateToDays(name).finally(() => migrations.delete(name));
    migrations.set(name, migration);
  }
  await migration;
  return { ...meta, layout: LAYOUT };
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
  // Each month's days and the oldest month written once, not once per record.
  const daysByMonth = new Map<string, Set<string>>();
  for (const record of records) {
    const month = monthOf(record.at);
    daysByMonth.set(month, (daysByMonth.get(month) ?? new Set()).add(dayOf(record.at)));
  }
  await Promise.all([...daysByMonth].map(([month, days]) => addDays(name, month, [...days])));
  const oldest = [...daysByMonth.keys()].sort()[0];
  for (let start = 0; start < records.length; start += MOVE_AT_ONCE) {
    await Promise.all(
      records
        .slice(start, start + MOVE_AT_ONCE)
        .map((record) => store.create(markerKey(name, record.at, record.id), MarkerSchema, {})),
    );
  }
  await store.update(metaKey(name), MetaSchema, (current) => {
    const firstMonth = [current?.firstMonth ?? monthOf(now), oldest ?? monthOf(now)].sort()[0]!;
    return {
      firstMonth,
      builtAt: now.toISOString(),
      ...(current === undefined || current.layout === LAYOUT ? { layout: LAYOUT } : {}),
    };
  });
  return records.length;
}

/** What a page asks for. */
export interface PageQuery<T> {
  /** The `cursor` of the previous page; none for the first page. */
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

/** A page of records, newest first, and where the next page starts (none after the last). */
export interface IndexPage<T> {
  readonly items: T[];
  /** Where the next page starts (the last key shown, opaque); the domain seals it in its cursor. */
  readonly cursor: string | undefined;
}

/** The key a cursor names (a key of this index, in either layout), or InvalidCursorError. */
function decodeCursor(name: IndexName, cursor: string): { readonly key: string; readonly day: string } {
  let key: string;
  try {
    key = Buffer.from(cursor, 'base64url').toString('utf8');
  } catch {
    throw new InvalidCursorError('console', cursor);
  }
  const marker = parseKey(key);
  if (marker === undefined || marker.name !== name) throw new InvalidCursorError('console', cursor);
  // A cursor given out before `by-day/` names the same marker by its new key.
  return { key: markerKey(name, marker.at, marker.id), day: marker.day };
}

/**
 * The markers of an index, newest first, one day's listing at a time: the days of each month
 * from `newest` back to the index's oldest month (or `from`'s), keys after `after` only.
 */
async function* daysOfMarkers(
  name: IndexName,
  firstMonth: string,
  range: {
    readonly after?: { readonly key: string; readonly day: string } | undefined;
    readonly from?: Date | undefined;
  },
  newest: Date,
): AsyncGenerator<string[]> {
  const newestDay = range.after?.day ?? dayOf(newest);
  const oldestDay = range.from === undefined ? '' : dayOf(range.from);
  const oldestMonth = oldestDay.slice(0, 7) > firstMonth ? oldestDay.slice(0, 7) : firstMonth;
  for (let month = newestDay.slice(0, 7); month >= oldestMonth; month = previousMonth(month)) {
    const days = (await store.get(daysKey(name, month), DaysSchema))?.days ?? [];
    for (const day of days.filter((day) => day <= newestDay && day >= oldestDay).reverse()) {
      const listed = await store.list(dayPrefix(name, day));
      const after = range.after;
      yield after !== undefined && day === after.day ? listed.filter((key) => key > after.key) : listed;
    }
  }
}

/** One page of the index `name`, newest first (see the module comment for its cost). */
export async function pageOfIndex<T>(name: IndexName, query: PageQuery<T>, now: Date): Promise<IndexPage<T>> {
  const meta = await metaOf(name);
  if (!meta) return { items: [], cursor: undefined };
  const after = query.cursor === undefined ? undefined : decodeCursor(name, query.cursor);
  // No page starts after now: the walk below is bounded by the index's age, whatever it is given.
  if (after !== undefined && after.day > dayOf(now)) throw new InvalidCursorError('console', query.cursor!);
  const newest = query.to && query.to < now ? query.to : now;
  const scanLimit = query.scanLimit ?? query.limit;
  const items: T[] = [];
  let scanned = 0;
  for await (const keys of daysOfMarkers(name, meta.firstMonth, { after, from: query.from }, newest)) {
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

/**
 * Every record of the index `name` in a range, newest first, as ids and times: one listing per day
 * with markers, no record read. For exports, which then read the records they write.
 */
export async function markersOfIndex(
  name: IndexName,
  range: { readonly from?: Date | undefined; readonly to?: Date | undefined },
  now: Date,
): Promise<{ readonly id: string; readonly at: Date }[]> {
  const meta = await metaOf(name);
  if (!meta) return [];
  const newest = range.to && range.to < now ? range.to : now;
  const markers: { readonly id: string; readonly at: Date }[] = [];
  for await (const keys of daysOfMarkers(name, meta.firstMonth, { from: range.from }, newest)) {
    for (const key of keys) {
      const marker = parseKey(key);
      if (!marker || (range.to && marker.at >= range.to) || (range.from && marker.at < range.from)) continue;
      markers.push({ id: marker.id, at: marker.at });
    }
  }
  return markers;
}
