/**
 * Time indexes of the company console (DECISIONS 40), in the `console` store: one empty marker per
 * record, kept when the record is written, so a console page reads what it shows and never every
 * user's records. Key formats:
 * - `by-hour/<name>/<yyyy-mm>/<dd>/<hh>/<inverted time>-<id>`: the marker of record `id` at that
 *   time. The hour (UTC) bounds what one listing returns; the inverted time (13 digits of
 *   9999999999999 - epoch ms) makes ascending key order newest first;
 * - `hours-of/<name>/<yyyy-mm>`: the hours of that month that have markers, so a walk skips empty
 *   hours with one read per month instead of a listing per hour;
 * - `index-meta/<name>`: the oldest month the index holds, that existing records were added
 *   (migration-free: an index built on its first read), and the layout of its markers;
 * - `index/<name>/<yyyy-mm>/<inverted time>-<id>`: the markers as kept before (one folder per
 *   month), moved once into `by-hour/` on the index's first read (`layout` unset in its meta).
 *
 * Why hours (issue 30, item 6): a listing costs what the folder holding its prefix holds, whatever
 * the prefix (the local blob server walks every file of it; Netlify's answers 1,000 keys per call).
 * With a folder per month, every page of a month of 20,000 orders walked 20,000 files; with a
 * folder per day, 800 (a list of 800 took longer than the 50 reads of the page it served, figures
 * in docs/benchmarks/api.md); an hour of that month holds about 30, fewer than a page shows. The
 * local server also looks at every entry of each folder above the one it lists, so the hours sit
 * in a folder per month and one per day (12 a year, 31, 24 entries), never 8,760 a year side by
 * side (a page of a sparse index, listing a dozen hours, then took seconds). The folders live
 * under their own root (`by-hour/`), so no listing walks the old month folders, and each level's
 * names have one length, so no folder's name is the start of another's (the local server would
 * walk that one too).
 *
 * A page of n costs one read per month it walks, one listing per hour with markers it walks (at
 * most n + 1 of them; for a sparse index, under 8 markers an hour, one per day instead), and n
 * reads of the caller's records, whatever the shop's age (a reader of many is called once per
 * round of reads instead: the console's lists then read a sheet per hour or day, see
 * `console-sheets.ts`). The cursor is the last key a page returned: records added after it
 * (newer) sort before it and never shift later pages, so paging returns each record once.
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
const LAYOUT = 'by-hour' as const;
const MetaSchema = z.object({
  /** Oldest month (`yyyy-mm`) holding a marker. */
  firstMonth: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
  /** When the records that existed before the index were added (ISO 8601). */
  builtAt: z.optional(z.iso.datetime()),
  /** `by-hour` once every marker is in `by-hour/`; unset while some may be in month folders. */
  layout: z.optional(z.literal(LAYOUT)),
});
const HoursSchema = z.object({ hours: z.array(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}$/))) });

const INVERT_FROM = 9_999_999_999_999;
const KEY_PATTERN = /^by-hour\/([a-z-]+)\/(\d{4}-\d{2}\/\d{2}\/\d{2})\/(\d{13})-([A-Za-z0-9_.-]{1,100})$/;
const OLD_KEY_PATTERN = /^index\/([a-z-]+)\/(\d{4}-\d{2})\/(\d{13})-([A-Za-z0-9_.-]{1,100})$/;

const monthOf = (at: Date) => at.toISOString().slice(0, 7);
const hourOf = (at: Date) => at.toISOString().slice(0, 13);
const metaKey = (name: IndexName) => `index-meta/${name}`;
const hoursKey = (name: string, month: string) => `hours-of/${name}/${month}`;
/** `2026-11-25T10` -> `2026-11/25/10`: a folder per month, day and hour (see the module comment). */
const folderOf = (hour: string) => `${hour.slice(0, 7)}/${hour.slice(8, 10)}/${hour.slice(11, 13)}`;
const hourPrefix = (name: string, hour: string) => `by-hour/${name}/${folderOf(hour)}/`;
/** The folder of the day of `hour`: every hour of that day. */
const dayPrefix = (name: string, hour: string) => `by-hour/${name}/${folderOf(hour).slice(0, 10)}/`;

