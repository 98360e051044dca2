/**
 * Consent records over HTTP (DECISIONS 63; API.md, Accounts, "Your account", consent records):
 * the contact, sign-up, checkout and attendee calls take `notice: '<version>'`; the record keeps
 * `{version, at}` with the server's time of the call, `null` for a call without one, and a
 * version that is not the form's current one is a 400 that stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notices } from '~/content/ui/notices';
import { NOTICE_CHANGED } from '~/lib/shared/schemas/notice';
import type { BillingInput } from '~/lib/shared/schemas/billing';
import { resetServerEnv } from '~/server/env';
import { openStore } from '~/server/storage/blob-store';
import { getPendingRequest } from '~/server/storage/account-codes';
import { listContactMessages } from '~/server/storage/contact-messages';
import { getEnrolment } from '~/server/storage/enrolments';
import { getQueuedMail } from '~/server/storage/mail-queue';
import { getOrder } from '~/server/storage/orders';
import { getUser } from '~/server/storage/users';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';
import { browserHeaders } from '../../support/browser-headers';
import { storedBatch, storedEnrolment } from '../../support/enrolments';
import { functionRouter, type FunctionRouter } from '../../support/function-router';
import { newSignedInPerson } from '../../support/people';
import { KARNATAKA, payOnTestGateway } from '../../support/test-gateway';

/** A version shaped right that no notice has (an old page's). */
const OLD = '2001-01-01';

let router: FunctionRouter;
let blobs: RunningBlobsServer;
let ip = 0;

async function call(path: string, body: unknown, session?: string) {
  return router.fetch(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: {
        ...(await browserHeaders(session)),
        'content-type': 'application/json',
        'x-nf-client-connection-ip': `203.0.113.${(ip = (ip % 250) + 1)}`,
      },
      body: JSON.stringify(body),
    }),
  );
}

/** The answer's sentences. */
const sentences = async (response: Response) => ((await response.json()) as { errors: string[] }).errors;

/** Asserts `at` is the server's time of a call made between `before` and now. */
function expectCallTime(at: string, before: number) {
  expect(Date.parse(at)).toBeGreaterThanOrEqual(before);
  expect(Date.parse(at)).toBeLessThanOrEqual(Date.now());
}

beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  process.env['CONTACT_RATE_LIMIT'] = '10000';
  resetServerEnv();
  blobs = await startBlobsServer();
  router = await functionRouter();
});
afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env['CONTACT_RATE_LIMIT'];
  resetServerEnv();
  await blobs.stop();
});

describe('POST /api/contact/sendmail with a notice', () => {
  let seq = 0;
  const message = (extra: Record<string, unknown> = {}) => ({
    name: 'Ravi Patil',
    phone: '9876543210',
    email: `notice${(seq += 1)}@example.in`,
    message: 'Please call.',
    client: 'sis',
    ...extra,
  });
  const storedFrom = async (email: string) =>
    (await listContactMessages()).filter((stored) => stored.email === email);

  it('stores {version, at} for the contact form and the quote form, each with its own notice', async () => {
    const before = Date.now();
    const contact = message({ notice: notices.contact.version });
    const quote = message({ form: 'quote', notice: notices.quote.version });
    expect((await call('/api/contact/sendmail', contact)).status).toBe(200);
    expect((await call('/api/contact/sendmail', quote)).status).toBe(200);
    const [storedContact] = await storedFrom(contact.email);
    const [storedQuote] = await storedFrom(quote.email);
    expect(storedContact?.notice).toEqual({ version: notices.contact.version, at: expect.any(String) });
    expect(storedQuote?.notice).toEqual({ version: notices.quote.version, at: expect.any(String) });
    expectCallTime(storedContact!.notice!.at, before);
    // The time of the call is the message's own.
    expect(storedContact!.notice!.at).toBe(storedContact!.receivedAt);
  });

  it('stores notice: null for a call without one (the original site’s clients)', async () => {
    const body = message();
    expect((await call('/api/contact/sendmail', body)).status).toBe(200);
    const [stored] = await storedFrom(body.email);
    expect(stored).toBeDefined();
    expect(stored!.notice).toBeNull();
  });

  it('refuses a version that is not the current notice with 400 and a sentence, storing and mailing nothing', async () => {
    for (const notice of [OLD, '2026-11-26x', 'latest', 42, '']) {
      const body = message({ notice });
      const response = await call('/api/contact/sendmail', body);
      expect(response.status).toBe(400);
      expect(await sentences(response)).toEqual([NOTICE_CHANGED]);
      expect(await storedFrom(body.email)).toEqual([]);
    }
  });
});

