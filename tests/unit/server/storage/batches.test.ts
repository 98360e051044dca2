import { describe, expect, it } from 'vitest';
import {
  createBatch,
  getBatch,
  listBatches,
  releaseSeats,
  seatsTaken,
  takeSeats,
  toBatch,
  type BatchRecord,
} from '~/server/storage/batches';
import {
  listEnrolmentsOf,
  listEnrolmentsOfBatch,
  saveEnrolment,
  updateEnrolment,
  type EnrolmentRecord,
} from '~/server/storage/enrolments';
import { useBlobsServer } from '../../../support/blobs-server';

/** The keys of the `batches` store read, and its listings, since the last reset. */
const batchReads: string[] = [];
const batchListings: string[] = [];
useBlobsServer({
  onRequest: ({ type, url }) => {
    const { pathname, searchParams } = new URL(url, 'http://x');
    if (type === 'get' && pathname.includes('site:batches/'))
      batchReads.push(pathname.replace(/^.*?site:batches\//, ''));
    if (type === 'list' && pathname.includes('site:batches'))
      batchListings.push(searchParams.get('prefix') ?? '');
  },
});

let serial = 0;
async function batchWith(seats: number): Promise<BatchRecord> {
  serial += 1;
  const record: BatchRecord = {
    id: `b-test-${serial}-${Date.now()}`,
    courseId: 3,
    startsOn: '2026-12-07',
    schedule: 'Mon-Thu 19:00-21:00 IST',
    sessions: 16,
    trainer: 'Asha Kulkarni',
    seats,
    joinUrl: 'https://meet.example.com/abc',
    claims: {},
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
  };
  expect(await createBatch(record)).toBe(true);
  return record;
}

describe('seats of a batch', () => {
  it('gives the last 3 seats to exactly 3 of 50 payments confirmed at once', async () => {
    const batch = await batchWith(3);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) => takeSeats(batch.id, `order_${index}`, 1)),
    );
    expect(outcomes.filter((outcome) => outcome === 'taken')).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === 'full')).toHaveLength(47);
    const stored = (await getBatch(batch.id))!;
    expect(seatsTaken(stored)).toBe(3);
    expect(toBatch(stored).seatsLeft).toBe(0);
  });

  it('takes a claim once however often it is asked, and gives back exactly what it took', async () => {
    const batch = await batchWith(5);
    expect(await takeSeats(batch.id, 'order_a', 3)).toBe('taken');
    expect(await takeSeats(batch.id, 'order_a', 3)).toBe('taken');
    expect(await takeSeats(batch.id, 'order_b', 3)).toBe('full');
    await releaseSeats(batch.id, 'order_a');
    await releaseSeats(batch.id, 'order_a');
    expect(toBatch((await getBatch(batch.id))!).seatsLeft).toBe(5);
    expect(await takeSeats('b-none', 'order_a', 1)).toBe('missing');
  });

  it("takes no seat of a batch that is now another course's (moved while the buyer paid)", async () => {
    const batch = await batchWith(5);
    expect(await takeSeats(batch.id, 'order_moved', 1, batch.courseId + 1000)).toBe('missing');
    expect(toBatch((await getBatch(batch.id))!).seatsLeft).toBe(5);
    expect(await takeSeats(batch.id, 'order_moved', 1, batch.courseId)).toBe('taken');
  });

  it('lists every batch, reading again only what changed since this instance read it', async () => {
    const [first, second] = [await batchWith(5), await batchWith(5)];
    const seatsLeftOf = async (id: string) => {
      const found = (await listBatches()).find((record) => record.id === id);
      return found && found.seats - seatsTaken(found);
    };
    expect(await seatsLeftOf(first.id)).toBe(5);
    // Nothing written since: one read of the change token, no listing, no batch read.
    batchReads.length = 0;
    batchListings.length = 0;
    expect(await seatsLeftOf(second.id)).toBe(5);
    expect(batchReads).toEqual(['meta/changed']);
    expect(batchListings).toEqual([]);
    // A payment takes seats of one batch: the next list is listed again, reads that batch alone,
    // and shows it.
    await takeSeats(first.id, 'order_listed', 2);
    batchReads.length = 0;
    expect(await seatsLeftOf(first.id)).toBe(3);
    expect(batchReads).toEqual(['meta/changed', `batches/${first.id}`]);
    expect(batchListings).toHaveLength(1);
  });

  it('never keeps a list that misses seats taken while it was being read (race)', async () => {
    const batch = await batchWith(40);
    await Promise.all([
      ...Array.from({ length: 30 }, async (_, index) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 60));
        expect(await takeSeats(batch.id, `order_race_${index}`, 1)).toBe('taken');
      }),
      ...Array.from({ length: 30 }, async () => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 60));
        await listBatches();
      }),
    ]);
    const listed = (await listBatches()).find((record) => record.id === batch.id)!;
    expect(seatsTaken(listed)).toBe(30);
  });

  it('never shows the joining link in the public shape', async () => {
    const batch = await batchWith(2);
    expect(JSON.stringify(toBatch((await getBatch(batch.id))!))).not.toContain('meet.example.com');
  });
});

describe('enrolments', () => {
  const enrolment = (orderNo: string, batchId: string): EnrolmentRecord => ({
    orderNo,
    courseId: 3,
    courseName: 'Course',
    batchId,
    seats: 3,
    buyer: { userId: 'u-buyer', name: 'Buyer', email: 'buyer@example.com' },
    attendees: [],
    enrolledAt: '2026-11-25T10:00:00.000Z',
  });

  it('lists an enrolment for its buyer, its attendees (by e-mail) and its batch roster', async () => {
    const batch = await batchWith(10);
    await saveEnrolment(enrolment('SIS-2627-000901', batch.id));
    expect(await listEnrolmentsOf({ userId: 'u-ravi', email: 'ravi@example.com' })).toEqual([]);
    await updateEnrolment('SIS-2627-000901', 3, (record) => ({
      ...record,
      attendees: [{ name: 'Ravi', email: 'ravi@example.com' }],
    }));
    expect(
      (await listEnrolmentsOf({ userId: 'u-ravi', email: 'Ravi@Example.com' })).map((r) => r.orderNo),
    ).toEqual(['SIS-2627-000901']);
    expect(await listEnrolmentsOf({ userId: 'u-buyer', email: 'buyer@example.com' })).toHaveLength(1);
    expect((await listEnrolmentsOfBatch(batch.id)).map((r) => r.orderNo)).toEqual(['SIS-2627-000901']);

    // Replaced as attendee: no longer listed for them.
    await updateEnrolment('SIS-2627-000901', 3, (record) => ({
      ...record,
      attendees: [{ name: 'Meera', email: 'meera@example.com' }],
    }));
    expect(await listEnrolmentsOf({ userId: 'u-ravi', email: 'ravi@example.com' })).toEqual([]);
  });

  it('moves an enrolment to another batch roster and leaves cancelled ones out', async () => {
    const [first, second] = [await batchWith(10), await batchWith(10)];
    await saveEnrolment(enrolment('SIS-2627-000902', first.id));
    await updateEnrolment('SIS-2627-000902', 3, (record) => ({ ...record, batchId: second.id }));
    expect(await listEnrolmentsOfBatch(first.id)).toEqual([]);
    expect(await listEnrolmentsOfBatch(second.id)).toHaveLength(1);
    await updateEnrolment('SIS-2627-000902', 3, (record) => ({
      ...record,
      cancelledAt: '2026-11-26T10:00:00.000Z',
    }));
    expect(await listEnrolmentsOfBatch(second.id)).toEqual([]);
  });
});