const invertedOf = (at: Date) => String(INVERT_FROM - at.getTime()).padStart(13, '0');
const markerKey = (name: string, at: Date, id: string) =>
  `${hourPrefix(name, hourOf(at))}${invertedOf(at)}-${id}`;
/** Where the marker was before `by-hour/` (see the module comment). */
const oldMarkerKey = (name: string, at: Date, id: string) =>
  `index/${name}/${monthOf(at)}/${invertedOf(at)}-${id}`;

interface Marker {
  readonly name: string;
  readonly hour: string;
  readonly at: Date;
  readonly id: string;
}

/** A marker key's index, hour, time and id (of either layout: the hour of an old key is its time's). */
function parseKey(key: string): Marker | undefined {
  const match = KEY_PATTERN.exec(key) ?? OLD_KEY_PATTERN.exec(key);
  if (!match) return undefined;
  const at = new Date(INVERT_FROM - Number(match[3]));
  if (Number.isNaN(at.getTime()) || !folderOf(hourOf(at)).startsWith(match[2]!)) return undefined;
  return { name: match[1]!, hour: hourOf(at), at, id: match[4]! };
}

/** `2026-03` -> `2026-02`. */
function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 2, 1));
  return monthOf(date);
}

/**
 * What this instance knows is stored, so that adding a record to a known hour of an index costs its
 * marker alone: hours listed in `hours-of/` (`<name>/<hour>`; an hour is never taken off) and each
 * index's oldest month (it only ever moves back).
 */
const knownHours = new Set<string>();
const knownFirstMonth = new Map<IndexName, string>();

/** Adds `hours` to the hours of `month` that have markers (idempotent; one write at most). */
async function addHours(name: IndexName, month: string, hours: readonly string[]): Promise<void> {
  if (hours.every((hour) => knownHours.has(`${name}/${hour}`))) return;
  // Live records all land in the current hour, so writers of different hours race only when
  // records of many hours are written at once (a bulk load): each try then adds its own hours to
  // what won, and more tries than usual let every one of them land.
  await store.update(
    hoursKey(name, month),
    HoursSchema,
    (current) => {
      const known = new Set(current?.hours);
      const added = hours.filter((hour) => !known.has(hour));
      return added.length === 0 ? SKIP : { hours: [...known, ...added].sort() };
    },
    { maxAttempts: 100 },
  );
  for (const hour of hours) knownHours.add(`${name}/${hour}`);
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
  // The hour is listed before its marker is written: a crash between the two leaves an hour with
  // nothing in it (one empty listing), never a marker no walk finds.
  await Promise.all([addHours(name, month, [hourOf(at)]), coverMonth(name, month)]);
  await store.create(markerKey(name, at, id), MarkerSchema, {});
}

/** Takes record `id` at time `at` out of the index (idempotent), in either layout. */
export async function removeFromIndex(name: IndexName, at: Date, id: string): Promise<void> {
  await Promise.all([store.delete(markerKey(name, at, id)), store.delete(oldMarkerKey(name, at, id))]);
}

/** Hour folders a walk lists ahead of the one it reads, at most. */
const LIST_AHEAD = 8;
/** Markers an hour below which an index is sparse: its walk lists whole days. */
const SPARSE = 8;
/** Markers moved per round of the migration. */
const MOVE_AT_ONCE = 50;
/** The migrations under way in this instance: a read that finds one waits for it. */
const migrations = new Map<IndexName, Promise<void>>();

