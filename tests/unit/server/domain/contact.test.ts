import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ContactRequestSchema } from '~/lib/shared/schemas/contact';
import type { ContactMessage } from '~/lib/shared/schemas/contact-message';
import {
  acceptContactMessage,
  contactMailKeys,
  contactRateLimits,
  listContactMessagesForMaintainers,
  queueUnmailedContactMessages,
  type ContactDeps,
} from '~/server/domain/contact';
import { RateLimited } from '~/server/domain/errors';
import { createOutboxTransport } from '~/server/domain/mail';
import {
  deliverQueuedMail,
  enqueueMail,
  MAX_DELIVERY_ATTEMPTS,
  retryDelayMs,
  retryQueuedMails,
  type MailDeps,
} from '~/server/domain/mail-queue';
import { openStore } from '~/server/storage/blob-store';
import { getQueuedMail, listPendingMailKeys } from '~/server/storage/mail-queue';
import { OutboxMailSchema } from '~/server/storage/outbox';
import { startBlobsServer, type RunningBlobsServer } from '../../../support/blobs-server';
import { mailDepsFor, startFakeResend, TEST_SENDER, type FakeResend } from '../../../support/fake-resend';

const settings = { from: TEST_SENDER, contactTo: 'sales@example.com' };
const input = z.parse(ContactRequestSchema, {
  name: 'Asha Kulkarni',
  phone: '+91 98765 43210',
  email: 'Asha@Example.com',
  message: 'Quote for 3 warehouses, please.\nWe use Tally. <script>alert(1)</script>',
  client: 'sis',
});

let blobs: RunningBlobsServer;
let resend: FakeResend;
let clock: Date;
let deps: ContactDeps;
let mailDeps: MailDeps;

beforeEach(async () => {
  blobs = await startBlobsServer();
  resend = await startFakeResend();
  clock = new Date('2026-11-22T06:00:00.000Z');
  // The queue as the handler gives it, minus the background delivery: tests deliver explicitly.
  deps = {
    mail: { queue: async (mail) => void (await enqueueMail(mail, clock)) },
    settings,
    now: () => clock,
  };
  mailDeps = mailDepsFor(resend, () => clock);
});

afterEach(async () => {
  await resend.stop();
  await blobs.stop();
});

async function acceptOne(address = '203.0.113.7', email = input.email): Promise<ContactMessage> {
  const message = await acceptContactMessage({ ...input, email }, address, deps);
  if (!message) throw new Error('expected a stored message');
  return message;
}

/** Delivers both e-mails of a message, as the handler does after its answer. */
async function deliver(message: ContactMessage, using: MailDeps = mailDeps) {
  const keys = contactMailKeys(message.id);
  const company = await deliverQueuedMail(keys.company, using);
  const visitor = await deliverQueuedMail(keys.visitor, using);
  return { company: company?.delivery, visitor: visitor?.delivery };
}

async function reportOf(message: ContactMessage) {
  const reports = await listContactMessagesForMaintainers({ all: true });
  return reports.find((report) => report.id === message.id);
}

describe('accepting a contact message', () => {
  it('stores it with both e-mails pending, queued, before anything is sent', async () => {
    const message = await acceptOne();
    expect(await reportOf(message)).toMatchObject({
      ...message,
      client: 'sis',
      name: 'Asha Kulkarni',
      phone: '+919876543210',
      email: 'asha@example.com',
      receivedAt: '2026-11-22T06:00:00.000Z',
      mail: { company: { status: 'pending', attempts: 0 }, visitor: { status: 'pending', attempts: 0 } },
    });
    const keys = contactMailKeys(message.id);
    expect((await listPendingMailKeys()).sort()).toEqual([keys.company, keys.visitor].sort());
    expect(resend.requests).toBe(0);
    // Both queued: its unmailed mark is gone, so the retry job has nothing to reconcile.
    expect(await queueUnmailedContactMessages(deps.mail, settings, clock)).toBe(0);
  });

  it('drops a message whose honeypot is filled: nothing stored, nothing sent', async () => {
    expect(
      await acceptContactMessage({ ...input, website: 'http://spam.example' }, '198.51.100.1', deps),
    ).toBeUndefined();
    expect(await listContactMessagesForMaintainers({ all: true })).toEqual([]);
    expect(await listPendingMailKeys()).toEqual([]);
  });

  const { perAddress } = contactRateLimits();

  it(`allows ${perAddress.limit} messages per address per window, then answers RateLimited`, async () => {
    for (let i = 0; i < perAddress.limit; i += 1) await acceptOne('198.51.100.9', `p${i}@example.com`);
    const error = await acceptContactMessage(input, '198.51.100.9', deps).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).retryAfterSeconds).toBe(600);
    expect((error as RateLimited).messages[0]).toMatch(/wait a few minutes/);
    expect(await listContactMessagesForMaintainers({ all: true })).toHaveLength(perAddress.limit);
    // Another address is not affected; the next window starts afresh.
    await acceptOne('198.51.100.10');
    clock = new Date(clock.getTime() + perAddress.windowMs);
    await acceptOne('198.51.100.9');
  });

  it('limits messages to one recipient address too, from however many client addresses', async () => {
    for (let i = 0; i < perAddress.limit; i += 1)
      await acceptOne(`198.51.100.${20 + i}`, 'target@example.com');
    const error = await acceptContactMessage(
      { ...input, email: 'target@example.com' },
      '198.51.100.99',
      deps,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimited);
    expect(await listContactMessagesForMaintainers({ all: true })).toHaveLength(perAddress.limit);
  });
});

