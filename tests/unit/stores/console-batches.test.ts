import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchWithLink } from '~/lib/shared/schemas/batch';

const batch = (id: string, startsOn: string, seatsLeft: number, extra: Partial<BatchWithLink> = {}) => ({
  id,
  courseId: 3,
  startsOn,
  schedule: 'Sat,Sun 10:00-13:00 IST',
  sessions: 8,
  trainer: 'Priya Nair',
  seats: 25,
  seatsLeft,
  ...extra,
});

type Reply = { status?: number; body: unknown };

/** Stubs fetch with replies in order; returns the calls (method, path, body). */
function stubFetch(...replies: Reply[]) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      calls.push({
        method: init.method ?? 'GET',
        path,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const reply = replies.shift();
      if (!reply) throw new Error(`Unexpected call ${path}`);
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

async function loadStore() {
  vi.resetModules();
  return import('~/stores/console-batches');
}

const goodDraft = {
  courseId: '3',
  startsOn: '2026-12-12',
  schedule: 'Sat,Sun 10:00-13:00 IST',
  sessions: '8',
  trainer: 'Priya Nair',
  seats: '25',
  joinUrl: '',
};

beforeEach(() => vi.stubGlobal('document', { cookie: '' }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('console batches store', () => {
  it('groups batches open (seats left), full and past as of a day in India', async () => {
    const store = await loadStore();
    const groups = store.groupBatches(
      [
        batch('b-later', '2026-12-12', 25),
        batch('b-full', '2026-12-07', 0),
        batch('b-today', '2026-11-26', 4),
        batch('b-started', '2026-11-25', 10),
        batch('b-old', '2026-10-01', 0),
      ],
      // 26 Nov 2026 00:30 in India: the batch of the 25th has started, the one of the 26th not.
      new Date('2026-11-25T19:00:00Z'),
    );
    expect(groups.open.map((b) => b.id)).toEqual(['b-today', 'b-later']);
    expect(groups.full.map((b) => b.id)).toEqual(['b-full']);
    expect(groups.past.map((b) => b.id)).toEqual(['b-started', 'b-old']);
  });

  it("checks the form with the server's schema: each wrong field gets its own sentence and nothing is sent", async () => {
    const calls = stubFetch();
    const store = await loadStore();
    const result = await store.saveBatch(undefined, {
      ...goodDraft,
      courseId: '',
      startsOn: '2026-02-30',
      schedule: 'weekends',
      seats: 'twenty',
      joinUrl: 'http://meet.example.com/x',
    });
    expect(result).toEqual({
      ok: false,
      errors: [],
      fields: {
        courseId: 'Choose a course.',
        startsOn: 'Enter the start date as a real date (YYYY-MM-DD).',
        schedule:
          "Enter the schedule as days and hours in IST, e.g. 'Mon-Thu 19:00-21:00 IST' or 'Sat,Sun 10:00-13:00 IST'.",
        seats: 'Enter the number of seats (1 to 500).',
        joinUrl: 'Enter the joining link as a full https:// address, or leave it empty.',
      },
    });
    expect(calls).toEqual([]);
  });

  it('adds a batch and changes one, the list following the answers; a refusal shows the sentence', async () => {
    const created = batch('b-3-20261212-weekend', '2026-12-12', 25);
    const changed = { ...created, joinUrl: 'https://meet.example.com/abc' };
    const calls = stubFetch(
      { body: { items: [] } },
      { body: [{ id: 3, name: 'React Front-End Development' }] },
      { status: 201, body: created },
      { body: changed },
      { status: 400, body: { errors: ['There are already 9 seats taken: a batch cannot have fewer.'] } },
    );
    const store = await loadStore();
    await store.loadConsoleBatches();
    expect(store.$courseNames.get()).toEqual({ 3: 'React Front-End Development' });
    expect(await store.saveBatch(undefined, goodDraft)).toEqual({ ok: true, batch: created });
    expect(store.$consoleBatches.get().items).toEqual([created]);
    const edit = { ...store.draftOf(created), joinUrl: ' https://meet.example.com/abc ' };
    expect(await store.saveBatch(created.id, edit)).toEqual({ ok: true, batch: changed });
    expect(store.$consoleBatches.get().items).toEqual([changed]);
    expect(await store.saveBatch(created.id, { ...edit, seats: '5' })).toEqual({
      ok: false,
      fields: {},
      errors: ['There are already 9 seats taken: a batch cannot have fewer.'],
    });
    expect(store.$consoleBatches.get().items).toEqual([changed]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/console/batches',
      'GET /api/courses',
      'POST /api/console/batches',
      'POST /api/console/batches/b-3-20261212-weekend',
      'POST /api/console/batches/b-3-20261212-weekend',
    ]);
    expect(calls[2]?.body).toEqual({
      courseId: 3,
      startsOn: '2026-12-12',
      schedule: 'Sat,Sun 10:00-13:00 IST',
      sessions: 8,
      trainer: 'Priya Nair',
      seats: 25,
      joinUrl: '',
    });
    expect(calls[3]?.body).toMatchObject({ joinUrl: 'https://meet.example.com/abc' });
  });

  it("loads a batch's roster, and says why when it cannot", async () => {
    const roster = {
      batch: batch('b-1', '2026-12-12', 22),
      items: [
        {
          orderNo: 'SIS-2627-000007',
          enrolledAt: '2026-11-25T10:00:00.000Z',
          buyer: { name: 'Asha Kulkarni', email: 'asha@example.com' },
          seats: 3,
          attendees: [{ name: 'Ravi Rao', email: 'ravi@example.com' }],
        },
      ],
    };
    stubFetch({ body: roster }, { status: 404, body: { errors: ['That is not a batch of this site.'] } });
    const store = await loadStore();
    await store.loadRoster('b-1');
    await store.loadRoster('b-2');
    expect(store.$rosters.get()).toEqual({
      'b-1': { roster },
      'b-2': { error: 'That is not a batch of this site.' },
    });
    expect(store.rosterHref('b-1', true)).toBe('/api/console/batches/b-1/roster.csv');
  });
});