/**
 * Moves the markers of an index from month folders (`index/`) into `by-hour/`, once: lists the old
 * folders, records their hours, writes each marker's new key, deletes the old one, then marks the
 * index's layout. Idempotent, so a migration cut short (or run by two instances at once) is
 * finished by the next read. Runs on the index's first read with this code.
 */
async function migrateToHours(name: IndexName): Promise<void> {
  const markers = (await store.list(`index/${name}/`)).flatMap((key) => {
    const marker = OLD_KEY_PATTERN.test(key) ? parseKey(key) : undefined;
    return marker ? [{ key, marker }] : [];
  });
  const hoursByMonth = new Map<string, Set<string>>();
  for (const { marker } of markers) {
    const month = marker.hour.slice(0, 7);
    hoursByMonth.set(month, (hoursByMonth.get(month) ?? new Set()).add(marker.hour));
  }
  await Promise.all([...hoursByMonth].map(([month, hours]) => addHours(name, month, [...hours])));
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

/** The index's meta, its markers moved to `by-hour/` first if they are not yet. */
async function metaOf(name: IndexName): Promise<z.infer<typeof MetaSchema> | undefined> {
  const meta = await store.get(metaKey(name), MetaSchema);
  if (meta === undefined || meta.layout === LAYOUT) return meta;
  let migration = migrations.get(name);
  if (!migration) {
    migration = migrateToHours(name).finally(() => migrations.delete(name));
    migrations.set(name, migration);
  }
  await migration;
  return { ...meta, layout: LAYOUT };
}

/** The indexes this instance knows are built (`builtAt` is never taken off): no read to ask again. */
const built = new Set<IndexName>();

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
  if (built.has(name) && !force) return 0;
  const meta = await store.get(metaKey(name), MetaSchema);
  if (meta?.builtAt !== undefined && !force) {
    built.add(name);
    return 0;
  }
  const records = await existing();
  // Each month's hours and the oldest month written once, not once per record.
  const hoursByMonth = new Map<string, Set<string>>();
  for (const record of records) {
    const month = monthOf(record.at);
    hoursByMonth.set(month, (hoursByMonth.get(month) ?? new Set()).add(hourOf(record.at)));
  }
  await Promise.all([...hoursByMonth].map(([month, hours]) => addHours(name, month, [...hours])));
  const oldest = [...hoursByMonth.keys()].sort()[0];
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
  built.add(name);
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
  readonly read: RecordReader<T>;
}

/**
 * How a page reads what it shows: `(id, at)` per marker, or `{ many }`, the markers it gathered
 * at once (of one hour or several), answering in their order: a few reads, not one per row (the
 * console's sheets, `console-sheets.ts`). Undefined skips a marker (gone, or no match).
 */
type RecordReader<T> =
  | ((id: string, at: Date) => Promise<T | undefined>)
  | {
      readonly many: (
        markers: readonly { readonly id: string; readonly at: Date }[],
      ) => Promise<(T | undefined)[]>;
    };

/** `markers` read by `read`, in their order. */
function readAll<T>(
  read: RecordReader<T>,
  markers: readonly { readonly id: string; readonly at: Date }[],
): Promise<(T | undefined)[]> {
  if (typeof read === 'function') return Promise.all(markers.map((marker) => read(marker.id, marker.at)));
  return markers.length === 0 ? Promise.resolve([]) : read.many(markers);
}

/** A page of records, newest first, and where the next page starts (none after the last). */
export interface IndexPage<T> {
  readonly items: T[];
  /** Where the next page starts (the last key shown, opaque); the domain seals it in its cursor. */
  readonly cursor: string | undefined;
}

/** The key a cursor names (a key of this index, in either layout), or InvalidCursorError. */
function decodeCursor(name: IndexName, cursor: string): { readonly key: string; readonly hour: string } {
  let key: string;
  try {
    key = Buffer.from(cursor, 'base64url').toString('utf8');
  } catch {
    throw new InvalidCursorError('console', cursor);
  }
  const marker = parseKey(key);
  if (marker === undefined || marker.name !== name) throw new InvalidCursorError('console', cursor);
  // A cursor given out before `by-hour/` names the same marker by its new key.
  return { key: markerKey(name, marker.at, marker.id), hour: marker.hour };
}

