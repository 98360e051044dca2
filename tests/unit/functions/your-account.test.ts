/**
 * The account page's calls (docs/api.md, "Your account"; DECISIONS 62-63), through the functions:
 * profile, e-mail change, password, devices, the data download and closing the account.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { site } from '~/site.config';
import { notices as NOTICES } from '~/content/ui/notices';
import { getStoredContactMessage, leadIdsFromEmail } from '~/server/storage/contact-messages';
import { FREE_FAILURES } from '~/server/domain/auth/login-limit';
import { addToCart } from '~/server/domain/shop/cart';
import type { CheckoutDeps } from '~/server/domain/shop/checkout';
import { getCart } from '~/server/storage/carts';
import { getEnrolment } from '~/server/storage/enrolments';
import { getQueuedMail } from '~/server/storage/mail-queue';
import { getOrder } from '~/server/storage/orders';
import { getClosedAccount, getUser } from '~/server/storage/users';
import { listCustomers } from '~/server/domain/console/orders';
import contactHandler from '../../../netlify/functions/contact-sendmail.mts';
import dataHandler from '../../../netlify/functions/account-data.mts';
import deleteHandler from '../../../netlify/functions/account-delete.mts';
import emailHandler from '../../../netlify/functions/account-email.mts';
import verifyHandler from '../../../netlify/functions/account-email-verify.mts';
import loginHandler from '../../../netlify/functions/account-login.mts';
import meHandler from '../../../netlify/functions/account-me.mts';
import passwordHandler from '../../../netlify/functions/account-password.mts';
import profileHandler from '../../../netlify/functions/account-profile.mts';
import registerHandler from '../../../netlify/functions/account-register.mts';
import revokeHandler from '../../../netlify/functions/account-session-revoke.mts';
import sessionsHandler from '../../../netlify/functions/account-sessions.mts';
import sendcodeHandler from '../../../netlify/functions/account-sendcode.mts';
import { browserHeaders } from '../../support/browser-headers';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';
import { storedBatch, storedEnrolment } from '../../support/enrolments';
import { useOpenBatches } from '../../support/open-batches';
import { paidCheckout } from '../../support/paid-checkout';

type Handler = (request: Request, context?: never) => Promise<Response>;
let ip = 0;

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

async function call(
  handler: Handler,
  path: string,
  body?: unknown,
  options: {
    session?: string | undefined;
    agent?: string;
    params?: Record<string, string>;
    xsrf?: boolean;
  } = {},
) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(options.xsrf === false
      ? options.session
        ? { cookie: `session=${options.session}` }
        : {}
      : await browserHeaders(options.session)),
    'x-nf-client-connection-ip': `198.51.100.${(ip = (ip % 250) + 1)}`,
    ...(options.agent ? { 'user-agent': options.agent } : {}),
  };
  const request = new Request(`http://localhost${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return handler(request, { params: options.params ?? {}, waitUntil: undefined } as never);
}

const sessionOf = (response: Response) =>
  /(?:^|,\s*)session=([^;]*)/.exec(response.headers.getSetCookie().join(', '))?.[1];
const errorsOf = async (response: Response) => ((await response.json()) as { errors: string[] }).errors;
const codeOf = async (key: string) =>
  /code: (\d{6})/i.exec((await getQueuedMail(key))?.text ?? '')?.[1] ?? '';

let n = 0;
const PASSWORD = 'teak-lantern-42';

/** A new person signed up through the endpoints, on the phone: their details, user id and session. */
async function signUp(overrides: { email?: string; mobile?: string } = {}) {
  n += 1;
  const details = {
    name: 'Kavya Menon',
    mobile: overrides.mobile ?? String(8_200_000_000 + n * 17 + Math.floor(Math.random() * 1000)),
    email: overrides.email ?? `kavya${n}.${Date.now()}@example.in`,
    password: PASSWORD,
    repassword: PASSWORD,
    clientCode: 'sispl',
  };
  const pending = (await (await call(sendcodeHandler, '/api/account/sendcode', details)).json()) as {
    usercode: string;
    userkey: string;
  };
  const verificationcode = await codeOf(`account-sign-up-${pending.usercode}`);
  const response = await call(
    registerHandler,
    '/api/account/register',
    { ...details, ...pending, verificationcode, status: 1 },
    { agent: PHONE },
  );
  expect(response.status).toBe(201);
  const user = (await response.json()) as { userid: string };
  return { details, userId: user.userid, session: sessionOf(response)! };
}

