import { describe, expect, it, vi } from 'vitest';
import type * as BlobStoreModule from '~/server/storage/blob-store';
import { buildIndexOnce, pageOfIndex } from '~/server/storage/time-index';
import { useBlobsServer } from '../../../support/blobs-server';

/** The prefixes the store was asked to list, in order. */
const listed: string[] = [];
useBlobsServer({
  onRequest: ({ type, url }) => {
    if (type === 'list') listed.push(new URL(url, 'http://x').searchParams.get('prefix') ?? '');
  },
});

/**
 * Blob calls still under way: a walk asks for hours ahead and may leave some answering after it
 * returns; `settled()` waits for them, so each page's figures count that page's calls alone.
 */
const inFlight = vi.hoisted(() => ({ count: 0 }));
vi.mock('~/server/storage/blob-store', async (importOriginal) => {
  const actual = await importOriginal<typeof BlobStoreModule>();
  return {
    ...actual,
    openStore: (name: Parameters<typeof actual.openStore>[0]) => {
      const store = actual.openStore(name);
      const tracked =
        (call: (...args: never[]) => Promise<unknown>) =>
        async (...args: never[]) => {
          inFlight.count += 1;
          try {
            return await call(...args);
          } finally {
            inFlight.count -= 1;
          }
        };
      return Object.fromEntries(
        Object.entries(store).map(([key, value]) => [
          key,
          typeof value === 'function' ? tracked(value) : value,
        ]),
      );
    },
  };
});
/** Resolves once no blob call is under way, after the continuations of the last ones ran. */
async function settled(): Promise<void> {
  do await new Promise((resolve) => setImmediate(resolve));
  while (inFlight.count > 0);
}

const now = new Date('2026-11-24T12:00:00Z');
const minute = 60 * 1000;

describe('what a console page lists (issue 30, item 6)', () => {
  it('lists the hours it shows, not the month: a busy month costs a page what a quiet one does', async () => {
    // 600 orders in the 10 hours before now, 60 an hour, and 600 earlier in the month.
    const times = Array.from({ length: 1200 }, (_, index) =>
      index < 600
        ? now.getTime() - (index + 1) * 60_000
        : now.getTime() - 10 * 60 * minute - index * 30 * minute,
    );
    // Added as records older than the index are (each month's hours written once).
    await buildIndexOnce(
      'orders',
      async () => times.map((at, index) => ({ at: new Date(at), id: `o${index}` })),
      now,
    );
    listed.length = 0;
    let reads = 0;
    const page = await pageOfIndex('orders', { limit: 50, read: async (id) => ((reads += 1), id) }, now);
    expect(page.items).toEqual(Array.from({ length: 50 }, (_, index) => `o${index}`));
    expect(reads).toBe(50);
    // The hour of now (empty), the one before with 60 orders, and at most the one after that.
    expect(listed.length).toBeLessThanOrEqual(3);
    for (const prefix of listed) expect(prefix).toMatch(/^by-hour\/orders\/2026-11\/24\/\d{2}\/$/);
  });

  it('lists a sparse index a day at a time: a page of customers costs a few listings, not one per hour', async () => {
    // 400 customers, one every 20 minutes (3 an hour) back from now: 50 rows span 17 hours.
    const ids = Array.from({ length: 400 }, (_, index) => `c${String(index).padStart(3, '0')}`);
    await buildIndexOnce(
      'customers',
      async () => ids.map((id, index) => ({ at: new Date(now.getTime() - (index + 1) * 20 * minute), id })),
      now,
    );
    const seen: string[] = [];
    const listingsPerPage: string[][] = [];
    let cursor: string | undefined;
    do {
      await settled();
      listed.length = 0;
      const page = await pageOfIndex('customers', { limit: 50, cursor, read: async (id) => id }, now);
      // What the page asked for ahead counts as its own.
      await settled();
      listingsPerPage.push([...listed]);
      seen.push(...page.items);
      cursor = page.cursor;
    } while (cursor !== undefined);
    // Every customer once, newest first, across the days the walk listed whole; each listing one
    // hour's or one day's folder of the index.
    expect(seen).toEqual(ids);
    for (const prefixes of listingsPerPage) {
      expect(prefixes.length).toBeLessThanOrEqual(6);
      for (const prefix of prefixes)
        expect(prefix).toMatch(/^by-hour\/customers\/2026-11\/\d{2}\/(\d{2}\/)?$/);
    }
  });
});
