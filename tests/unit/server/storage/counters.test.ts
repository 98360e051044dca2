import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import type * as BlobStoreModule from '~/server/storage/blob-store';
import { openStore } from '~/server/storage/blob-store';
import { assignNumber } from '~/server/storage/counters';
import { ConflictRetryExhaustedError } from '~/server/storage/errors';
import { useBlobsServer } from '../../../support/blobs-server';

/**
 * Other callers' writes, put where a test wants them: the `counters` store as counters.ts opens
 * it, with a hook before each `create` (a write another caller made first) and one that answers
 * an `update` in place of the store (a write lost to other writers, or a store that is down).
 */
const others = vi.hoisted(() => ({
  beforeCreate: undefined as ((key: string) => Promise<void>) | undefined,
  update: undefined as ((key: string) => Promise<never> | undefined) | undefined,
}));
vi.mock('~/server/storage/blob-store', async (importOriginal) => {
  const real = await importOriginal<typeof BlobStoreModule>();
  const openCounters: typeof real.openStore = (name) => {
    const store = real.openStore(name);
    if (name !== 'counters') return store;
    return {
      ...store,
      async create(key, schema, value) {
        await others.beforeCreate?.(key);
        return store.create(key, schema, value);
      },
      update: ((key: string, ...rest: unknown[]) =>
        others.update?.(key) ??
        (store.update as (...args: unknown[]) => Promise<unknown>)(key, ...rest)) as typeof store.update,
    };
  };
  return { ...real, openStore: openCounters };
});

useBlobsServer();
afterEach(() => {
  others.beforeCreate = undefined;
  others.update = undefined;
});

let seriesSeq = 0;
/** A series of its own per test, so tests never share numbers. */
const freshSeries = () => `t${(seriesSeq += 1)}`;

describe('order numbers, one create-only claim per number (issue 17, item 2)', () => {
  it('50 parallel checkouts get 1-50, each once', async () => {
    const series = freshSeries();
    const numbers = await Promise.all(Array.from({ length: 50 }, (_, i) => assignNumber(series, `c-${i}`)));
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('a checkout retried after more than 1,000 others keeps its number (the old counter forgot it)', async () => {
    const series = freshSeries();
    const first = await assignNumber(series, 'the-first');
    // The series record as 1,001 later checkouts leave it: the old design kept only the newest
    // 1,000 assignments there, so 'the-first' is no longer among them.
    const recent = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`other-${i}`, i + 3]));
    await openStore('counters').update(`order-numbers/${series}`, z.any(), () => ({ last: 1002, recent }));
    expect(await assignNumber(series, 'the-first')).toBe(first);
    expect(await assignNumber(series, 'one-more')).toBe(1003);
  });

  it('finds the number it claimed when a crash came before the claim was recorded', async () => {
    const series = freshSeries();
    await assignNumber(series, 'a');
    const store = openStore('counters');
    // The crashed checkout had noted where it started and claimed 2, then stopped.
    await store.update(`order-number-from/${series}/crashed`, z.any(), () => ({ from: 2 }));
    await store.create(`order-claims/${series}/000002`, z.any(), {
      checkoutId: 'crashed',
      claimedAt: new Date().toISOString(),
    });
    expect(await assignNumber(series, 'b')).toBe(3);
    expect(await assignNumber(series, 'crashed')).toBe(2);
    // The retry's lower number does not move the hint down.
    expect(await store.get(`order-numbers/${series}`, z.object({ last: z.number() }))).toEqual({ last: 3 });
  });

  it('keeps the numbers of checkouts numbered by the earlier counter, and continues after them', async () => {
    const series = freshSeries();
    await openStore('counters').update(`order-numbers/${series}`, z.any(), () => ({
      last: 7,
      recent: { 'old-checkout': 7 },
    }));
    expect(await assignNumber(series, 'old-checkout')).toBe(7);
    expect(await assignNumber(series, 'new-checkout')).toBe(8);
  });
});

