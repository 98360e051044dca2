/**
 * Sheets of the company console (issue 30, item 6), in the `console` store: what the orders, leads
 * and customers lists show of each record, kept per hour, so a page reads one sheet per hour it
 * shows instead of two to four records per row. Key format:
 * - `sheets/<kind>/<yyyy-mm>/<dd>/<hh>` (customers: `sheets/customers/<yyyy-mm>/<dd>`, a day's):
 *   `{ rows: { <id>: row } }`, the rows of the records of that kind whose index time (an order's
 *   `placedAt`, a lead's `receivedAt`, a customer's `createdAt`) falls in that hour (UTC). The
 *   index markers stay what says which records a page holds; a sheet only answers what a row
 *   shows.
 *
 * A sheet is filled by the pages that read it (`sheetRowsOf`): a row missing from it is read from
 * its records, shown, and added. Old stores therefore read as before, with no migration. Every
 * write that changes what a row shows (a refund, a lead handled, a lead's e-mail queued, sent or
 * failed, a customer's order) takes the row out of its sheet afterwards (`forgetSheetRow`), and the
 * next page reads it again.
 *
 * Why no row goes stale when a change races a fill: a fill writes its rows, then reads their
 * records again and takes out any row that changed meanwhile; a change writes its record, then
 * takes the row out if the sheet holds it. Whichever of the record write and the fill's second
 * read comes first, one of the two sees the other: a change the second read missed came after it,
 * so after the row was written, and the change's own look at the sheet finds the row. Every write
 * is conditional (ETag), so no change is lost between a fill and a forget on the same sheet.
 */
import * as z from '~/lib/shared/zod';
import type { $ZodType } from 'zod/v4/core';
import { openStore, SKIP } from '~/server/storage/blob-store';
import { ConflictRetryExhaustedError } from '~/server/storage/errors';

/** The lists that keep sheets. */
export type SheetKind = 'orders' | 'leads' | 'customers';

const store = openStore('console');
/** Any sheet, its rows unread: what a forget needs. */
const AnySheetSchema = z.object({ rows: z.record(z.string(), z.unknown()) });
type AnySheet = z.infer<typeof AnySheetSchema>;
/** The sheet schema of each row schema, made once. */
const sheetSchemas = new WeakMap<object, unknown>();

function sheetSchemaOf<T>(row: $ZodType<T>): $ZodType<{ rows: Record<string, T> }> {
  let schema = sheetSchemas.get(row) as $ZodType<{ rows: Record<string, T> }> | undefined;
  if (!schema) {
    schema = z.object({ rows: z.record(z.string(), row) }) as unknown as $ZodType<{
      rows: Record<string, T>;
    }>;
    sheetSchemas.set(row, schema);
  }
  return schema;
}

/**
 * The sheet of a record of index time `at`: an hour's for orders and leads (about 30 records an
 * hour at 20,000 a month), a day's for customers (a sparse list, a few an hour: a page of them
 * would otherwise read a dozen sheets). `sheets/orders/2026-11/25/10`, `sheets/customers/2026-11/25`.
 */
export function sheetKey(kind: SheetKind, at: Date): string {
  const time = at.toISOString();
  const day = `sheets/${kind}/${time.slice(0, 7)}/${time.slice(8, 10)}`;
  return kind === 'customers' ? day : `${day}/${time.slice(11, 13)}`;
}

const rowOf = <T>(rows: Record<string, T> | undefined, id: string): T | undefined =>
  rows !== undefined && Object.hasOwn(rows, id) ? rows[id] : undefined;
/** Fills and forgets give up after this many conflicting tries (a fill then just shows its rows). */
const MAX_ATTEMPTS = 8;

/** Takes `ids` out of the sheet at `key` when it holds any of them (no write otherwise). */
async function forgetRows(key: string, ids: readonly string[]): Promise<void> {
  const holds = (sheet: AnySheet | undefined) => ids.some((id) => rowOf(sheet?.rows, id) !== undefined);
  // A plain read first: most changes are of rows no page has shown yet, and write nothing.
  if (!holds(await store.get(key, AnySheetSchema))) return;
  await store.update(
    key,
    AnySheetSchema,
    (sheet) => {
      if (!holds(sheet)) return SKIP;
      const rows = { ...sheet!.rows };
      for (const id of ids) delete rows[id];
      return { rows };
    },
    { maxAttempts: 100 },
  );
}