describe('the acknowledgement to the visitor', () => {
  it('repeats nothing the visitor typed: no name, no message, only the reference', async () => {
    const message = await acceptOne();
    const ack = await getQueuedMail(contactMailKeys(message.id).visitor);
    for (const part of [ack?.subject, ack?.text, ack?.html]) {
      expect(part).not.toContain('Asha');
      expect(part).not.toContain('Tally');
      expect(part).not.toContain('warehouses');
    }
    expect(ack?.text).toContain(message.id);
  });
});

describe('delivering through the real Resend SDK', () => {
  it('sends the company e-mail (reply-to the visitor) and the acknowledgement, then dequeues', async () => {
    const message = await acceptOne();
    const delivered = await deliver(message);

    expect(resend.sent).toHaveLength(2);
    const [company, visitor] = resend.sent;
    expect(company?.authorization).toBe('Bearer re_test_key');
    expect(company?.idempotencyKey).toBe(`contact-${message.id}-company`);
    expect(company?.body).toMatchObject({
      from: settings.from,
      to: ['sales@example.com'],
      reply_to: 'asha@example.com',
    });
    expect(company?.body.subject).toBe('Website enquiry from Asha Kulkarni');
    expect(company?.body.text).toContain('Phone:     +919876543210');
    expect(company?.body.text).toContain('We use Tally. <script>alert(1)</script>');
    expect(company?.body.html).toContain('We use Tally. &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(company?.body.html).not.toContain('<script>');
    expect(visitor?.body.to).toEqual(['asha@example.com']);
    expect(visitor?.body.reply_to).toBeUndefined();
    expect(visitor?.body.text).toContain(`reference ${message.id}`);

    expect(delivered.company).toMatchObject({ status: 'sent', attempts: 1, providerId: 'fake-1' });
    expect(delivered.visitor).toMatchObject({ status: 'sent', attempts: 1, providerId: 'fake-2' });
    expect(await listPendingMailKeys()).toEqual([]);
    expect(await listContactMessagesForMaintainers({ all: false })).toEqual([]);
  });

  it('keeps the message when Resend answers 500, and the retry job delivers it later, once', async () => {
    const message = await acceptOne();
    resend.mode = 'error';
    const afterFailure = await deliver(message);
    expect(resend.sent).toHaveLength(0);
    expect(afterFailure.company).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Resend: Fake outage',
      nextAttemptAt: new Date(clock.getTime() + retryDelayMs(1)).toISOString(),
    });
    expect(await listContactMessagesForMaintainers({ all: false })).toHaveLength(1);

    resend.mode = 'ok';
    // Not due yet: the job leaves it alone.
    expect(await retryQueuedMails(mailDeps)).toEqual({
      queued: 2,
      sent: 0,
      failed: 0,
      waiting: 2,
      leftForNextRun: 0,
    });
    expect(resend.sent).toHaveLength(0);

    clock = new Date(clock.getTime() + retryDelayMs(1));
    expect(await retryQueuedMails(mailDeps)).toEqual({
      queued: 2,
      sent: 2,
      failed: 0,
      waiting: 0,
      leftForNextRun: 0,
    });
    expect(resend.sent.map((mail) => mail.body.to[0]).sort()).toEqual([
      'asha@example.com',
      'sales@example.com',
    ]);
    expect((await reportOf(message))?.mail.company).toMatchObject({
      status: 'sent',
      attempts: 2,
    });

    // Nothing is left to do, so another run sends nothing more.
    expect(await retryQueuedMails(mailDeps)).toEqual({
      queued: 0,
      sent: 0,
      failed: 0,
      waiting: 0,
      leftForNextRun: 0,
    });
    expect(resend.sent).toHaveLength(2);
  });

  it('after a timeout (Resend sent it but answered late) the retry sends nothing twice', async () => {
    const message = await acceptOne();
    resend.mode = 'slow';
    resend.slowMs = 2_000;
    const afterTimeout = await deliver(message);
    expect(afterTimeout.company?.status).toBe('pending');
    expect(afterTimeout.company?.lastError).toMatch(/^Resend: /);
    expect(resend.sent).toHaveLength(2);

    resend.mode = 'ok';
    clock = new Date(clock.getTime() + retryDelayMs(1));
    await retryQueuedMails(mailDeps);
    expect(resend.requests).toBe(4);
    expect(resend.sent).toHaveLength(2);
    const stored = await reportOf(message);
    expect(stored?.mail.company).toMatchObject({ status: 'sent', attempts: 2, providerId: 'fake-1' });
    expect(stored?.mail.visitor).toMatchObject({ status: 'sent', attempts: 2, providerId: 'fake-2' });
  });

  it(`gives up after ${MAX_DELIVERY_ATTEMPTS} failed tries, marks the e-mail failed and lists it for maintainers`, async () => {
    const message = await acceptOne();
    resend.mode = 'error';
    await deliver(message);
    for (let attempt = 1; attempt < MAX_DELIVERY_ATTEMPTS; attempt += 1) {
      clock = new Date(clock.getTime() + retryDelayMs(attempt));
      await retryQueuedMails(mailDeps);
    }
    const stored = await reportOf(message);
    expect(stored?.mail.company).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
    expect(stored?.mail.company.nextAttemptAt).toBeUndefined();
    expect(await listPendingMailKeys()).toEqual([]);
    expect((await listContactMessagesForMaintainers({ all: false })).map((m) => m.id)).toEqual([message.id]);
    expect(resend.requests).toBe(2 * MAX_DELIVERY_ATTEMPTS);
  });

  it('a stored message whose e-mails could not be queued is accepted, and the retry job queues and sends them (issue 17, item 1)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken: ContactDeps = {
      ...deps,
      mail: {
        queue: async () => {
          throw new Error('mail queue store down');
        },
      },
    };
    const message = await acceptContactMessage(input, '203.0.113.50', broken);
    expect(message?.id).toBeDefined();
    expect(await listPendingMailKeys()).toEqual([]);
    // The old retry job read only the queue: it had nothing to send.
    expect(await queueUnmailedContactMessages(deps.mail, settings, clock)).toBe(1);
    expect((await retryQueuedMails(mailDeps)).sent).toBe(2);
    expect(resend.sent.map((mail) => mail.body.to[0]).sort()).toEqual([
      'asha@example.com',
      'sales@example.com',
    ]);
    // Reconciled once: the next run finds nothing to queue.
    expect(await queueUnmailedContactMessages(deps.mail, settings, clock)).toBe(0);
  });
});

describe('the local outbox (no RESEND_API_KEY)', () => {
  it('stores each e-mail once per idempotency key and prints it to the log', async () => {
    const log = vi.fn();
    const outboxDeps = { ...mailDeps, transport: createOutboxTransport({ from: settings.from, log }) };
    const message = await acceptOne();
    await deliver(message, outboxDeps);
    await outboxDeps.transport.send({
      to: ['sales@example.com'],
      subject: 'again',
      html: '',
      text: '',
      idempotencyKey: `contact-${message.id}-company`,
    });
    const outbox = openStore('outbox');
    const keys = await outbox.list('mails/');
    const mails = await Promise.all(keys.map((key) => outbox.get(key, OutboxMailSchema)));
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => mail?.to[0]).sort()).toEqual(['asha@example.com', 'sales@example.com']);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Subject: Website enquiry from Asha Kulkarni'));
    expect((await getQueuedMail(contactMailKeys(message.id).company))?.delivery.status).toBe('sent');
  });
});