/** A contact message sent from `email`, with the notice beside the form. */
async function sendLead(email: string, message: string) {
  const response = await call(contactHandler, '/api/contact/sendmail', {
    name: 'Kavya Menon',
    phone: '09876543210',
    email,
    message,
    client: 'sis',
    notice: NOTICES.contact.version,
  });
  expect(response.status).toBe(200);
}

async function signIn(id: string, password: string, agent = LAPTOP) {
  return call(loginHandler, '/api/account/login', { mobile: id, password, clientCode: 'sispl' }, { agent });
}

let blobs: RunningBlobsServer;
beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  blobs = await startBlobsServer();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await blobs.stop();
});
useOpenBatches();

describe('every call needs a session, and a change the XSRF header', () => {
  it('401 signed out; 403 without the XSRF header', async () => {
    for (const [handler, path, body] of [
      [profileHandler, '/api/account/profile', undefined],
      [sessionsHandler, '/api/account/sessions', undefined],
      [dataHandler, '/api/account/data', undefined],
      [passwordHandler, '/api/account/password', { current: 'x', password: 'y', repassword: 'y' }],
      [deleteHandler, '/api/account/delete', { password: 'x', confirm: 'DELETE' }],
    ] as const) {
      const response = await call(handler, path, body);
      expect(response.status, path).toBe(401);
    }
    const { session } = await signUp();
    const forged = await call(
      profileHandler,
      '/api/account/profile',
      { name: 'Forged' },
      { session, xsrf: false },
    );
    expect(forged.status).toBe(403);
  });
});

describe('profile (DECISIONS 62)', () => {
  it('shows the account and changes the name, the mobile and the saved billing', async () => {
    const { details, userId, session } = await signUp();
    const shown = await (await call(profileHandler, '/api/account/profile', undefined, { session })).json();
    expect(shown).toStrictEqual({
      userid: userId,
      name: 'Kavya Menon',
      email: details.email,
      mobile: details.mobile,
      createdAt: expect.any(String),
    });
    const newMobile = String(7_300_000_000 + n);
    const changed = await call(
      profileHandler,
      '/api/account/profile',
      {
        name: '  Kavya R. Menon ',
        mobile: `+91 ${newMobile}`,
        billing: { name: 'Menon Labs', country: 'IN', state: '32' },
      },
      { session },
    );
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      name: 'Kavya R. Menon',
      mobile: newMobile,
      billing: { name: 'Menon Labs', country: 'IN', state: '32' },
    });
    // The new number signs in; the old one no longer names this account.
    expect((await signIn(newMobile, PASSWORD)).status).toBe(200);
    expect((await signIn(details.mobile, PASSWORD)).status).toBe(401);
    // `null` forgets the billing; the rest stays.
    const forgot = await (
      await call(profileHandler, '/api/account/profile', { billing: null }, { session })
    ).json();
    expect(forgot).not.toHaveProperty('billing');
    expect(forgot).toMatchObject({ name: 'Kavya R. Menon', mobile: newMobile });
  });

  it('refuses bad input with the sign-up sentences and stores nothing of it', async () => {
    const { session, userId } = await signUp();
    const before = await getUser(userId);
    for (const [body, sentence] of [
      [{ name: '', mobile: '12' }, 'Name is required.'],
      [
        { mobile: '12' },
        'Mobile number must be 10 digits, or + and 8 to 15 digits for a number outside India.',
      ],
      [{}, 'Nothing to change: give a name, a mobile number or billing details.'],
      [{ billing: { name: 'X', country: 'IN', state: '29', gstin: 'NOT-A-GSTIN' } }, undefined],
      [{ email: 'other@example.in' }, undefined],
      [
        {
          billing: {
            name: 'Us',
            country: 'IN',
            state: '27',
            gstin: site.tax.gstin,
            address: { line: '1 FC Road', city: 'Pune', postalCode: '411005' },
          },
        },
        "This is our GSTIN. Enter your company's GSTIN.",
      ],
    ] as const) {
      const response = await call(profileHandler, '/api/account/profile', body, { session });
      expect(response.status, JSON.stringify(body)).toBe(400);
      if (sentence) expect(await errorsOf(response)).toContain(sentence);
    }
    expect(await getUser(userId)).toStrictEqual(before);
  });
});