/**
 * Takes the row of record `id` (of index time `at`) out of its sheet, so the next page reads it
 * from its records: call after every write that changes what the row shows.
 */
export async function forgetSheetRow(kind: SheetKind, at: Date, id: string): Promise<void> {
  await forgetRows(sheetKey(kind, at), [id]);
}

/**
 * The rows of `markers`, in their order (undefined: no such record): one read per sheet they fall
 * in (the sheets in parallel), plus, for rows a sheet lacks, `load` for each (twice, see the
 * module comment) and one write per sheet. A row `current` refuses (written before the row showed
 * something it shows now) counts as lacking: it is loaded and written again.
 */
export async function sheetRowsOf<T>(
  kind: SheetKind,
  markers: readonly { readonly id: string; readonly at: Date }[],
  schema: $ZodType<T>,
  load: (id: string, at: Date) => Promise<T | undefined>,
  current: (row: T) => boolean = () => true,
): Promise<(T | undefined)[]> {
  const bySheet = new Map<string, { readonly id: string; readonly at: Date }[]>();
  for (const marker of markers) {
    const key = sheetKey(kind, marker.at);
    bySheet.set(key, [...(bySheet.get(key) ?? []), marker]);
  }
  const sheets = [...bySheet];
  const rows = await Promise.all(
    sheets.map(([key, group]) => rowsOfSheet(key, group, schema, load, current)),
  );
  const rowOfMarker = new Map<object, T | undefined>();
  sheets.forEach(([, group], index) =>
    group.forEach((marker, at) => rowOfMarker.set(marker, rows[index]![at])),
  );
  return markers.map((marker) => rowOfMarker.get(marker));
}

/** The rows of `markers`, all of the sheet at `key`, in their order (see `sheetRowsOf`). */
async function rowsOfSheet<T>(
  key: string,
  markers: readonly { readonly id: string; readonly at: Date }[],
  schema: $ZodType<T>,
  load: (id: string, at: Date) => Promise<T | undefined>,
  current: (row: T) => boolean,
): Promise<(T | undefined)[]> {
  const sheetSchema = sheetSchemaOf(schema);
  const sheet = await store.get(key, sheetSchema);
  const rows = markers.map((marker) => {
    const row = rowOf(sheet?.rows, marker.id);
    return row !== undefined && current(row) ? row : undefined;
  });
  const missing = markers.filter((_, index) => rows[index] === undefined);
  if (missing.length === 0) return rows;

  const loaded = await Promise.all(missing.map((marker) => load(marker.id, marker.at)));
  const found = new Map<string, T>();
  missing.forEach((marker, index) => {
    const row = loaded[index];
    if (row !== undefined) found.set(marker.id, row);
  });
  const shown = markers.map((marker, index) => rows[index] ?? found.get(marker.id));
  if (found.size === 0) return shown;

  try {
    await store.update(
      key,
      sheetSchema,
      (current) => ({ rows: { ...current?.rows, ...Object.fromEntries(found) } }),
      { maxAttempts: MAX_ATTEMPTS },
    );
  } catch (error) {
    // Many pages filling one sheet at once: this one shows what it read and leaves the sheet.
    if (error instanceof ConflictRetryExhaustedError) return shown;
    throw error;
  }
  // The second read: a row whose records changed while it was being written is taken out again.
  const filled = missing.filter((marker) => found.has(marker.id));
  const again = await Promise.all(filled.map((marker) => load(marker.id, marker.at)));
  const changed = filled
    .filter((marker, index) => JSON.stringify(again[index]) !== JSON.stringify(found.get(marker.id)))
    .map((marker) => marker.id);
  if (changed.length > 0) await forgetRows(key, changed);
  return shown;
}