/**
 * The markers of an index, newest first, one hour's listing at a time: the hours of each month
 * from `newest` back to the index's oldest month (or `from`'s), keys after `after` only.
 */
async function* hoursOfMarkers(
  name: IndexName,
  firstMonth: string,
  range: {
    readonly after?: { readonly key: string; readonly hour: string } | undefined;
    readonly from?: Date | undefined;
  },
  newest: Date,
  /** Markers the caller may look at, at most (a page's scan limit; an export: all). */
  wanted: number,
): AsyncGenerator<string[]> {
  const newestHour = range.after?.hour ?? hourOf(newest);
  const oldestHour = range.from === undefined ? '' : hourOf(range.from);
  const oldestMonth = oldestHour.slice(0, 7) > firstMonth ? oldestHour.slice(0, 7) : firstMonth;
  const listingOf = (prefix: string) => {
    const listing = store.list(prefix);
    // A walk that stops early leaves listings nobody awaits: their failure is nobody's.
    listing.catch(() => undefined);
    return listing;
  };
  /** Whole days listed at once (a sparse index), by day (`yyyy-mm-dd`): each hour's keys. */
  const days = new Map<string, Promise<Map<string, string[]>>>();
  const hourOfDay = (hour: string) => {
    const day = hour.slice(0, 10);
    let listing = days.get(day);
    if (!listing) {
      listing = listingOf(dayPrefix(name, hour)).then(byHour);
      days.set(day, listing);
    }
    const keys = listing.then((byHourOfDay) => byHourOfDay.get(hour) ?? []);
    // As for `listingOf`: an hour the walk never reaches has nobody to hear its failure.
    keys.catch(() => undefined);
    return keys;
  };
  let keysSeen = 0;
  let hoursSeen = 0;
  for (let month = newestHour.slice(0, 7); month >= oldestMonth; month = previousMonth(month)) {
    const hours = ((await store.get(hoursKey(name, month), HoursSchema))?.hours ?? [])
      .filter((hour) => hour <= newestHour && hour >= oldestHour)
      .reverse();
    // Hours are listed ahead of the walk while the caller reads the hour it has: as many as the
    // markers still wanted need at the density seen so far, at most 2, 4, then LIST_AHEAD, so a
    // dense index lists few hours it will not show and a sparse one waits for few round trips. A
    // sparse index (fewer than SPARSE markers an hour so far, more wanted than a few hours hold)
    // is listed a day at a time instead, the next day and the one after with markers: a listing
    // costs what its folders hold, and a day of a sparse index holds less than the dozen hour
    // listings it replaces (figures in docs/benchmarks/api.md).
    const listings: Promise<string[]>[] = [];
    for (let index = 0; index < hours.length; index += 1) {
      if (listings.length <= index) listings.push(listingOf(hourPrefix(name, hours[index]!)));
      const listed = await listings[index]!;
      keysSeen += listed.length;
      hoursSeen += 1;
      const remaining = wanted - keysSeen;
      if (remaining > 0 && index + 1 < hours.length) {
        if (hoursSeen >= 2 && keysSeen < SPARSE * hoursSeen && remaining > 2 * SPARSE) {
          const thisDay = hours[index + 1]!.slice(0, 10);
          const lastDay =
            hours
              .slice(index + 1)
              .find((hour) => hour.slice(0, 10) < thisDay)
              ?.slice(0, 10) ?? thisDay;
          while (listings.length < hours.length && hours[listings.length]!.slice(0, 10) >= lastDay) {
            listings.push(hourOfDay(hours[listings.length]!));
          }
        } else {
          const needed = Math.ceil(remaining / Math.max(1, keysSeen / hoursSeen));
          const until = Math.min(hours.length, index + 1 + Math.min(LIST_AHEAD, 2 ** hoursSeen, needed));
          while (listings.length < until) listings.push(listingOf(hourPrefix(name, hours[listings.length]!)));
        }
      }
      const after = range.after;
      yield after !== undefined && hours[index] === after.hour
        ? listed.filter((key) => key > after.key)
        : listed;
    }
  }
}