describe('e-mail change (DECISIONS 62)', () => {
  it('sends a code to the new address, moves the account there and tells the old address', async () => {
    const { details, session, userId } = await signUp();
    const newEmail = `new.${n}.${Date.now()}@example.org`;
    const asked = await call(
      emailHandler,
      '/api/account/email',
      { email: newEmail.toUpperCase(), password: PASSWORD },
      { session },
    );
    expect(asked.status).toBe(200);
    const pending = (await asked.json()) as { usercode: string; userkey: string };
    const codeMail = await getQueuedMail(`account-email-${pending.usercode}`);
    expect(codeMail?.to).toEqual([newEmail]);
    expect(codeMail?.text).not.toContain('Kavya');
    const verificationcode = await codeOf(`account-email-${pending.usercode}`);
    // A wrong code changes nothing.
    const wrong = await call(
      verifyHandler,
      '/api/account/email/verify',
      { ...pending, verificationcode: '000000' },
      { session },
    );
    expect(await errorsOf(wrong)).toEqual(['The verification code is wrong or has expired.']);
    expect((await getUser(userId))?.email).toBe(details.email);

    const verified = await call(
      verifyHandler,
      '/api/account/email/verify',
      { ...pending, verificationcode },
      { session },
    );
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ email: newEmail });
    const notice = await getQueuedMail(`account-email-changed-${pending.usercode}`);
    expect(notice?.to).toEqual([details.email]);
    expect(notice?.text).toContain('was changed to n•••@example.org');
    // The code works once.
    const again = await call(
      verifyHandler,
      '/api/account/email/verify',
      { ...pending, verificationcode },
      { session },
    );
    expect(again.status).toBe(400);
    // Signs in with the new address, not the old one; the old address is free for a sign-up.
    expect((await signIn(newEmail, PASSWORD)).status).toBe(200);
    expect((await signIn(details.email, PASSWORD)).status).toBe(401);
    const newcomer = await signUp({ email: details.email });
    expect(newcomer.userId).not.toBe(userId);
  });

  it("an address that has an account gets the 'already registered' mail, and the change fails like a wrong code", async () => {
    const owner = await signUp();
    const { session, userId, details } = await signUp();
    const asked = await call(
      emailHandler,
      '/api/account/email',
      { email: owner.details.email, password: PASSWORD },
      { session },
    );
    expect(asked.status).toBe(200);
    const pending = (await asked.json()) as { usercode: string; userkey: string };
    const mail = await getQueuedMail(`account-email-${pending.usercode}`);
    expect(mail?.subject).toMatch(/already have/);
    expect(mail?.text).not.toMatch(/\d{6}/);
    for (const code of ['000000', '123456']) {
      const response = await call(
        verifyHandler,
        '/api/account/email/verify',
        { ...pending, verificationcode: code },
        { session },
      );
      expect(await errorsOf(response)).toEqual(['The verification code is wrong or has expired.']);
    }
    expect((await getUser(userId))?.email).toBe(details.email);
    expect((await getUser(owner.userId))?.email).toBe(owner.details.email);
  });

  it("refuses a wrong password, the same address, and another account's code", async () => {
    const { session, details } = await signUp();
    const wrong = await call(
      emailHandler,
      '/api/account/email',
      { email: 'fresh@example.org', password: 'not-it-at-all' },
      { session },
    );
    expect(wrong.status).toBe(400);
    expect(await errorsOf(wrong)).toEqual(['Your current password is wrong.']);
    const same = await call(
      emailHandler,
      '/api/account/email',
      { email: details.email, password: PASSWORD },
      { session },
    );
    expect(await errorsOf(same)).toEqual(['This is already the e-mail address of your account.']);

    const other = await signUp();
    const asked = await call(
      emailHandler,
      '/api/account/email',
      { email: `taken.${n}@example.org`, password: PASSWORD },
      { session },
    );
    const pending = (await asked.json()) as { usercode: string; userkey: string };
    const verificationcode = await codeOf(`account-email-${pending.usercode}`);
    const stolen = await call(
      verifyHandler,
      '/api/account/email/verify',
      { ...pending, verificationcode },
      { session: other.session },
    );
    expect(stolen.status).toBe(400);
    expect((await getUser(other.userId))?.email).toBe(other.details.email);
  });
});

