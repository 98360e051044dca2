import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { openStore } from '~/server/storage/blob-store';
import { forgetSheetRow, rowsOfHour, sheetKey } from '~/server/storage/console-sheets';
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
    expect(figures(await rowsOfHour('orders', markers, RecordSchema, counted))).toEqual(markers.map(() => 0));
    // A fill reads each record twice (the second read catches a change made meanwhile).
    expect(loads).toBe(60);
    loads = 0;
    writes.length = 0;
    expect(figures(await rowsOfHour('orders', markers, RecordSchema, counted))).toEqual(markers.map(() => 0));
    expect(loads).toBe(0);
    expect(writes).toEqual([]);
  });

  it('shows a change made after the fill, and a forget of a row no sheet holds writes nothing', async () => {
    const markers = await hourWith(3);
    const target = markers[1]!;
    writes.length = 0;
    await change(target.at, target.id, 7);
    expect(writes.filter((key) => key.includes('sheets/'))).toEqual([]);
    await rowsOfHour('orders', markers, RecordSchema, load);
    await change(target.at, target.id, 8);
    expect(figures(await rowsOfHour('orders', markers, RecordSchema, load))).toEqual([0, 8, 0]);
    // The other rows stayed in the sheet: only the changed one was read again.
    const read: string[] = [];
    await rowsOfHour('orders', markers, RecordSchema, (id) => (read.push(id), load(id)));
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
    expect(figures(await rowsOfHour('orders', markers, RecordSchema, racing))).toEqual([0, 0]);
    expect(figures(await rowsOfHour('orders', markers, RecordSchema, load))).toEqual([5, 0]);
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
      const fills = Array.from({ length: 12 }, () => () => rowsOfHour('orders', markers, RecordSchema, load));
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
      expect(figures(await rowsOfHour('orders', markers, RecordSchema, load))).toEqual(
        markers.map(({ id }) => figure.get(id)),
      );
    }
  });

  it('skips a record that is gone, keeps it out of the sheet, and answers in the markers order', async () => {
    const markers = await hourWith(3);
    const gone = { id: `gone-${hourNo}`, at: markers[0]!.at };
    const asked = [markers[2]!, gone, markers[0]!];
    expect(await rowsOfHour('orders', asked, RecordSchema, load)).toEqual([
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

  it('refuses markers of two hours', async () => {
    const [a] = await hourWith(1);
    const [b] = await hourWith(1);
    await expect(rowsOfHour('orders', [a!, b!], RecordSchema, load)).rejects.toThrow(/one hour/);
  });
});
