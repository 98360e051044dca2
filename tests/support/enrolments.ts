import { randomInt, randomUUID } from 'node:crypto';
import { createBatch, type BatchRecord } from '~/server/storage/batches';
import { saveEnrolment, type EnrolmentRecord } from '~/server/storage/enrolments';

/** A batch stored for a test (Mon-Thu evenings from Monday 7 December 2026, 16 sessions) with `changes`. */
export async function storedBatch(changes: Partial<BatchRecord> = {}): Promise<BatchRecord> {
  const record: BatchRecord = {
    id: `b-test-${randomUUID().slice(0, 8)}`,
    courseId: 3,
    startsOn: '2026-12-07',
    schedule: 'Mon-Thu 19:00-21:00 IST',
    sessions: 16,
    trainer: 'Asha Kulkarni',
    seats: 20,
    claims: {},
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    ...changes,
  };
  if (!(await createBatch(record))) throw new Error(`Batch ${record.id} exists`);
  return record;
}

/** Order numbers unique within a run and across the runs sharing a store. */
const series = randomInt(1_000_000);
let serial = 0;

/** An enrolment on `batch` stored for a test: a unique order number, the buyer given, no attendees unless given. */
export async function storedEnrolment(
  batch: Pick<BatchRecord, 'id' | 'courseId'>,
  buyer: { readonly userId: string; readonly name: string; readonly email: string },
  changes: Partial<EnrolmentRecord> = {},
): Promise<EnrolmentRecord> {
  return saveEnrolment({
    orderNo: `SIS-T${series}-${String((serial += 1)).padStart(6, '0')}`,
    courseId: batch.courseId,
    courseName: 'DevOps with AWS',
    batchId: batch.id,
    seats: 1,
    buyer,
    attendees: [],
    enrolledAt: '2026-11-25T12:00:00.000Z',
    ...changes,
  });
}
