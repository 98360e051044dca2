/**
 * The one mail queue (src/server/domain/mail-queue.ts) on its own: queueing once per key, the
 * pending list under races, the retry job's budget and back-off. Contact messages' e-mails on it
 * are in contact.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  deliverQueuedMail,
  enqueueMail,
  retryDelayMs,
  retryQueuedMails,
  type MailDeps,
} from '~/server/domain/mail-queue';
import { createOutboxTransport } from '~/server/domain/mail';
import { clearPendingMail, getQueuedMail, listPendingMailKeys } from '~/server/storage/mail-queue';
import { openStore } from '~/server/storage/blob-store';
import { OutboxMailSchema } from '~/server/storage/outbox';
import { startBlobsServer, type RunningBlobsServer } from '../../../support/blobs-server';
import { mailDepsFor, startFakeResend, type FakeResend } from '../../../support/fake-resend';

let blobs: RunningBlobsServer;
let resend: FakeResend;
let clock: Date;
let mailDeps: MailDeps;

beforeEach(async () => {
  blobs = await startBlobsServer();
  resend = await startFakeResend();
  clock = new Date('2026-11-22T06:00:00.000Z');
  mailDeps = mailDepsFor(resend, () => clock);
});

afterEach(async () => {
  await resend.stop();
  await blobs.stop();
});

describe('the mail queue', () => {
  /** A plain e-mail with the given idempotency key. */
  const mailKeyed = (idempotencyKey: string) => ({
    to: ['sales@example.com'],
    subject: 'Hello',
    html: '<p>Hi</p>',
    text: 'Hi',
    idempotencyKey,
  });

  it('keeps a pending e-mail on the list when a second queueing of it loses the race for the record', async () => {
    const mail = mailKeyed('k-race');
    await enqueueMail(mail, clock);
    // The state two racing calls can leave: the e-mail stored by one, the marker by the other.
    await clearPendingMail('k-race');
    await expect(enqueueMail(mail, clock)).resolves.toEqual({ key: 'k-race', stored: undefined });
    expect(await listPendingMailKeys()).toEqual(['k-race']);
  });

  it('queues an e-mail once per key: again while pending keeps one, again once sent leaves it sent and off the list', async () => {
    const mail = mailKeyed('k-1');
    const both = await Promise.all([enqueueMail(mail, clock), enqueueMail(mail, clock)]);
    expect(both.map((queued) => queued.key)).toEqual(['k-1', 'k-1']);
    expect(both.filter((queued) => queued.stored !== undefined)).toHaveLength(1);
    expect(await listPendingMailKeys()).toEqual(['k-1']);
    await deliverQueuedMail('k-1', mailDeps);
    await enqueueMail({ ...mail, subject: 'Changed' }, clock);
    expect(await listPendingMailKeys()).toEqual([]);
    expect(await getQueuedMail('k-1')).toMatchObject({ subject: 'Hello', delivery: { status: 'sent' } });
    expect(resend.sent).toHaveLength(1);
  });

  it('a retry run with 200 due e-mails and a slow provider stops within its budget and loses none (issue 17, item 5)', async () => {
    for (let i = 0; i < 200; i += 1)
      await enqueueMail(mailKeyed(`bulk-${String(i).padStart(3, '0')}`), clock);
    const delivered: string[] = [];
    // The run's own clock, which only the provider moves: each send takes 40 ms, five side by
    // side, so a batch costs 40 ms (the rule is about the budget, not this machine's speed).
    let elapsedMs = 0;
    const slow: MailDeps = {
      now: () => clock,
      transport: {
        kind: 'resend',
        async send(mail) {
          elapsedMs += 40 / 5;
          delivered.push(mail.idempotencyKey);
          return { ok: true, providerId: `p-${mail.idempotencyKey}` };
        },
      },
    };
    const budget = { budgetMs: 600, sendTimeoutMs: 100, batchSize: 5, clock: () => elapsedMs };
    const runs: { ms: number; sent: number; left: number }[] = [];
    while ((await listPendingMailKeys()).length > 0) {
      const started = elapsedMs;
      const summary = await retryQueuedMails(slow, budget);
      runs.push({ ms: elapsedMs - started, sent: summary.sent, left: summary.leftForNextRun });
      expect(runs.length).toBeLessThan(50);
    }
    // Each run stopped before its budget ran out, having sent some and left the rest pending...
    expect(runs.length).toBeGreaterThan(1);
    expect(runs[0]!.left).toBeGreaterThan(0);
    for (const run of runs) expect(run.ms).toBeLessThanOrEqual(budget.budgetMs);
    // (600 ms less the 100 ms a send may take: the run starts no batch after 500 ms: 13 batches.)
    expect(runs[0]!.sent).toBe(65);
    // ...and across the runs every e-mail went out exactly once.
    expect(delivered).toHaveLength(200);
    expect(new Set(delivered).size).toBe(200);
  });

  it('keeps an attached file with the queued e-mail and hands it to Resend and to the local outbox', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    const attachment = {
      filename: 'course.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      contentBase64: Buffer.from(ics).toString('base64'),
    };
    const mail = { ...mailKeyed('k-attached'), attachments: [attachment] };
    await enqueueMail(mail, clock);
    expect((await getQueuedMail('k-attached'))?.attachments).toEqual([attachment]);
    await deliverQueuedMail('k-attached', mailDeps);
    const sent = resend.sent.find((email) => email.idempotencyKey === 'k-attached')!;
    expect(sent.body.attachments).toEqual([
      { filename: 'course.ics', content_type: attachment.contentType, content: attachment.contentBase64 },
    ]);
    expect(Buffer.from(sent.body.attachments![0]!.content!, 'base64').toString()).toBe(ics);

    const lines: string[] = [];
    const outbox = createOutboxTransport({ from: 'x@example.com', log: (line) => lines.push(line) });
    await outbox.send({ ...mail, idempotencyKey: 'k-attached-outbox' });
    const stored = await openStore('outbox').get('mails/k-attached-outbox', OutboxMailSchema);
    expect(stored?.attachments).toEqual([attachment]);
    expect(lines[0]).toContain('Attached: course.ics');
  });

  it('backs off 1, 2, 4 ... minutes, at most 6 hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(20)).toBe(6 * 60 * 60 * 1000);
  });
});
