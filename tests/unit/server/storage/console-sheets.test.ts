import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { openStore } from '~/server/storage/blob-store';
import { forgetSheetRow, sheetRowsOf, sheetKey } from '~/server/storage/console-sheets';
import { useBlobsServer } from '../../../support/blobs-server';

/** The writes (`set`) the blob server was asked for, by key. */
const writes: string[] = [];
useBlobsServer({
  onRequest: ({ type, url }) => {
    if (type === 'set') writes.push(decodeURIComponent(new URL(url, 'http://x').pathname));
  },
});

/** The "records" the rows are read from: one blob per id in a store of their own. */
const records = openStore('contact-messages');
const RecordSchema = z.object({ id: z.string(), figure: z.int() });
type Row = z.infer<typeof RecordSchema>;
const recordKey = (id: string) => `sheet-test/${id}`;
const load = (id: string) => records.get(recordKey(id), RecordSchema);
/** A change of a record: written, then its row forgotten (what every writer of a sheet row does). */
async function change(at: Date, id: string, figure: number) {
  await records.update(recordKey(id), RecordSchema, () => ({ id, figure }));
  await forgetSheetRow('orders', at, id);
}

let hourNo = 0;
/** A fresh hour and `count` records in it, figure 0. */
async function hourWith(count: number) {
  hourNo += 1;
  const start = Date.UTC(2026, 9, 1, hourNo);
  const markers = Array.from({ length: count }, (_, index) => ({
    id: `r${hourNo}-${index}`,
    at: new Date(start + index * 1000),
  }));
  await Promise.all(markers.map(({ id }) => records.create(recordKey(id), RecordSchema, { id, figure: 0 })));
  return markers;
}
const figures = (rows: readonly (Row | undefined)[]) => rows.map((row) => row?.figure);

describe("the console's sheets (issue 30, item 6)", () => {
  it('reads a filled hour in one read, with no record read and nothing written', async () => {
    const markers = await hourWith(30);
    let loads = 0;
    const counted = (id: string) => ((loads += 1), load(id));
    expect(figures(await sheetRowsOf('orders', markers, RecordSchema, counted))).toEqual(
      markers.map(() => 0),
    );
    // A fill reads each record twice (the second read catches a change made meanwhile).
    expect(loads).toBe(60);
    loads = 0;
    writes.length = 0;
    expect(figures(await sheetRowsOf('orders', markers, RecordSchema, counted))).toEqual(
      markers.map(() => 0),
    );
    expect(loads).toBe(0);
    expect(writes).toEqual([]);
  });

  it('shows a change made after the fill, and a forget of a row no sheet holds writes nothing', async () => {
    const markers = await hourWith(3);
    const target = markers[1]!;
    writes.length = 0;
    await change(target.at, target.id, 7);
    expect(writes.filter((key) => key.includes('sheets/'))).toEqual([]);
    await sheetRowsOf('orders', markers, RecordSchema, load);
    await change(target.at, target.id, 8);
    expect(figures(await sheetRowsOf('orders', markers, RecordSchema, load))).toEqual([0, 8, 0]);
    // The other rows stayed in the sheet: only the changed one was read again.
    const read: string[] = [];
    await sheetRowsOf('orders', markers, RecordSchema, (id) => (read.push(id), load(id)));
    expect(read).toEqual([]);
  });

  it('keeps no stale row when a change lands while a fill is reading its records', async () => {
    const markers = await hourWith(2);
    const target = markers[0]!;
    let first = true;
    // The fill reads figure 0; the change (record write, then its forget) lands before the fill
    // writes the sheet: its forget finds no row to take out.
    const racing = async (id: string) => {
      const row = await load(id);
      if (first && id === target.id) {
        first = false;
        await change(target.at, target.id, 5);
      }
      return row;
    };
    expect(figures(await sheetRowsOf('orders', markers, RecordSchema, racing))).toEqual([0, 0]);
    expect(figures(await sheetRowsOf('orders', markers, RecordSchema, load))).toEqual([5, 0]);
  });

  it('never keeps a stale row however fills and changes interleave (race)', async () => {
    for (let round = 0; round < 4; round += 1) {
      const markers = await hourWith(6);
      const figure = new Map(markers.map(({ id }) => [id, 0]));
      const changes = Array.from({ length: 24 }, (_, index) => async () => {
        const marker = markers[index % markers.length]!;
        const next = (figure.get(marker.id) ?? 0) + 1;
        figure.set(marker.id, next);
        await change(marker.at, marker.id, next);
      });
      const fills = Array.from(
        { length: 12 },
        () => () => sheetRowsOf('orders', markers, RecordSchema, load),
      );
      // Interleaved at random, all at once; changes of one record stay in order (figures rise).
      const byRecord = new Map<string, (() => Promise<void>)[]>();
      changes.forEach((run, index) => {
        const id = markers[index % markers.length]!.id;
        byRecord.set(id, [...(byRecord.get(id) ?? []), run]);
      });
      await Promise.all([
        ...[...byRecord.values()].map(async (runs) => {
          for (const run of runs) {
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
            await run();
          }
        }),
        ...fills.map(async (fill) => {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 60));
          await fill();
        }),
      ]);
      expect(figures(await sheetRowsOf('orders', markers, RecordSchema, load))).toEqual(
        markers.map(({ id }) => figure.get(id)),
      );
    }
  });

  it('skips a record that is gone, keeps it out of the sheet, and answers in the markers order', async () => {
    const markers = await hourWith(3);
    const gone = { id: `gone-${hourNo}`, at: markers[0]!.at };
    const asked = [markers[2]!, gone, markers[0]!];
    expect(await sheetRowsOf('orders', asked, RecordSchema, load)).toEqual([
      { id: markers[2]!.id, figure: 0 },
      undefined,
      { id: markers[0]!.id, figure: 0 },
    ]);
    const sheet = await openStore('console').get(
      sheetKey('orders', gone.at),
      z.object({ rows: z.record(z.string(), z.unknown()) }),
    );
    expect(Object.keys(sheet?.rows ?? {}).sort()).toEqual([markers[0]!.id, markers[2]!.id]);
  });

  it('reads the markers of several sheets at once, each sheet once, answering in their order', async () => {
    const early = await hourWith(2);
    const late = await hourWith(2);
    const asked = [late[1]!, early[0]!, late[0]!, early[1]!];
    await sheetRowsOf('orders', asked, RecordSchema, load);
    await change(early[0]!.at, early[0]!.id, 3);
    const read: string[] = [];
    const rows = await sheetRowsOf('orders', asked, RecordSchema, (id) => (read.push(id), load(id)));
    expect(rows.map((row) => row?.id)).toEqual(asked.map((marker) => marker.id));
    expect(figures(rows)).toEqual([0, 3, 0, 0]);
    // Only the changed row was read again (twice: the fill and its second read).
    expect(read).toEqual([early[0]!.id, early[0]!.id]);
  });

  it("keeps a day's customers in one sheet: a page of a sparse list reads few", () => {
    const at = new Date('2026-11-25T10:15:00Z');
    expect(sheetKey('customers', at)).toBe('sheets/customers/2026-11/25');
    expect(sheetKey('customers', new Date('2026-11-25T23:59:59Z'))).toBe('sheets/customers/2026-11/25');
    expect(sheetKey('orders', at)).toBe('sheets/orders/2026-11/25/10');
    expect(sheetKey('leads', at)).toBe('sheets/leads/2026-11/25/10');
  });
});