/** The keys of a day's listing by hour (`2026-11-25T10`), each hour's in key order. */
function byHour(keys: readonly string[]): Map<string, string[]> {
  const hours = new Map<string, string[]>();
  for (const key of keys) {
    const [root, , month, day, hour, file] = key.split('/');
    if (root !== 'by-hour' || file === undefined) continue;
    const name = `${month}-${day}T${hour}`;
    hours.set(name, [...(hours.get(name) ?? []), key]);
  }
  return hours;
}

/** One page of the index `name`, newest first (see the module comment for its cost). */
export async function pageOfIndex<T>(name: IndexName, query: PageQuery<T>, now: Date): Promise<IndexPage<T>> {
  const meta = await metaOf(name);
  if (!meta) return { items: [], cursor: undefined };
  const after = query.cursor === undefined ? undefined : decodeCursor(name, query.cursor);
  // No page starts after now: the walk below is bounded by the index's age, whatever it is given.
  if (after !== undefined && after.hour > hourOf(now)) throw new InvalidCursorError('console', query.cursor!);
  const newest = query.to && query.to < now ? query.to : now;
  const scanLimit = query.scanLimit ?? query.limit;
  const items: T[] = [];
  let scanned = 0;
  // Keys are gathered across hours up to what the page still needs, then read at once (a reader
  // of many: in one call): one round trip when most match, and never more reads than the page
  // shows (a search: than its scan limit).
  let gathered: string[] = [];
  const readGathered = async (): Promise<IndexPage<T> | undefined> => {
    const looked = gathered.map((key) => {
      const marker = parseKey(key);
      if (!marker) return { key, marker: undefined, before: false };
      if (query.to && marker.at >= query.to) return { key, marker: undefined, before: false };
      if (query.from && marker.at < query.from) return { key, marker: undefined, before: true };
      return { key, marker, before: false };
    });
    gathered = [];
    const shown = looked.flatMap(({ marker }) => (marker ? [marker] : []));
    const reads = await readAll(query.read, shown);
    const itemOf = new Map<Marker, T | undefined>(shown.map((marker, index) => [marker, reads[index]]));
    for (const { key, marker, before } of looked) {
      if (before) return { items, cursor: undefined };
      scanned += 1;
      const item = marker ? itemOf.get(marker) : undefined;
      if (item !== undefined) items.push(item);
      if (items.length === query.limit || scanned >= scanLimit) {
        return { items, cursor: Buffer.from(key, 'utf8').toString('base64url') };
      }
    }
    return undefined;
  };
  for await (const keys of hoursOfMarkers(
    name,
    meta.firstMonth,
    { after, from: query.from },
    newest,
    scanLimit,
  )) {
    for (const key of keys) {
      gathered.push(key);
      if (gathered.length >= Math.max(1, Math.min(query.limit - items.length, scanLimit - scanned))) {
        const page = await readGathered();
        if (page) return page;
      }
    }
  }
  const page = gathered.length > 0 ? await readGathered() : undefined;
  if (page) return page;
  return { items, cursor: undefined };
}

/**
 * Every record of the index `name` in a range, newest first, as ids and times: one listing per hour
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
  for await (const keys of hoursOfMarkers(name, meta.firstMonth, { from: range.from }, newest, Infinity)) {
    for (const key of keys) {
      const marker = parseKey(key);
      if (!marker || (range.to && marker.at >= range.to) || (range.from && marker.at < range.from)) continue;
      markers.push({ id: marker.id, at: marker.at });
    }
  }
  return markers;
}