describe('password (DECISIONS 62)', () => {
  it('changes with the current one and signs every other device out, not this one', async () => {
    const { details, session } = await signUp();
    const laptop = sessionOf(await signIn(details.email, PASSWORD))!;
    const changed = await call(
      passwordHandler,
      '/api/account/password',
      { current: PASSWORD, password: 'monsoon-ferry-77', repassword: 'monsoon-ferry-77' },
      { session },
    );
    expect(changed.status).toBe(200);
    expect((await call(meHandler, '/api/account/me', undefined, { session })).status).toBe(200);
    expect((await call(meHandler, '/api/account/me', undefined, { session: laptop })).status).toBe(401);
    expect((await signIn(details.email, PASSWORD)).status).toBe(401);
    expect((await signIn(details.email, 'monsoon-ferry-77')).status).toBe(200);
  });

  it('refuses a wrong current password (counted like a failed sign-in), a common one and a mismatch', async () => {
    const { session } = await signUp();
    const body = (current: string, password = 'monsoon-ferry-77', repassword = password) => ({
      current,
      password,
      repassword,
    });
    expect(
      await errorsOf(
        await call(passwordHandler, '/api/account/password', body(PASSWORD, 'password123'), { session }),
      ),
    ).toEqual(['This password is too common. Choose another.']);
    expect(
      await errorsOf(
        await call(
          passwordHandler,
          '/api/account/password',
          body(PASSWORD, 'monsoon-ferry-77', 'monsoon-ferry-78'),
          { session },
        ),
      ),
    ).toEqual(['Passwords do not match.']);
    for (let i = 0; i < FREE_FAILURES; i += 1) {
      const wrong = await call(passwordHandler, '/api/account/password', body(`wrong-guess-${i}`), {
        session,
      });
      expect(await errorsOf(wrong)).toEqual(['Your current password is wrong.']);
    }
    // Past the free failures the account waits, as after wrong sign-ins.
    const limited = await call(passwordHandler, '/api/account/password', body('wrong-guess-last'), {
      session,
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
    const evenRight = await call(passwordHandler, '/api/account/password', body(PASSWORD), { session });
    expect(evenRight.status).toBe(429);
  });
});

describe('signed-in devices (DECISIONS 62)', () => {
  it('lists each device in words, this one first, and signs one or all others out', async () => {
    const { details, session } = await signUp();
    const laptop = sessionOf(await signIn(details.email, PASSWORD, LAPTOP))!;
    const tablet = sessionOf(await signIn(details.email, PASSWORD, ''))!;
    const devices = (await (
      await call(sessionsHandler, '/api/account/sessions', undefined, { session })
    ).json()) as {
      id: string;
      device: string;
      current: boolean;
    }[];
    expect(devices[0]).toMatchObject({ device: 'Chrome on Android', current: true });
    expect(
      devices
        .slice(1)
        .map((each) => [each.device, each.current])
        .sort(),
    ).toEqual([
      ['An unknown browser', false],
      ['Microsoft Edge on Windows', false],
    ]);
    // No session key nor token in the list.
    expect(JSON.stringify(devices)).not.toContain(laptop);

    const edge = devices.find((each) => each.device.startsWith('Microsoft Edge'))!;
    const revoked = await call(
      revokeHandler,
      `/api/account/sessions/${edge.id}/revoke`,
      {},
      { session, params: { id: edge.id } },
    );
    expect(revoked.status).toBe(204);
    expect((await call(meHandler, '/api/account/me', undefined, { session: laptop })).status).toBe(401);
    expect((await call(meHandler, '/api/account/me', undefined, { session: tablet })).status).toBe(200);
    const again = await call(
      revokeHandler,
      `/api/account/sessions/${edge.id}/revoke`,
      {},
      { session, params: { id: edge.id } },
    );
    expect(again.status).toBe(404);
    expect(await errorsOf(again)).toEqual(['That device is no longer signed in.']);

    const others = await call(
      revokeHandler,
      '/api/account/sessions/others/revoke',
      {},
      { session, params: { id: 'others' } },
    );
    expect(others.status).toBe(204);
    expect((await call(meHandler, '/api/account/me', undefined, { session: tablet })).status).toBe(401);
    expect((await call(meHandler, '/api/account/me', undefined, { session })).status).toBe(200);
  });

  it("cannot name another account's device", async () => {
    const mine = await signUp();
    const theirs = await signUp();
    const [device] = (await (
      await call(sessionsHandler, '/api/account/sessions', undefined, { session: theirs.session })
    ).json()) as {
      id: string;
    }[];
    const response = await call(
      revokeHandler,
      `/api/account/sessions/${device!.id}/revoke`,
      {},
      {
        session: mine.session,
        params: { id: device!.id },
      },
    );
    expect(response.status).toBe(404);
    expect((await call(meHandler, '/api/account/me', undefined, { session: theirs.session })).status).toBe(
      200,
    );
  });
});

const checkoutDeps = (): CheckoutDeps => ({
  mail: { queue: async () => {} },
  now: () => new Date(),
  siteUrl: 'https://sis.example',
});

/** A paid order of one course for `userId`, invoiced to `billingName`. */
async function paidOrder(userId: string, billingName: string) {
  await addToCart(userId, courses[0]!.id);
  const { orderNo } = await paidCheckout(userId, `key-${userId}`, checkoutDeps(), {
    name: billingName,
    country: 'IN',
    state: '27',
  });
  return orderNo;
}

describe('download my data (DECISIONS 63)', () => {
  it('is one JSON file, in words, with the order and its invoice and nothing secret or of others', async () => {
    const { session, userId, details } = await signUp();
    const orderNo = await paidOrder(userId, 'Menon Analytics');
    const buyer = await signUp();
    const batch = await storedBatch();
    // Named by someone else on their booking, beside a colleague.
    await storedEnrolment(
      batch,
      { userId: buyer.userId, name: 'Buyer', email: buyer.details.email },
      {
        seats: 2,
        attendees: [
          { name: 'Kavya Menon', email: details.email },
          { name: 'Colleague Other', email: 'colleague.other@example.in' },
        ],
      },
    );
    await sendLead(details.email, 'Please call me about the AWS batch.');
    await sendLead('someone.else@example.in', 'Not theirs.');
    const response = await call(dataHandler, '/api/account/data', undefined, { session });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await response.text();
    const data = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(data)).toEqual([
      'About this file',
      'Made at',
      'Profile',
      'Signed in devices',
      'Cart',
      'Orders',
      'Enrolments you bought',
      'Courses you are named on',
      'Messages you sent us',
      'Notices you were shown',
    ]);
    expect(data['Messages you sent us']).toEqual([
      expect.objectContaining({ Form: 'Contact form', Message: 'Please call me about the AWS batch.' }),
    ]);
    // Only the contact form's: this sign-up and checkout named no notice (an old client's call).
    expect(data['Notices you were shown']).toEqual([
      { Form: 'Contact form', Version: NOTICES.contact.version, At: expect.stringMatching(/\+05:30$/) },
    ]);
    expect(text).not.toContain('Not theirs.');
    expect(data['Profile']).toMatchObject({ 'User ID': userId, Name: 'Kavya Menon', Email: details.email });
    expect(text).toContain(orderNo);
    expect(text).toContain('Menon Analytics');
    expect(data['Made at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/);
    expect(data['Courses you are named on']).toEqual([
      expect.objectContaining({ 'You are named as': [{ Name: 'Kavya Menon', Email: details.email }] }),
    ]);
    // Never a hash, a token, another person's data.
    expect(text).not.toMatch(/scrypt|passwordHash|Password hash|userkey|token/i);
    expect(text).not.toContain(session);
    expect(text).not.toContain('colleague.other@example.in');
    expect(text).not.toContain(buyer.details.email);
  });
});

describe('delete my account (DECISIONS 63)', () => {
  it('refuses without DELETE or with a wrong password, and erases nothing', async () => {
    const { session, userId } = await signUp();
    const noWord = await call(
      deleteHandler,
      '/api/account/delete',
      { password: PASSWORD, confirm: 'delete' },
      { session },
    );
    expect(await errorsOf(noWord)).toEqual(['Type DELETE in capitals to confirm.']);
    const wrong = await call(
      deleteHandler,
      '/api/account/delete',
      { password: 'not-my-password', confirm: 'DELETE' },
      { session },
    );
    expect(await errorsOf(wrong)).toEqual(['Your current password is wrong.']);
    expect(await getUser(userId)).toBeDefined();
    expect((await call(meHandler, '/api/account/me', undefined, { session })).status).toBe(200);
  });

  it('erases the account and keeps exactly the tax records; the address signs up again', async () => {
    const { session, userId, details } = await signUp();
    const laptop = sessionOf(await signIn(details.email, PASSWORD))!;
    const orderNo = await paidOrder(userId, 'Kavya Menon Consulting');
    await addToCart(userId, courses[1]!.id);
    const buyer = await signUp();
    const batch = await storedBatch();
    const booking = await storedEnrolment(
      batch,
      { userId: buyer.userId, name: 'Buyer', email: buyer.details.email },
      {
        seats: 2,
        attendees: [
          { name: 'Kavya Menon', email: details.email.toUpperCase() },
          { name: 'Ira Shah', email: 'ira.shah@example.in' },
        ],
      },
    );

    await sendLead(details.email, 'Erase me with my account.');
    const [leadId] = await leadIdsFromEmail(details.email);
    const response = await call(
      deleteHandler,
      '/api/account/delete',
      { password: PASSWORD, confirm: 'DELETE' },
      { session },
    );
    expect(response.status).toBe(204);
    // The lead sent from their address: erased, with who and why, nothing it said.
    const lead = await getStoredContactMessage(leadId!);
    expect(lead).toMatchObject({ erased: { by: 'the customer', reason: 'They deleted their account.' } });
    expect(JSON.stringify(lead)).not.toContain('Erase me');
    expect(response.headers.getSetCookie().join(';')).toMatch(/session=;.*Max-Age=0/i);
    // Every session ended; the profile and the cart erased.
    for (const each of [session, laptop])
      expect((await call(meHandler, '/api/account/me', undefined, { session: each })).status).toBe(401);
    expect(await getUser(userId)).toBeUndefined();
    expect((await getCart(userId)).courseIds).toEqual([]);
    // Their attendee entry on another's booking erased; the colleague's kept.
    expect((await getEnrolment(booking.orderNo, booking.courseId))?.attendees).toEqual([
      { name: 'Ira Shah', email: 'ira.shah@example.in' },
    ]);
    // The order and its invoice kept as issued, with why.
    const order = await getOrder(orderNo);
    expect(order?.invoice?.billing?.name ?? order?.billing?.name).toBe('Kavya Menon Consulting');
    const closed = await getClosedAccount(userId);
    expect(closed).toMatchObject({
      userId,
      kept: [
        { records: 'orders with their invoices', count: 1, why: expect.stringContaining('CGST Act s.36') },
        { records: 'payment records', count: 1, why: expect.stringContaining('CGST Act s.36') },
      ],
    });
    expect(JSON.stringify(closed)).not.toContain(details.email);
    // The closing mail.
    const mail = await getQueuedMail(`account-closed-${userId}`);
    expect(mail?.to).toEqual([details.email]);
    expect(mail?.text).toContain('orders with their invoices');
    // Staff see a closed account, without its contact details.
    const page = await listCustomers({ q: undefined, cursor: undefined }, new Date());
    const row = page.items.find((each) => each.userid === userId);
    expect(row).toMatchObject({ name: '', email: '', mobile: '', orders: 1, closedAt: expect.any(String) });
    // The same e-mail and mobile sign up again, as a new account.
    const again = await signUp({ email: details.email, mobile: details.mobile });
    expect(again.userId).not.toBe(userId);
    expect((await signIn(details.mobile, PASSWORD)).status).toBe(200);
  });
});
