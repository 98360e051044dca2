/** A batch's roster for staff (API.md, Students and Company console): JSON and CSV, staff only. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RosterSchema } from '~/lib/shared/schemas/roster';
import { resetServerEnv } from '~/server/env';
import type { BatchRecord } from '~/server/storage/batches';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';
import { browserHeaders } from '../../support/browser-headers';
import { storedBatch, storedEnrolment } from '../../support/enrolments';
import { functionRouter, type FunctionRouter } from '../../support/function-router';
import { newSignedInPerson } from '../../support/people';

const STAFF_EMAIL = 'batches@example.com';
let router: FunctionRouter;
let blobs: RunningBlobsServer;
let staff: Awaited<ReturnType<typeof newSignedInPerson>>;
let customer: Awaited<ReturnType<typeof newSignedInPerson>>;
let batch: BatchRecord;
let orders: string[];

async function get(path: string, session?: string) {
  return router.fetch(new Request(`http://localhost${path}`, { headers: await browserHeaders(session) }));
}

beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  process.env['STAFF_EMAILS'] = STAFF_EMAIL;
  resetServerEnv();
  blobs = await startBlobsServer();
  router = await functionRouter();
  staff = await newSignedInPerson({ email: STAFF_EMAIL, staff: true });
  customer = await newSignedInPerson();
  batch = await storedBatch({ joinUrl: 'https://meet.example.com/r' });
  const first = await storedEnrolment(
    batch,
    { userId: 'u-1', name: 'Meera Joshi', email: 'meera@example.com' },
    {
      seats: 3,
      enrolledAt: '2026-11-25T12:00:00.000Z',
      attendees: [
        { name: 'Ravi Patil', email: 'ravi@example.com' },
        { name: '=HYPERLINK("http://x")', email: 'sana@example.com' },
      ],
    },
  );
  const second = await storedEnrolment(
    batch,
    { userId: 'u-2', name: 'Kiran Rao', email: 'kiran@example.com' },
    { enrolledAt: '2026-11-26T06:00:00.000Z' },
  );
  await storedEnrolment(
    batch,
    { userId: 'u-3', name: 'Refunded', email: 'gone@example.com' },
    { cancelledAt: '2026-11-27T00:00:00.000Z' },
  );
  orders = [first.orderNo, second.orderNo];
});
afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env['STAFF_EMAILS'];
  resetServerEnv();
  await blobs.stop();
});

describe('GET /api/console/batches/{id}/roster', () => {
  it('lists each enrolment of the batch with its order, buyer, seats and attendees, oldest first', async () => {
    const response = await get(`/api/console/batches/${batch.id}/roster`, staff.session);
    expect(response.status).toBe(200);
    const roster = RosterSchema.parse(await response.json());
    expect(roster.batch).toMatchObject({ id: batch.id, joinUrl: 'https://meet.example.com/r' });
    expect(roster.items).toEqual([
      {
        orderNo: orders[0],
        enrolledAt: '2026-11-25T12:00:00.000Z',
        buyer: { name: 'Meera Joshi', email: 'meera@example.com' },
        seats: 3,
        attendees: [
          { name: 'Ravi Patil', email: 'ravi@example.com' },
          { name: '=HYPERLINK("http://x")', email: 'sana@example.com' },
        ],
      },
      {
        orderNo: orders[1],
        enrolledAt: '2026-11-26T06:00:00.000Z',
        buyer: { name: 'Kiran Rao', email: 'kiran@example.com' },
        seats: 1,
        // A one-seat buyer is its attendee (issue 42, item 6), stored so or not.
        attendees: [{ name: 'Kiran Rao', email: 'kiran@example.com' }],
      },
    ]);
  });

  it('downloads as CSV: a row per attendee, or per enrolment with none named, formulas neutralised', async () => {
    const response = await get(`/api/console/batches/${batch.id}/roster.csv`, staff.session);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="roster-${batch.id}.csv"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    // A byte-order mark first, so spreadsheets read the file as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')).toEqual([
      'Order,Enrolled (IST),Buyer,Buyer e-mail,Seats,Attendee,Attendee e-mail',
      `${orders[0]},2026-11-25 17:30,Meera Joshi,meera@example.com,3,Ravi Patil,ravi@example.com`,
      `${orders[0]},2026-11-25 17:30,Meera Joshi,meera@example.com,3,"'=HYPERLINK(""http://x"")",sana@example.com`,
      `${orders[1]},2026-11-26 11:30,Kiran Rao,kiran@example.com,1,Kiran Rao,kiran@example.com`,
      '',
    ]);
  });

  it('is staff only (404 to anyone else, as if it did not exist) and 404 for an unknown batch', async () => {
    const notFound = { errors: ['There is no such API address.'] };
    for (const path of [
      `/api/console/batches/${batch.id}/roster`,
      `/api/console/batches/${batch.id}/roster.csv`,
    ]) {
      for (const session of [undefined, customer.session]) {
        const response = await get(path, session);
        expect(response.status, path).toBe(404);
        expect(await response.json()).toEqual(notFound);
      }
    }
    const unknown = await get('/api/console/batches/b-none/roster', staff.session);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ errors: ['That is not a batch of this site.'] });
  });
});
