import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactRequestSchema } from '~/lib/shared/schemas/contact';
import type { ContactMessage } from '~/lib/shared/schemas/contact-message';
import {
  acceptContactMessage,
  contactRateLimit,
  deliverContactMessage,
  listContactMessagesForMaintainers,
  MAX_DELIVERY_ATTEMPTS,
  retryDelayMs,
  retryPendingContactMessages,
  type ContactDeps,
} from '~/server/domain/contact';
import { RateLimited } from '~/server/domain/errors';
import { createOutboxTransport, createResendTransport } from '~/server/domain/mail';
import { getContactMessage, listPendingContactMessageIds } from '~/server/storage/contact-messages';
import { listOutboxMails } from '~/server/storage/outbox';
import { startBlobsServer, type RunningBlobsServer } from '../../../support/blobs-server';
import { startFakeResend, type FakeResend } from '../../../support/fake-resend';

const settings = { from: 'Sahyadri Infotech <hello@example.com>', contactTo: 'sales@example.com' };
const input = ContactRequestSchema.parse({
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

beforeEach(async () => {
  blobs = await startBlobsServer();
  resend = await startFakeResend();
  clock = new Date('2026-11-22T06:00:00.000Z');
  deps = {
    transport: createResendTransport({
      apiKey: 're_test_key',
      from: settings.from,
      baseUrl: resend.url,
      timeoutMs: 300,
    }),
    settings,
    now: () => clock,
  };
});

afterEach(async () => {
  await resend.stop();
  await blobs.stop();
});

async function acceptOne(address = '203.0.113.7'): Promise<ContactMessage> {
  const message = await acceptContactMessage(input, address, deps);
  if (!message) throw new Error('expected a stored message');
  return message;
}

describe('accepting a contact message', () => {
  it('stores it with both e-mails pending, queued, before anything is sent', async () => {
    const message = await acceptOne();
    expect(await getContactMessage(message.id)).toEqual(message);
    expect(message).toMatchObject({
      client: 'sis',
      name: 'Asha Kulkarni',
      phone: '+919876543210',
      email: 'asha@example.com',
      receivedAt: '2026-11-22T06:00:00.000Z',
      mail: { company: { status: 'pending', attempts: 0 }, visitor: { status: 'pending', attempts: 0 } },
    });
    expect(await listPendingContactMessageIds()).toEqual([message.id]);
    expect(resend.requests).toBe(0);
  });

  it('drops a message whose honeypot is filled: nothing stored, nothing sent', async () => {
    expect(
      await acceptContactMessage({ ...input, website: 'http://spam.example' }, '198.51.100.1', deps),
    ).toBeUndefined();
    expect(await listContactMessagesForMaintainers({ all: true })).toEqual([]);
    expect(await listPendingContactMessageIds()).toEqual([]);
  });

  it(`allows ${contactRateLimit().limit} messages per address per window, then answers RateLimited`, async () => {
    for (let i = 0; i < contactRateLimit().limit; i += 1) await acceptOne('198.51.100.9');
    const error = await acceptContactMessage(input, '198.51.100.9', deps).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).retryAfterSeconds).toBe(600);
    expect((error as RateLimited).messages[0]).toMatch(/wait a few minutes/);
    expect(await listContactMessagesForMaintainers({ all: true })).toHaveLength(contactRateLimit().limit);
    // Another address is not affected; the next window starts afresh.
    await acceptOne('198.51.100.10');
    clock = new Date(clock.getTime() + contactRateLimit().windowMs);
    await acceptOne('198.51.100.9');
  });
});

