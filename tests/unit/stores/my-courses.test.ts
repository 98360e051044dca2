/** My courses' store (issue 31): loading the enrolments and saving a buyer's attendees. */
import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Enrolment } from '~/lib/shared/schemas/batch';

function stubFetch(...replies: ({ status?: number; body: unknown } | Error)[]) {
  const calls: { path: string; method: string; body: unknown; xsrf: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      calls.push({
        path,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        xsrf: (init.headers as Record<string, string> | undefined)?.['X-XSRF-TOKEN'],
      });
      const reply = replies.shift();
      if (!reply) throw new Error(`Unexpected call ${path}`);
      if (reply instanceof Error) throw reply;
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
  vi.doMock('~/stores/session', () => ({ $user: atom({ userid: 'u-7f3a', username: 'Asha' }) }));
  return import('~/stores/my-courses');
}

afterEach(() => vi.unstubAllGlobals());

const enrolment: Enrolment = {
  orderNo: 'SIS-2627-000004',
  course: { id: 3, name: 'DevOps with AWS' },
  batch: {
    id: 'b-3-20261207-evening',
    courseId: 3,
    startsOn: '2026-12-07',
    schedule: 'Mon-Thu 19:00-21:00 IST',
    sessions: 16,
    trainer: 'Asha Kulkarni',
    seats: 25,
    seatsLeft: 22,
  },
  seats: 3,
  attendees: [],
  role: 'buyer',
};

describe('my courses store', () => {
  it('loads the enrolments, and says so when they could not be loaded', async () => {
    const calls = stubFetch(new TypeError('Failed to fetch'), { body: [enrolment] });
    vi.stubGlobal('document', { cookie: '' });
    const store = await loadStore();
    await store.loadEnrolments();
    expect(store.$enrolments.get()).toBeUndefined();
    expect(store.$enrolmentsLoadFailed.get()).toBe(true);
    await store.loadEnrolments();
    expect(store.$enrolments.get()).toEqual([enrolment]);
    expect(store.$enrolmentsLoadFailed.get()).toBe(false);
    expect(calls.map((call) => [call.method, call.path])).toEqual([
      ['GET', '/api/me/courses'],
      ['GET', '/api/me/courses'],
    ]);
    expect(store.calendarLink(enrolment)).toBe('/api/me/courses/SIS-2627-000004/3/calendar.ics');
  });

  it('saves attendees with the XSRF token, puts the server’s enrolment in the list, and hands back refusals', async () => {
    const attendees = [{ name: 'Ravi Patil', email: 'ravi@example.com' }];
    const saved = { ...enrolment, attendees };
    const calls = stubFetch(
      { body: [enrolment] },
      { body: saved },
      { status: 400, body: { errors: ['You can name as many attendees as seats you bought.'] } },
    );
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=t0k' });
    const store = await loadStore();
    await store.loadEnrolments();
    expect(await store.saveAttendees(enrolment, attendees)).toEqual({ ok: true, enrolment: saved });
    expect(calls[1]).toEqual({
      path: '/api/me/courses/SIS-2627-000004/3/attendees',
      method: 'POST',
      body: attendees,
      xsrf: 't0k',
    });
    expect(store.$enrolments.get()).toEqual([saved]);
    expect(await store.saveAttendees(enrolment, [...attendees, ...attendees])).toEqual({
      ok: false,
      messages: ['You can name as many attendees as seats you bought.'],
    });
    expect(store.$enrolments.get()).toEqual([saved]);
  });
});