describe('one number, one document, whoever runs at once (DECISIONS 57; issue 38, item 1)', () => {
  /** Every claim of a series, number -> id, as stored. */
  async function claimsOf(series: string): Promise<Map<number, string>> {
    const store = openStore('counters');
    const claims = new Map<number, string>();
    for (const key of await store.list(`order-claims/${series}/`)) {
      const claim = await store.get(key, z.object({ checkoutId: z.string() }));
      claims.set(Number(key.split('/').at(-1)), claim!.checkoutId);
    }
    return claims;
  }

  it.each([10, 50])('%i callers for one id at once get one number and claim no other', async (callers) => {
    const series = freshSeries();
    await assignNumber(series, 'before');
    const numbers = await Promise.all(
      Array.from({ length: callers }, () => assignNumber(series, 'the-refund')),
    );
    expect(new Set(numbers)).toEqual(new Set([2]));
    expect(await claimsOf(series)).toEqual(
      new Map([
        [1, 'before'],
        [2, 'the-refund'],
      ]),
    );
  });

  it('30 ids pressed 3 times each, all at once, get 1-30 with no hole and no number twice', async () => {
    const series = freshSeries();
    const ids = Array.from({ length: 30 }, (_, i) => `id-${i}`);
    const calls = ids
      .flatMap((id) => [id, id, id])
      .map(async (id) => [id, await assignNumber(series, id)] as const);
    const answers = await Promise.all(calls);
    const numberOf = new Map<string, number>();
    for (const [id, number] of answers) {
      expect(numberOf.get(id) ?? number).toBe(number);
      numberOf.set(id, number);
    }
    expect([...numberOf.values()].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const claims = await claimsOf(series);
    expect([...claims.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const [number, id] of claims) expect(numberOf.get(id)).toBe(number);
  });

  it('a new id starts looking just past the highest number given (the hint), never from 1', async () => {
    const series = freshSeries();
    for (const id of ['a', 'b', 'c', 'd', 'e']) await assignNumber(series, id);
    const store = openStore('counters');
    expect(await store.get(`order-numbers/${series}`, z.object({ last: z.number() }))).toEqual({ last: 5 });
    expect(await assignNumber(series, 'x')).toBe(6);
    expect(await store.get(`order-number-from/${series}/x`, z.object({ from: z.number() }))).toEqual({
      from: 6,
    });
    // The hint never moves down.
    await assignNumber(series, 'a');
    expect(await store.get(`order-numbers/${series}`, z.object({ last: z.number() }))).toEqual({ last: 6 });
  });
});

describe('the stored number and the hint under contention (DECISIONS 57; issue 38, item 9)', () => {
  it("a number recorded for the id while it walked is the id's number: every caller answers it", async () => {
    const series = freshSeries();
    await assignNumber(series, 'a');
    const recordKey = `order-number-of/${series}/b`;
    // Another caller for 'b' records its number just before this one does.
    others.beforeCreate = async (key) => {
      if (key !== recordKey) return;
      others.beforeCreate = undefined;
      await openStore('counters').create(recordKey, z.any(), { number: 7 });
    };
    expect(await assignNumber(series, 'b')).toBe(7);
    expect(await assignNumber(series, 'b')).toBe(7);
  });

  it('the hint is only a hint: losing its write to other callers never fails a number; a storage failure does', async () => {
    const series = freshSeries();
    const hintKey = `order-numbers/${series}`;
    others.update = (key) =>
      key === hintKey ? Promise.reject(new ConflictRetryExhaustedError('counters', key, 5)) : undefined;
    expect(await assignNumber(series, 'a')).toBe(1);
    others.update = (key) => (key === hintKey ? Promise.reject(new Error('storage down')) : undefined);
    await expect(assignNumber(series, 'b')).rejects.toThrow('storage down');
    others.update = undefined;
    // The retry gets the number the failed call claimed and recorded.
    expect(await assignNumber(series, 'b')).toBe(2);
    expect(await assignNumber(series, 'c')).toBe(3);
  });
});