describe('delivering through the real Resend SDK', () => {
  it('sends the company e-mail (reply-to the visitor) and the acknowledgement, then dequeues', async () => {
    const message = await acceptOne();
    const delivered = await deliverContactMessage(message.id, deps);

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
    expect(visitor?.body.text).toContain('Dear Asha,');

    expect(delivered?.mail.company).toMatchObject({ status: 'sent', attempts: 1, providerId: 'fake-1' });
    expect(delivered?.mail.visitor).toMatchObject({ status: 'sent', attempts: 1, providerId: 'fake-2' });
    expect(await listPendingContactMessageIds()).toEqual([]);
    expect(await listContactMessagesForMaintainers({ all: false })).toEqual([]);
  });

  it('keeps the message when Resend answers 500, and the retry job delivers it later, once', async () => {
    const message = await acceptOne();
    resend.mode = 'error';
    const afterFailure = await deliverContactMessage(message.id, deps);
    expect(resend.sent).toHaveLength(0);
    expect(afterFailure?.mail.company).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Resend: Fake outage',
      nextAttemptAt: new Date(clock.getTime() + retryDelayMs(1)).toISOString(),
    });
    expect(await listContactMessagesForMaintainers({ all: false })).toHaveLength(1);

    resend.mode = 'ok';
    // Not due yet: the job leaves it alone.
    expect(await retryPendingContactMessages(deps)).toEqual({
      queued: 1,
      delivered: 0,
      failed: 0,
      waiting: 1,
    });
    expect(resend.sent).toHaveLength(0);

    clock = new Date(clock.getTime() + retryDelayMs(1));
    expect(await retryPendingContactMessages(deps)).toEqual({
      queued: 1,
      delivered: 1,
      failed: 0,
      waiting: 0,
    });
    expect(resend.sent.map((mail) => mail.body.to[0])).toEqual(['sales@example.com', 'asha@example.com']);
    expect((await getContactMessage(message.id))?.mail.company).toMatchObject({
      status: 'sent',
      attempts: 2,
    });

    // Nothing is left to do, so another run sends nothing more.
    expect(await retryPendingContactMessages(deps)).toEqual({
      queued: 0,
      delivered: 0,
      failed: 0,
      waiting: 0,
    });
    expect(resend.sent).toHaveLength(2);
  });

  it('after a timeout (Resend sent it but answered late) the retry sends nothing twice', async () => {
    const message = await acceptOne();
    resend.mode = 'slow';
    resend.slowMs = 2_000;
    const afterTimeout = await deliverContactMessage(message.id, deps);
    expect(afterTimeout?.mail.company.status).toBe('pending');
    expect(afterTimeout?.mail.company.lastError).toMatch(/^Resend: /);
    expect(resend.sent).toHaveLength(2);

    resend.mode = 'ok';
    clock = new Date(clock.getTime() + retryDelayMs(1));
    await retryPendingContactMessages(deps);
    expect(resend.requests).toBe(4);
    expect(resend.sent).toHaveLength(2);
    const stored = await getContactMessage(message.id);
    expect(stored?.mail.company).toMatchObject({ status: 'sent', attempts: 2, providerId: 'fake-1' });
    expect(stored?.mail.visitor).toMatchObject({ status: 'sent', attempts: 2, providerId: 'fake-2' });
  });

  it(`gives up after ${MAX_DELIVERY_ATTEMPTS} failed tries, marks the e-mail failed and lists it for maintainers`, async () => {
    const message = await acceptOne();
    resend.mode = 'error';
    await deliverContactMessage(message.id, deps);
    for (let attempt = 1; attempt < MAX_DELIVERY_ATTEMPTS; attempt += 1) {
      clock = new Date(clock.getTime() + retryDelayMs(attempt));
      await retryPendingContactMessages(deps);
    }
    const stored = await getContactMessage(message.id);
    expect(stored?.mail.company).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
    expect(stored?.mail.company.nextAttemptAt).toBeUndefined();
    expect(await listPendingContactMessageIds()).toEqual([]);
    expect((await listContactMessagesForMaintainers({ all: false })).map((m) => m.id)).toEqual([message.id]);
    expect(resend.requests).toBe(2 * MAX_DELIVERY_ATTEMPTS);
  });

  it('reads the rate limit from CONTACT_RATE_LIMIT, ignoring nonsense', () => {
    expect(contactRateLimit({}).limit).toBe(5);
    expect(contactRateLimit({ CONTACT_RATE_LIMIT: '50' }).limit).toBe(50);
    expect(contactRateLimit({ CONTACT_RATE_LIMIT: '-1' }).limit).toBe(5);
    expect(contactRateLimit({ CONTACT_RATE_LIMIT: 'lots' }).limit).toBe(5);
  });

  it('backs off 1, 2, 4 ... minutes, at most 6 hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(20)).toBe(6 * 60 * 60 * 1000);
  });
});

describe('the local outbox (no RESEND_API_KEY)', () => {
  it('stores each e-mail once per idempotency key and prints it to the log', async () => {
    const log = vi.fn();
    const outboxDeps = { ...deps, transport: createOutboxTransport({ from: settings.from, log }) };
    const message = await acceptOne();
    await deliverContactMessage(message.id, outboxDeps);
    await outboxDeps.transport.send({
      to: ['sales@example.com'],
      subject: 'again',
      html: '',
      text: '',
      idempotencyKey: `contact-${message.id}-company`,
    });
    const mails = await listOutboxMails();
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(['asha@example.com', 'sales@example.com']);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Subject: Website enquiry from Asha Kulkarni'));
    expect((await getContactMessage(message.id))?.mail.company.status).toBe('sent');
  });
});
