import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Batch } from '~/lib/shared/schemas/batch';

const batch = (id: string, startsOn: string, seatsLeft: number, courseId = 3): Batch => ({
  id,
  courseId,
  startsOn,
  schedule: 'Mon-Thu 19:00-21:00 IST',
  sessions: 16,
  trainer: 'Priya Nair',
  seats: 25,
  seatsLeft,
});

/** `GET /api/courses` as the server answers it (course fields beyond id and batches omitted). */
function stubCatalogue(reply: unknown, status = 200) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      calls.push(path);
      return new Response(JSON.stringify(reply), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** A fresh store, as on a page load. */
async function loadStore() {
  vi.resetModules();
  return import('~/stores/batches');
}

beforeEach(() => {
  vi.stubGlobal('document', { cookie: '' });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('batches store', () => {
  it("loads every course's open batches once, soonest first", async () => {
    const calls = stubCatalogue([
      {
        id: 3,
        name: 'React',
        batches: [batch('b-3-weekend', '2026-12-12', 25), batch('b-3-evening', '2026-12-07', 3)],
      },
      { id: 4, name: 'Node', batches: [] },
    ]);
    const store = await loadStore();
    expect(store.$batchesState.get()).toBe('idle');
    await Promise.all([store.loadOpenBatches(), store.loadOpenBatches()]);
    await store.loadOpenBatches();
    expect(calls).toEqual(['/api/courses']);
    expect(store.$batchesState.get()).toBe('ready');
    expect(store.$openBatches.get()[3]?.map((b) => b.id)).toEqual(['b-3-evening', 'b-3-weekend']);
    expect(store.$openBatches.get()[4]).toEqual([]);
  });

  it('says when the batches could not be loaded, and asks again next time', async () => {
    const calls = stubCatalogue({ errors: ['Down for a moment.'] }, 503);
    const store = await loadStore();
    await store.loadOpenBatches();
    expect(store.$batchesState.get()).toBe('failed');
    await store.loadOpenBatches();
    expect(calls).toHaveLength(2);
  });

  it('the default choice is the next open batch with a seat left and 1 seat', async () => {
    stubCatalogue([
      {
        id: 3,
        batches: [
          batch('b-3-full', '2026-12-01', 0),
          batch('b-3-later', '2026-12-12', 9),
          batch('b-3-next', '2026-12-07', 2),
        ],
      },
    ]);
    const store = await loadStore();
    expect(store.choiceFor(3)).toEqual({ batchId: undefined, seats: 1, error: undefined });
    await store.loadOpenBatches();
    expect(store.choiceFor(3)).toEqual({ batchId: 'b-3-next', seats: 1, error: undefined });
    expect(store.nextOpenBatch([batch('a', '2026-12-01', 0)])).toBeUndefined();
  });

  it('keeps the batch and seats the buyer chose, per course', async () => {
    stubCatalogue([
      { id: 3, batches: [batch('b-3-next', '2026-12-07', 20), batch('b-3-later', '2026-12-12', 20)] },
    ]);
    const store = await loadStore();
    await store.loadOpenBatches();
    expect(store.chooseSeats(3, 4)).toBeUndefined();
    expect(store.chooseBatch(3, 'b-3-later')).toBeUndefined();
    expect(store.choiceFor(3)).toEqual({ batchId: 'b-3-later', seats: 4, error: undefined });
    expect(store.choiceFor(5)).toEqual({ batchId: undefined, seats: 1, error: undefined });
  });

  it('refuses a seat count outside 1-20 and keeps the last good one, with the sentence to show', async () => {
    stubCatalogue([{ id: 3, batches: [batch('b-3-next', '2026-12-07', 25)] }]);
    const store = await loadStore();
    await store.loadOpenBatches();
    store.chooseSeats(3, 5);
    for (const wrong of [0, 21, 2.5, Number.NaN]) {
      expect(store.chooseSeats(3, wrong)).toBe('Choose 1 to 20 seats.');
      expect(store.choiceFor(3)).toEqual({ batchId: 'b-3-next', seats: 5, error: 'Choose 1 to 20 seats.' });
    }
    expect(store.chooseSeats(3, 20)).toBeUndefined();
    expect(store.choiceFor(3).error).toBeUndefined();
  });

  it('says how many seats are left when more are asked than the chosen batch has', async () => {
    stubCatalogue([
      { id: 3, batches: [batch('b-3-next', '2026-12-07', 3), batch('b-3-later', '2026-12-12', 1)] },
    ]);
    const store = await loadStore();
    await store.loadOpenBatches();
    expect(store.chooseSeats(3, 4)).toBe('Only 3 seats are left in this batch.');
    expect(store.choiceFor(3).seats).toBe(4);
    expect(store.chooseBatch(3, 'b-3-later')).toBe('Only 1 seat is left in this batch.');
    expect(store.chooseSeats(3, 1)).toBeUndefined();
  });
});

describe('a batch that fills while the cart is open (issue 42, item 6)', () => {
  /** A catalogue whose answer the test changes between calls. */
  function stubChangingCatalogue(first: unknown) {
    let reply = first;
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        calls.push(path);
        return new Response(JSON.stringify(reply), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    return { calls, answer: (next: unknown) => (reply = next) };
  }

  it('asks the catalogue again when loaded, and keeps what it showed when that fails', async () => {
    const catalogue = stubChangingCatalogue([{ id: 3, batches: [batch('b-3-next', '2026-12-07', 2)] }]);
    const store = await loadStore();
    await store.loadOpenBatches();
    catalogue.answer([{ id: 3, batches: [batch('b-3-next', '2026-12-07', 0)] }]);
    await store.loadOpenBatches();
    expect(store.$openBatches.get()[3]![0]!.seatsLeft).toBe(2);
    await store.refreshOpenBatches();
    expect(store.$openBatches.get()[3]![0]!.seatsLeft).toBe(0);
    expect(catalogue.calls).toHaveLength(2);
    catalogue.answer({ errors: ['Down.'] });
    await store.refreshOpenBatches();
    expect(store.$batchesState.get()).toBe('ready');
    expect(store.$openBatches.get()[3]![0]!.seatsLeft).toBe(0);
  });

  it('asks again every half minute while the page is in front, and on focus or a return to the tab, until stopped', async () => {
    const catalogue = stubChangingCatalogue([{ id: 3, batches: [batch('b-3-next', '2026-12-07', 2)] }]);
    const page = Object.assign(new EventTarget(), { visibilityState: 'visible', cookie: '' });
    const win = new EventTarget();
    vi.stubGlobal('document', page);
    vi.stubGlobal('window', win);
    vi.useFakeTimers();
    try {
      const store = await loadStore();
      await store.loadOpenBatches();
      const stop = store.watchSeatsLeft();
      const settled = () => vi.advanceTimersByTimeAsync(0);
      await vi.advanceTimersByTimeAsync(store.SEATS_RECHECK_MS);
      expect(catalogue.calls).toHaveLength(2);
      // Hidden: the timer asks nothing.
      page.visibilityState = 'hidden';
      await vi.advanceTimersByTimeAsync(store.SEATS_RECHECK_MS);
      expect(catalogue.calls).toHaveLength(2);
      // Back in front: asked at once, full now.
      catalogue.answer([{ id: 3, batches: [batch('b-3-next', '2026-12-07', 0)] }]);
      page.visibilityState = 'visible';
      page.dispatchEvent(new Event('visibilitychange'));
      await settled();
      expect(catalogue.calls).toHaveLength(3);
      expect(store.$openBatches.get()[3]![0]!.seatsLeft).toBe(0);
      win.dispatchEvent(new Event('focus'));
      await settled();
      expect(catalogue.calls).toHaveLength(4);
      stop();
      win.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(store.SEATS_RECHECK_MS * 2);
      expect(catalogue.calls).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says what stops a cart line: its batch full, with fewer seats left than asked, or closed', async () => {
    const store = await loadStore();
    const batches = [batch('b-3-full', '2026-12-07', 0), batch('b-3-two', '2026-12-12', 2)];
    expect(store.cartLineProblem({ batchId: 'b-3-full', seats: 1 }, batches)).toBe(
      'This batch is now full. Choose another batch, or delete this course from your cart.',
    );
    expect(store.cartLineProblem({ batchId: 'b-3-two', seats: 3 }, batches)).toBe(
      'Only 2 seats are left in this batch now. Choose 2 seats or fewer, or another batch.',
    );
    expect(store.cartLineProblem({ batchId: 'b-3-two', seats: 2 }, batches)).toBeUndefined();
    expect(store.cartLineProblem({ batchId: 'b-3-gone', seats: 1 }, batches)).toBe(
      'This batch has started or closed. Choose another batch.',
    );
    expect(store.cartLineProblem({ batchId: 'b-3-gone', seats: 1 }, undefined)).toBeUndefined();
  });
});