describe('sign-up with a notice', () => {
  let seq = 0;
  const details = (extra: Record<string, unknown> = {}) => ({
    name: 'Meera Joshi',
    mobile: String(9_200_000_000 + (seq += 1)),
    email: `signup-notice${seq}.${Date.now()}@example.in`,
    password: 'teak-lantern-42',
    repassword: 'teak-lantern-42',
    clientCode: 'sispl',
    ...extra,
  });

  /** Sends the code; resolves to the pending ids and the code mailed. */
  async function sendCode(body: Record<string, unknown>) {
    const response = await call('/api/account/sendcode', body);
    expect(response.status).toBe(200);
    const pending = (await response.json()) as { usercode: string; userkey: string };
    const mail = await getQueuedMail(`account-sign-up-${pending.usercode}`);
    return { ...pending, verificationcode: /code: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '' };
  }

  it('keeps {version, at} on the pending registration, then on the account', async () => {
    const before = Date.now();
    const body = details({ notice: notices.signUp.version });
    const pending = await sendCode(body);
    const request = await getPendingRequest(pending.usercode);
    expect(request?.signUp?.notice).toEqual({ version: notices.signUp.version, at: expect.any(String) });
    expectCallTime(request!.signUp!.notice!.at, before);

    const registered = await call('/api/account/register', { ...body, ...pending, status: 1 });
    expect(registered.status).toBe(201);
    const { userid } = (await registered.json()) as { userid: string };
    // The account keeps the notice the details were given under, with that call's time.
    expect((await getUser(userid))?.notice).toEqual(request!.signUp!.notice);
  });

  it('records notice: null for a sign-up without one, and register’s own when sendcode named none', async () => {
    const plain = details();
    const pending = await sendCode(plain);
    expect((await getPendingRequest(pending.usercode))?.signUp?.notice).toBeNull();
    const registered = await call('/api/account/register', { ...plain, ...pending });
    const { userid } = (await registered.json()) as { userid: string };
    expect((await getUser(userid))?.notice).toBeNull();

    const late = details();
    const latePending = await sendCode(late);
    const before = Date.now();
    const lateRegistered = await call('/api/account/register', {
      ...latePending,
      clientCode: 'sispl',
      notice: notices.signUp.version,
    });
    expect(lateRegistered.status).toBe(201);
    const lateUser = await getUser(((await lateRegistered.json()) as { userid: string }).userid);
    expect(lateUser?.notice?.version).toBe(notices.signUp.version);
    expectCallTime(lateUser!.notice!.at, before);
  });

  it('refuses an unknown version at sendcode and at register with 400, sending no code and making no account', async () => {
    const codes = openStore('account-codes');
    const pendingBefore = (await codes.list('pending/')).length;
    const refused = await call('/api/account/sendcode', details({ notice: OLD }));
    expect(refused.status).toBe(400);
    expect(await sentences(refused)).toEqual([NOTICE_CHANGED]);
    expect(await codes.list('pending/')).toHaveLength(pendingBefore);

    const good = details({ notice: notices.signUp.version });
    const pending = await sendCode(good);
    const registered = await call('/api/account/register', { ...good, ...pending, notice: OLD });
    expect(registered.status).toBe(400);
    expect(await sentences(registered)).toEqual([NOTICE_CHANGED]);
    // The code was not used: the right notice still registers with it.
    const again = await call('/api/account/register', { ...good, ...pending });
    expect(again.status).toBe(201);
  });
});

