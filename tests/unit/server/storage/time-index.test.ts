import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { openStore } from '~/server/storage/blob-store';
import {
  addToIndex,
  buildIndexOnce,
  markersOfIndex,
  pageOfIndex,
  removeFromIndex,
} from '~/server/storage/time-index';
import { InvalidCursorError } from '~/server/storage/errors';
import { useBlobsServer } from '../../../support/blobs-server';

useBlobsServer();

const now = new Date('2026-11-24T12:00:00Z');
const hour = 60 * 60 * 1000;

/** Reads every page of an index, counting the record reads; `between` runs after each page. */
async function readAll(
  name: 'leads' | 'orders' | 'customers' | 'payments',
  options: { limit: number; from?: Date; to?: Date; cursor?: string; between?: () => Promise<void> },
) {
  const ids: string[] = [];
  const readsPerPage: number[] = [];
  let cursor: string | undefined = options.cursor;
  do {
    let reads = 0;
    const page = await pageOfIndex(
      name,
      {
        cursor,
        limit: options.limit,
        from: options.from,
        to: options.to,
        read: async (id) => {
          reads += 1;
          return id;
        },
      },
      now,
    );
    ids.push(...page.items);
    readsPerPage.push(reads);
    cursor = page.cursor;
    await options.between?.();
  } while (cursor !== undefined);
  return { ids, readsPerPage };
}

describe('console time indexes (DECISIONS 40)', () => {
  it('page newest first across months, each record once, while newer records arrive between pages', async () => {
    // 130 orders, one every 12 hours back from now: they span three months.
    const ids = Array.from({ length: 130 }, (_, index) => `o${String(index).padStart(3, '0')}`);
    await Promise.all(
      ids.map((id, index) => addToIndex('orders', new Date(now.getTime() - index * 12 * hour), id)),
    );
    let added = 0;
    const { ids: seen, readsPerPage } = await readAll('orders', {
      limit: 50,
      between: async () => {
        added += 1;
        await addToIndex('orders', new Date(now.getTime() - 1000 + added), `new${added}`);
      },
    });
    expect(seen).toEqual(ids);
    // A page reads what it shows, not the whole index.
    expect(Math.max(...readsPerPage)).toBe(50);
  });

  it('keeps to a date range and stops at its start', async () => {
    const { ids, readsPerPage } = await readAll('orders', {
      limit: 50,
      from: new Date(now.getTime() - 48 * hour),
      to: new Date(now.getTime() - 12 * hour + 1),
    });
    expect(ids).toEqual(['o001', 'o002', 'o003', 'o004']);
    expect(readsPerPage).toEqual([4]);
  });

  it('forgets a removed record, and refuses a cursor it did not make', async () => {
    await removeFromIndex('orders', new Date(now.getTime() - 12 * hour), 'o001');
    const { ids } = await readAll('orders', { limit: 200 });
    expect(ids).not.toContain('o001');
    for (const cursor of [
      'nonsense',
      Buffer.from('index/leads/2026-11/0000000000001-x').toString('base64url'),
    ]) {
      await expect(
        pageOfIndex('orders', { cursor, limit: 5, read: async (id) => id }, now),
      ).rejects.toBeInstanceOf(InvalidCursorError);
    }
  });

  it('adds the records that existed before it once, on its first build', async () => {
    let scans = 0;
    const existing = async () => {
      scans += 1;
      return [
        { at: new Date('2025-01-15T00:00:00Z'), id: 'old-1' },
        { at: new Date('2026-02-01T00:00:00Z'), id: 'old-2' },
      ];
    };
    expect(await buildIndexOnce('customers', existing, now)).toBe(2);
    expect(await buildIndexOnce('customers', existing, now)).toBe(0);
    expect(scans).toBe(1);
    await addToIndex('customers', now, 'fresh');
    const { ids } = await readAll('customers', { limit: 50 });
    expect(ids).toEqual(['fresh', 'old-2', 'old-1']);
  });

  it('moves an index kept in month folders into days once; it and its old cursors read as before', async () => {
    // An index as the code before days left it: markers in month folders, a meta with no layout.
    const store = openStore('console');
    const old = Array.from({ length: 60 }, (_, index) => ({
      id: `p${String(index).padStart(3, '0')}`,
      at: new Date(now.getTime() - (index + 1) * 36 * hour),
    }));
    const oldKey = ({ id, at }: { id: string; at: Date }) =>
      `index/payments/${at.toISOString().slice(0, 7)}/${9_999_999_999_999 - at.getTime()}-${id}`;
    const Anything = z.object({});
    await Promise.all(old.map((marker) => store.create(oldKey(marker), Anything, {})));
    await store.create('index-meta/payments', z.object({ firstMonth: z.string(), builtAt: z.string() }), {
      firstMonth: old.at(-1)!.at.toISOString().slice(0, 7),
      builtAt: now.toISOString(),
    });
    // A record added by this code before the first read, and a migration cut short: five
    // markers already written in days whose month-folder copies are still there.
    await addToIndex('payments', new Date(now.getTime() - 1000), 'fresh');
    await Promise.all(old.slice(20, 25).map((marker) => addToIndex('payments', marker.at, marker.id)));
    // A cursor given out before the move: the position after the tenth old record.
    const oldCursor = Buffer.from(oldKey(old[9]!), 'utf8').toString('base64url');

    const { ids: afterOldCursor } = await readAll('payments', { limit: 7, cursor: oldCursor });
    expect(afterOldCursor).toEqual(old.slice(10).map((marker) => marker.id));
    expect(await store.list('index/payments/')).toEqual([]);
    const { ids } = await readAll('payments', { limit: 25 });
    expect(ids).toEqual(['fresh', ...old.map((marker) => marker.id)]);
    expect((await markersOfIndex('payments', {}, now)).map((marker) => marker.id)).toEqual(ids);
    // Taken out in either layout.
    await removeFromIndex('payments', old[0]!.at, old[0]!.id);
    expect((await readAll('payments', { limit: 100 })).ids).toEqual(ids.filter((id) => id !== 'p000'));
  });
});
