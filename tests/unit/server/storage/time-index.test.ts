import { describe, expect, it } from 'vitest';
import { addToIndex, buildIndexOnce, pageOfIndex, removeFromIndex } from '~/server/storage/time-index';
import { InvalidCursorError } from '~/server/storage/errors';
import { useBlobsServer } from '../../../support/blobs-server';

useBlobsServer();

const now = new Date('2026-11-24T12:00:00Z');
const hour = 60 * 60 * 1000;

/** Reads every page of an index, counting the record reads; `between` runs after each page. */
async function readAll(
  name: 'leads' | 'orders' | 'customers',
  options: { limit: number; from?: Date; to?: Date; between?: () => Promise<void> },
) {
  const ids: string[] = [];
  const readsPerPage: number[] = [];
  let cursor: string | undefined;
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
});