describe('checkout with a notice', () => {
  async function buyer() {
    const person = await newSignedInPerson({ name: 'Priya Rao' });
    const added = await call(`/api/Cart/addtocart/sispl,3,${person.userId}`, undefined, person.session);
    expect(added.status).toBe(200);
    return person;
  }

  async function payWith(person: { userId: string; session: string }, billing: BillingInput) {
    return payOnTestGateway((request) => router.fetch(request), 'http://localhost', {
      userId: person.userId,
      headers: await browserHeaders(person.session),
      billing,
    });
  }

  it('keeps {version, at} of the billing form’s notice on the order placed', async () => {
    const person = await buyer();
    const before = Date.now();
    const paid = await payWith(person, { ...KARNATAKA, notice: notices.checkout.version } as BillingInput);
    expect(paid.orderNo).toBeDefined();
    const order = await getOrder(paid.orderNo!);
    expect(order?.notice).toEqual({ version: notices.checkout.version, at: expect.any(String) });
    expectCallTime(order!.notice!.at, before);
  });

  it("keeps the billing on the account when 'Save these details' is ticked, and only then (DECISIONS 62)", async () => {
    const saving = await buyer();
    await payWith(saving, { ...KARNATAKA, saveBilling: true } as BillingInput);
    expect((await getUser(saving.userId))?.billing).toEqual({
      name: KARNATAKA.name,
      country: 'IN',
      state: '29',
    });
    const notSaving = await buyer();
    await payWith(notSaving, KARNATAKA);
    expect((await getUser(notSaving.userId))?.billing).toBeUndefined();
  });

  it('keeps notice: null when the checkout call named none', async () => {
    const paid = await payWith(await buyer(), KARNATAKA);
    expect((await getOrder(paid.orderNo!))?.notice).toBeNull();
  });

  it('refuses an unknown version with 400 before any payment starts', async () => {
    const person = await buyer();
    const response = await call(
      `/api/Cart/checkout/sispl,${person.userId}`,
      { ...KARNATAKA, notice: OLD },
      person.session,
    );
    expect(response.status).toBe(400);
    expect(await sentences(response)).toEqual([NOTICE_CHANGED]);
    const checkouts = openStore('checkouts');
    expect(await checkouts.list(`carts/${person.userId}/`)).toEqual([]);
  });
});

describe('POST /api/me/courses/{orderNo}/{courseId}/attendees with a notice', () => {
  async function enrolled() {
    const buyer = await newSignedInPerson({ name: 'Meera Joshi' });
    const enrolment = await storedEnrolment(await storedBatch(), buyer, { seats: 2 });
    return {
      buyer,
      enrolment,
      path: `/api/me/courses/${enrolment.orderNo}/${enrolment.courseId}/attendees`,
    };
  }
  const attendees = [{ name: 'Ravi Patil', email: 'ravi.attendee@example.in' }];

  it('takes {attendees, notice} and keeps {version, at} on the enrolment with the list', async () => {
    const { buyer, enrolment, path } = await enrolled();
    const before = Date.now();
    const response = await call(path, { attendees, notice: notices.attendees.version }, buyer.session);
    expect(response.status).toBe(200);
    const stored = await getEnrolment(enrolment.orderNo, enrolment.courseId);
    expect(stored?.attendees).toEqual(attendees);
    expect(stored?.attendeesNotice).toEqual({ version: notices.attendees.version, at: expect.any(String) });
    expectCallTime(stored!.attendeesNotice!.at, before);
  });

  it('still takes the bare list (the first clients) and records notice: null', async () => {
    const { buyer, enrolment, path } = await enrolled();
    expect((await call(path, attendees, buyer.session)).status).toBe(200);
    const stored = await getEnrolment(enrolment.orderNo, enrolment.courseId);
    expect(stored?.attendees).toEqual(attendees);
    expect(stored?.attendeesNotice).toBeNull();
  });

  it('refuses an unknown version with 400, leaving the list as it was', async () => {
    const { buyer, enrolment, path } = await enrolled();
    const response = await call(path, { attendees, notice: OLD }, buyer.session);
    expect(response.status).toBe(400);
    expect(await sentences(response)).toEqual([NOTICE_CHANGED]);
    const stored = await getEnrolment(enrolment.orderNo, enrolment.courseId);
    expect(stored?.attendees).toEqual([]);
    expect(stored?.attendeesNotice).toBeUndefined();
  });
});
