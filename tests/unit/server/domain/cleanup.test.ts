import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { budgetOf, cleanUpExpired } from '~/server/domain/cleanup';
import { openStore } from '~/server/storage/blob-store';
import { saveNewPendingRequest } from '~/server/storage/account-codes';
import { startCheckout, type Checkout } from '~/server/storage/checkouts';
import { putOutboxMail } from '~/server/storage/outbox';
import { incrementWindowCounter, recordCodeVoid, recordLoginFailure } from '~/server/storage/rate-limits';
import { saveSession } from '~/server/storage/sessions';
import { useBlobsServer } from '../../../support/blobs-server';

useBlobsServer();

const now = new Date('2026-11-25T06:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const keysOf = async (store: Parameters<typeof openStore>[0]) => (await openStore(store).list()).sort();

const checkout = (cartVersion: number, startedAt: Date, extra: Partial<Checkout>): Checkout => ({
  userId: 'buyer',
  cartVersion,
  startedAt: startedAt.toISOString(),
  lines: [
    { courseId: 1, name: 'C', url: '/c', review: 5, courseOverview: '', listPriceCents: 100, priceCents: 90 },
  ],
  billTo: { name: 'B', email: 'b@example.com' },
  ...extra,
});

async function seed(tag: string) {
  // Each record twice: one past its use, one still in use.
  await incrementWindowCounter('contact', `${tag}-old`, ago(2 * DAY).getTime());
  await incrementWindowCounter('contact', `${tag}-new`, ago(HOUR).getTime());
  await recordLoginFailure(`${tag}-old`, () => ({ failures: 3, lastFailureAt: ago(2 * DAY).toISOString() }));
  await recordLoginFailure(`${tag}-new`, () => ({ failures: 3, lastFailureAt: ago(HOUR).toISOString() }));
  await recordCodeVoid(`${tag}-old`, () => ({ voids: 1, lastVoidAt: ago(2 * DAY).toISOString() }));
  await recordCodeVoid(`${tag}-new`, () => ({ voids: 1, lastVoidAt: ago(HOUR).toISOString() }));
  for (const [id, expiresAt] of [
    [`${tag}-old-request-0001`, ago(2 * HOUR)],
    [`${tag}-new-request-0001`, ago(-HOUR)],
  ] as const) {
    await saveNewPendingRequest(id, {
      purpose: 'reset',
      emailHash: id,
      userkeyHash: 'h',
      salt: 's',
      tries: 0,
      expiresAt: expiresAt.toISOString(),
    });
  }
  await saveSession(`${tag}-old`, {
    userId: 'u',
    createdAt: ago(31 * DAY).toISOString(),
    lastSeenAt: ago(HOUR).toISOString(),
  });
  await saveSession(`${tag}-idle-staff`, {
    userId: 'u',
    createdAt: ago(DAY).toISOString(),
    lastSeenAt: ago(13 * HOUR).toISOString(),
    staff: true,
  });
  await saveSession(`${tag}-new`, {
    userId: 'u',
    createdAt: ago(DAY).toISOString(),
    lastSeenAt: ago(HOUR).toISOString(),
  });
  await startCheckout(
    checkout(1, ago(40 * DAY), { orderNo: 'SIS-2627-000001', completedAt: ago(40 * DAY).toISOString() }),
  );
  await startCheckout(checkout(2, ago(40 * DAY), {}));
  await startCheckout(checkout(3, ago(40 * DAY), { orderNo: 'SIS-2627-000002' }));
  await startCheckout(
    checkout(4, ago(DAY), { orderNo: 'SIS-2627-000003', completedAt: ago(DAY).toISOString() }),
  );
  const mail = (queuedAt: Date) => ({
    id: 'x',
    queuedAt: queuedAt.toISOString(),
    from: 'a@example.com',
    to: ['b@example.com'],
    subject: 's',
    text: 't',
    html: 'h',
  });
  await putOutboxMail(`${tag}-old`, mail(ago(8 * DAY)));
  await putOutboxMail(`${tag}-new`, mail(ago(DAY)));
}

describe('the cleanup job (issue 17, item 6)', () => {
  it('deletes what expired and keeps what is still in use', async () => {
    await seed('a');
    const summary = await cleanUpExpired(now, budgetOf(60_000));
    expect(Object.values(summary).every((part) => part.done)).toBe(true);
    const rateLimits = await keysOf('rate-limits');
    expect(rateLimits.some((key) => key.includes(String(ago(2 * DAY).getTime())))).toBe(false);
    expect(rateLimits.filter((key) => key.startsWith('contact/'))).toHaveLength(1);
    expect(rateLimits.filter((key) => !key.startsWith('contact/'))).toEqual([
      'code-voids/a-new',
      'login-failures/a-new',
    ]);
    expect(await keysOf('account-codes')).toEqual([
      'latest/reset/a-new-request-0001',
      'pending/a-new-request-0001',
    ]);
    expect((await keysOf('sessions')).filter((key) => key.startsWith('sessions/'))).toEqual([
      'sessions/a-new',
    ]);
    // Done long ago or never numbered: gone; numbered but unfinished: kept to finish its order.
    expect(await keysOf('checkouts')).toEqual(['carts/buyer/3', 'carts/buyer/4']);
    expect(await keysOf('outbox')).toEqual(['mails/a-new']);
    // Nothing left to do: a second run deletes nothing.
    const again = await cleanUpExpired(now, budgetOf(60_000));
    expect(Object.values(again).reduce((sum, part) => sum + part.deleted, 0)).toBe(0);
    expect(await openStore('sessions').get('sessions/a-new', z.any())).toBeDefined();
  });

  it('starts nothing once its budget is spent, and reports the work as not done', async () => {
    await seed('b');
    const before = await keysOf('outbox');
    const summary = await cleanUpExpired(now, { timeLeft: () => false });
    expect(Object.values(summary).every((part) => !part.done && part.deleted === 0)).toBe(true);
    expect(await keysOf('outbox')).toEqual(before);
  });
});
