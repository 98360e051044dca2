import { describe, expect, it, vi } from 'vitest';
import type * as BlobStoreModule from '~/server/storage/blob-store';
import {
  addToIndex,
  buildIndexOnce,
  markersOfIndex,
  pageOfIndex,
  removeFromIndex,
} from '~/server/storage/time-index';
import { openStore } from '~/server/storage/blob-store';
import { useBlobsServer } from '../../../support/blobs-server';

/** The prefixes the store was asked to list, in order, and the keys it was asked to read. */
const listed: string[] = [];
const reads: string[] = [];
useBlobsServer({
  onRequest: ({ type, url }) => {
    if (type === 'list') listed.push(new URL(url, 'http://x').searchParams.get('prefix') ?? '');
    if (type === 'get') reads.push(new URL(url, 'http://x').pathname);
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

  it('reads a sparse index a day at a time: once its closed hours are kept, a page of customers lists only the open hour', async () => {
    // 400 customers, one every 20 minutes (3 an hour) back from now: 50 rows span 17 hours.
    const ids = Array.from({ length: 400 }, (_, index) => `c${String(index).padStart(3, '0')}`);
    await buildIndexOnce(
      'customers',
      async () => ids.map((id, index) => ({ at: new Date(now.getTime() - (index + 1) * 20 * minute), id })),
      now,
    );
    const walk = async () => {
      const seen: string[] = [];
      const costs: { listings: number; reads: string[] }[] = [];
      let cursor: string | undefined;
      do {
        await settled();
        listed.length = 0;
        reads.length = 0;
        const page = await pageOfIndex('customers', { limit: 50, cursor, read: async (id) => id }, now);
        // What the page asked for ahead counts as its own.
        await settled();
        costs.push({
          listings: listed.length,
          reads: reads.map((path) => path.replace(/^.*?site:console\//, '')),
        });
        seen.push(...page.items);
        cursor = page.cursor;
      } while (cursor !== undefined);
      return { seen, costs };
    };
    // The first walk keeps what it lists: each closed hour of today and each closed day, once.
    expect((await walk()).seen).toEqual(ids);
    // Every customer once, newest first; a page lists the hour still open (11:00-12:00) at most,
    // and reads its index's meta and hours, a kept listing per closed hour of today it shows (11
    // on the first page) and per closed day it shows or reads ahead (the page's look-ahead may
    // still be answering when the next page starts).
    const { seen, costs } = await walk();
    expect(seen).toEqual(ids);
    expect(costs[0]!.listings).toBe(1);
    expect(costs[0]!.reads.filter((key) => key.startsWith('listed-hours/'))).toHaveLength(11);
    for (const cost of costs) {
      expect(cost.reads).toContain('index-meta/customers');
      expect(cost.reads).toContain('hours-of/customers/2026-11');
      expect(new Set(cost.reads.filter((key) => key.startsWith('listed-days/'))).size).toBeLessThanOrEqual(3);
      expect(cost.reads.length).toBeLessThanOrEqual(2 + 11 + 3 + 1);
    }
    for (const cost of costs.slice(1)) {
      expect(cost.listings).toBe(0);
      expect(cost.reads.filter((key) => key.startsWith('listed-hours/'))).toEqual([]);
    }

    // A day later that day is closed: its listing is kept whole, and its hours' go.
    const console = openStore('console');
    expect(await console.list('listed-hours/customers/2026-11/24/')).toHaveLength(11);
    const dayLater = new Date(now.getTime() + 24 * 60 * minute);
    expect((await pageOfIndex('customers', { limit: 50, read: async (id) => id }, dayLater)).items).toEqual(
      ids.slice(0, 50),
    );
    expect(await console.list('listed-hours/customers/2026-11/24/')).toEqual([]);
    expect(await console.list('listed-days/customers/2026-11/24')).toHaveLength(1);
  });

  it('lists a closed day once: later pages and exports read its kept listing; a change of that day is listed again', async () => {
    // 120 leads on a day that ended days before now, one every 12 minutes from 00:00.
    const day = Date.UTC(2026, 10, 20);
    const atOf = (index: number) => new Date(day + index * 12 * minute);
    const ids = Array.from({ length: 120 }, (_, index) => `n${String(index).padStart(3, '0')}`);
    for (const [index, id] of ids.entries()) await addToIndex('leads-new', atOf(index), id);
    const page = (cursor?: string) =>
      pageOfIndex('leads-new', { limit: 50, cursor, read: async (id) => id }, now);

    listed.length = 0;
    const first = await page();
    expect(first.items).toEqual(ids.slice(-50).reverse());
    // The fill: the day listed, kept, and listed again to see nothing changed meanwhile; then the
    // day's kept hours looked for (none: the day closed before any walk).
    expect(listed).toEqual([
      'by-hour/leads-new/2026-11/20/',
      'by-hour/leads-new/2026-11/20/',
      'listed-hours/leads-new/2026-11/20/',
    ]);

    listed.length = 0;
    const again = await page();
    const second = await page(again.cursor);
    expect(again.items).toEqual(first.items);
    expect(second.items).toEqual(ids.slice(20, 70).reverse());
    expect((await markersOfIndex('leads-new', {}, now)).map(({ id }) => id)).toEqual([...ids].reverse());
    expect(listed).toEqual([]);

    // A lead of that day moved out of the list, and one added to it: both on the next page.
    await removeFromIndex('leads-new', atOf(119), ids[119]!);
    await addToIndex('leads-new', new Date(day + 23 * 60 * minute + 59 * minute), 'late');
    listed.length = 0;
    expect((await page()).items).toEqual(['late', ...ids.slice(-50, -1).reverse()]);
    expect(listed).toEqual([
      'by-hour/leads-new/2026-11/20/',
      'by-hour/leads-new/2026-11/20/',
      'listed-hours/leads-new/2026-11/20/',
    ]);
  });
});
