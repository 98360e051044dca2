/**
 * My courses over HTTP (API.md, Students; DECISIONS 55-56): the list, naming attendees and the
 * calendar file, through Netlify's routing, the session and XSRF checks, with mail to the outbox.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_HINTS } from '~/lib/shared/schemas/account';
import { BATCH_HINTS, EnrolmentsSchema, EnrolmentSchema } from '~/lib/shared/schemas/batch';
import { openStore } from '~/server/storage/blob-store';
import type { BatchRecord } from '~/server/storage/batches';
import type { EnrolmentRecord } from '~/server/storage/enrolments';
import { OutboxMailSchema } from '~/server/storage/outbox';
import { addRefund } from '~/server/storage/refunds';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';
import { browserHeaders } from '../../support/browser-headers';
import { storedBatch, storedEnrolment } from '../../support/enrolments';
import { functionRouter, type FunctionRouter } from '../../support/function-router';
import { parseIcs } from '../../support/ics';
import { newSignedInPerson } from '../../support/people';

let router: FunctionRouter;
let blobs: RunningBlobsServer;

type Person = Awaited<ReturnType<typeof newSignedInPerson>>;

/** Calls the API as the site's pages do: XSRF cookie and header, the session when given. */
async function call(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { session?: string | undefined; body?: unknown; xsrf?: boolean } = {},
) {
  const headers: Record<string, string> =
    options.xsrf === false
      ? options.session
        ? { cookie: `session=${options.session}` }
        : {}
      : await browserHeaders(options.session);
  return router.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    }),
  );
}

/** E-mails in the local outbox whose idempotency key starts with `prefix`, by recipient. */
async function outboxTo(prefix: string): Promise<string[]> {
  const outbox = openStore('outbox');
  const mails = await Promise.all(
    (await outbox.list(`mails/${prefix}`)).map((key) => outbox.get(key, OutboxMailSchema)),
  );
  return mails.flatMap((mail) => mail?.to ?? []).sort();
}

let buyer: Person;
let ravi: Person;
let stranger: Person;
let batch: BatchRecord;
let enrolment: EnrolmentRecord;
let attendeesPath: string;
let calendarPath: string;

beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  blobs = await startBlobsServer();
  router = await functionRouter();
  buyer = await newSignedInPerson({ name: 'Meera Joshi' });
  ravi = await newSignedInPerson({ name: 'Ravi Patil' });
  stranger = await newSignedInPerson();
  batch = await storedBatch({ joinUrl: 'https://meet.example.com/devops' });
  enrolment = await storedEnrolment(batch, buyer, { seats: 3 });
  attendeesPath = `/api/me/courses/${enrolment.orderNo}/${enrolment.courseId}/attendees`;
  calendarPath = `/api/me/courses/${enrolment.orderNo}/${enrolment.courseId}/calendar.ics`;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await blobs.stop();
});

describe('GET /api/me/courses', () => {
  it('lists the buyer’s enrolments with the batch and its joining link, and nothing of anyone else’s', async () => {
    const response = await call('GET', '/api/me/courses', { session: buyer.session });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [item, ...rest] = EnrolmentsSchema.parse(await response.json());
    expect(rest).toEqual([]);
    expect(item).toEqual({
      orderNo: enrolment.orderNo,
      course: { id: 3, name: 'DevOps with AWS' },
      batch: {
        id: batch.id,
        courseId: 3,
        startsOn: '2026-12-07',
        schedule: 'Mon-Thu 19:00-21:00 IST',
        sessions: 16,
        trainer: 'Asha Kulkarni',
        seats: 20,
        seatsLeft: 20,
        joinUrl: 'https://meet.example.com/devops',
      },
      seats: 3,
      attendees: [],
      role: 'buyer',
      // A buyer of several seats who has not said whether they attend (issue 42, item 6).
      buyerAttends: null,
    });
    expect(EnrolmentsSchema.parse(await (await call('GET', '/api/me/courses', stranger)).json())).toEqual([]);
    expect((await call('GET', '/api/me/courses')).status).toBe(401);
  });
});

describe('POST /api/me/courses/{orderNo}/{courseId}/attendees', () => {
  it('refuses more attendees than seats, an address twice and a bad address, with a sentence, storing nothing', async () => {
    const four = ['a', 'b', 'c', 'd'].map((letter) => ({
      name: `Person ${letter}`,
      email: `${letter}@example.com`,
    }));
    const cases: [unknown, string][] = [
      [four, BATCH_HINTS.tooManyAttendees],
      [
        [
          { name: 'Ravi Patil', email: 'ravi@example.com' },
          { name: 'Ravi Again', email: 'RAVI@example.com' },
        ],
        BATCH_HINTS.duplicateAttendee,
      ],
    ];
    for (const [body, sentence] of cases) {
      const response = await call('POST', attendeesPath, { session: buyer.session, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ errors: [sentence] });
    }
    const bad = await call('POST', attendeesPath, {
      session: buyer.session,
      body: [{ name: 'Ravi Patil', email: 'not an address' }],
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ errors: [ACCOUNT_HINTS.email] });
    const [item] = EnrolmentsSchema.parse(await (await call('GET', '/api/me/courses', buyer)).json());
    expect(item!.attendees).toEqual([]);
  });

  it('is the buyer’s only: 404 for another person, an attendee, an unknown order or course; 403 without the XSRF token', async () => {
    const body = [{ name: 'Ravi Patil', email: ravi.email }];
    for (const path of [
      attendeesPath,
      `/api/me/courses/SIS-2627-999999/${enrolment.courseId}/attendees`,
      `/api/me/courses/${enrolment.orderNo}/4/attendees`,
      `/api/me/courses/${enrolment.orderNo}/abc/attendees`,
    ]) {
      const response = await call('POST', path, { session: stranger.session, body });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ errors: ['We could not find that course among yours.'] });
    }
    expect((await call('POST', attendeesPath, { session: buyer.session, body, xsrf: false })).status).toBe(
      403,
    );
    expect((await call('POST', attendeesPath, { body })).status).toBe(401);
    expect((await call('GET', attendeesPath, { session: buyer.session })).status).toBe(405);
  });

  it('names the attendees, mails each new one once, and each sees the batch in their own My courses', async () => {
    const first = [
      { name: 'Ravi Patil', email: ravi.email.toUpperCase() },
      { name: 'Sana Shaikh', email: 'sana@example.com' },
    ];
    const response = await call('POST', attendeesPath, { session: buyer.session, body: first });
    expect(response.status).toBe(200);
    const named = EnrolmentSchema.parse(await response.json());
    expect(named.attendees).toEqual([
      { name: 'Ravi Patil', email: ravi.email },
      { name: 'Sana Shaikh', email: 'sana@example.com' },
    ]);
    const prefix = `enrolment-${enrolment.orderNo}-${enrolment.courseId}-to-`;
    expect(await outboxTo(prefix)).toEqual([ravi.email, 'sana@example.com'].sort());

    // Sana replaced by Kiran: only Kiran is mailed; the same list again mails nobody.
    const second = [first[0]!, { name: 'Kiran Rao', email: 'kiran@example.com' }];
    for (let run = 0; run < 2; run += 1) {
      expect((await call('POST', attendeesPath, { session: buyer.session, body: second })).status).toBe(200);
    }
    expect(await outboxTo(prefix)).toEqual(['kiran@example.com', ravi.email, 'sana@example.com'].sort());

    // Ravi, signed in with that address, sees it as an attendee, and only himself among them.
    const [seen] = EnrolmentsSchema.parse(await (await call('GET', '/api/me/courses', ravi)).json());
    expect(seen).toMatchObject({
      orderNo: enrolment.orderNo,
      role: 'attendee',
      attendees: [{ name: 'Ravi Patil', email: ravi.email }],
      batch: { joinUrl: 'https://meet.example.com/devops' },
    });
    // He may not change the list.
    expect((await call('POST', attendeesPath, { session: ravi.session, body: [] })).status).toBe(404);
  });
});

describe('the attendee cap (DECISIONS 59; API.md, Students)', () => {
  const person = (letter: string) => ({
    name: `Person ${letter.toUpperCase()}`,
    email: `${letter}@example.org`,
  });

  it('sends at most 2 x seats invitations per enrolment, one named again after being taken off counting again; past that 429 with the sentence, storing and mailing nothing', async () => {
    const owner = await newSignedInPerson({ name: 'Anil Kumar' });
    const two = await storedEnrolment(batch, owner, { seats: 2 });
    const path = `/api/me/courses/${two.orderNo}/${two.courseId}/attendees`;
    const prefix = `enrolment-${two.orderNo}-${two.courseId}-to-`;
    const save = (body: unknown) => call('POST', path, { session: owner.session, body });
    // a, b, then c, d: four invitations, the cap of two seats. The buyer themselves is not counted.
    for (const list of [
      [person('a'), person('b')],
      [person('c'), person('b')],
      [person('c'), person('D')],
      [person('c'), { name: 'Anil Kumar', email: owner.email }],
    ])
      expect((await save(list)).status).toBe(200);
    expect(await outboxTo(prefix)).toEqual([
      'a@example.org',
      'b@example.org',
      'c@example.org',
      'd@example.org',
    ]);
    // Each one taken off was told, with a cancellation.
    expect(await outboxTo(`attendee-removed-${two.orderNo}-${two.courseId}-`)).toEqual([
      'a@example.org',
      'b@example.org',
      'd@example.org',
    ]);

    // a again: a fifth invitation (a was taken off, and told so).
    const refused = await save([person('a'), person('c')]);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      errors: ['You have changed the attendees of this course too often. Write to us to change them again.'],
    });
    expect(refused.headers.get('retry-after')).toBeNull();
    const [stored] = EnrolmentsSchema.parse(await (await call('GET', '/api/me/courses', owner)).json());
    expect(stored!.attendees.map((attendee) => attendee.email)).toEqual(['c@example.org', owner.email]);
    expect(await outboxTo(prefix)).toHaveLength(4);
  });

  it('holds when two saves race: together they never pass the cap', async () => {
    const owner = await newSignedInPerson();
    const one = await storedEnrolment(batch, owner, { seats: 1 });
    const path = `/api/me/courses/${one.orderNo}/${one.courseId}/attendees`;
    const save = (body: unknown) => call('POST', path, { session: owner.session, body });
    expect((await save([person('f')])).status).toBe(200);
    const statuses = await Promise.all([save([person('g')]), save([person('h')])]);
    expect(statuses.map((response) => response.status).sort()).toEqual([200, 429]);
    expect(await outboxTo(`enrolment-${one.orderNo}-${one.courseId}-to-`)).toHaveLength(2);
  });
});

describe('GET /api/me/courses/{orderNo}/{courseId}/calendar.ics', () => {
  it('gives the buyer and an attendee the batch’s sessions as a calendar file, and nobody else', async () => {
    await call('POST', attendeesPath, {
      session: buyer.session,
      body: [{ name: 'Ravi Patil', email: ravi.email }],
    });
    for (const person of [buyer, ravi]) {
      const response = await call('GET', calendarPath, person);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="devops-with-aws-${batch.id}.ics"`,
      );
      const calendar = parseIcs(await response.text());
      expect(calendar.events).toHaveLength(16);
      expect(calendar.events[0]!.start.toISOString()).toBe('2026-12-07T13:30:00.000Z');
      expect(calendar.events[0]!.zones).toEqual(['UTC', 'UTC']);
      expect(calendar.events[0]!.url).toBe('https://meet.example.com/devops');
    }
    expect((await call('GET', calendarPath, stranger)).status).toBe(404);
    expect((await call('GET', calendarPath)).status).toBe(401);
  });

  it('keeps a refunded enrolment listed as refunded, with its credit note, no joining link, no calendar and no attendees to change', async () => {
    const refunded = await storedEnrolment(batch, stranger, {
      cancelledAt: '2026-11-30T00:00:00.000Z',
      creditNoteNo: 'SIS-CN2627-00007',
    });
    const listed = EnrolmentsSchema.parse(await (await call('GET', '/api/me/courses', stranger)).json());
    const item = listed.find((each) => each.orderNo === refunded.orderNo)!;
    expect(item.refunded).toEqual({ at: '2026-11-30T00:00:00.000Z', creditNoteNo: 'SIS-CN2627-00007' });
    expect(item.batch.joinUrl).toBeUndefined();
    expect(item.batch.id).toBe(batch.id);
    const path = `/api/me/courses/${refunded.orderNo}/${refunded.courseId}/calendar.ics`;
    expect((await call('GET', path, stranger)).status).toBe(404);
    const attendees = `/api/me/courses/${refunded.orderNo}/${refunded.courseId}/attendees`;
    expect((await call('POST', attendees, { session: stranger.session, body: [] })).status).toBe(404);
  });

  it('finds the credit note of a course refunded before enrolments noted it, in the order’s refunds', async () => {
    const owner = await newSignedInPerson();
    const earlier = await storedEnrolment(batch, owner, { cancelledAt: '2026-11-29T00:00:00.000Z' });
    const refund = {
      courseIds: [earlier.courseId],
      amountCents: 1000,
      currency: 'INR',
      reason: 'Asked for.',
      by: 'Staff <staff@example.com>',
      at: '2026-11-28T00:00:00.000Z',
      updatedAt: '2026-11-29T00:00:00.000Z',
    };
    await addRefund(earlier.orderNo, () => ({
      add: { ...refund, id: 'rf_failed', state: 'failed' },
    }));
    await addRefund(earlier.orderNo, () => ({
      add: { ...refund, id: 'rf_done', state: 'processed', creditNoteNo: 'SIS-CN2627-00009' },
    }));
    const [item] = EnrolmentsSchema.parse(await (await call('GET', '/api/me/courses', owner)).json());
    expect(item!.refunded).toEqual({ at: '2026-11-29T00:00:00.000Z', creditNoteNo: 'SIS-CN2627-00009' });
  });
});

describe('who attends (issue 42, item 6)', () => {
  const listOf = async (person: Person) =>
    EnrolmentsSchema.parse(await (await call('GET', '/api/me/courses', person)).json());

  it('makes a one-seat buyer the attendee: listed as attending, nobody to name', async () => {
    const owner = await newSignedInPerson({ name: 'Asha Rane' });
    const one = await storedEnrolment(batch, owner, { seats: 1 });
    const item = (await listOf(owner)).find((each) => each.orderNo === one.orderNo)!;
    expect(item.buyerAttends).toBe(true);
    expect(item.attendees).toEqual([{ name: owner.name, email: owner.email, you: true }]);
  });

  it('asks a buyer of seats: yes puts them on a seat and mails them their joining details; no takes them off with a cancellation', async () => {
    const owner = await newSignedInPerson({ name: 'Nisha Kale' });
    const three = await storedEnrolment(batch, owner, { seats: 3 });
    const path = `/api/me/courses/${three.orderNo}/${three.courseId}/attendees`;
    const save = (body: unknown) => call('POST', path, { session: owner.session, body });
    const sana = { name: 'Sana Shaikh', email: 'sana.attends@example.com' };

    const yes = await save({ attendees: [sana], buyerAttends: true });
    expect(yes.status).toBe(200);
    const saved = EnrolmentSchema.parse(await yes.json());
    expect(saved.buyerAttends).toBe(true);
    expect(saved.attendees).toEqual([{ name: owner.name, email: owner.email, you: true }, sana]);
    expect(await outboxTo(`enrolment-${three.orderNo}-${three.courseId}-buyer-attends`)).toEqual([
      owner.email,
    ]);

    // Three people for three seats with the buyer: one too many.
    const tooMany = await save({
      attendees: [
        sana,
        { name: 'Kiran Rao', email: 'kiran.a@example.com' },
        { name: 'Om Pai', email: 'om@example.com' },
      ],
      buyerAttends: true,
    });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({ errors: [BATCH_HINTS.tooManyAttendees] });

    const no = EnrolmentSchema.parse(await (await save({ attendees: [sana], buyerAttends: false })).json());
    expect(no.buyerAttends).toBe(false);
    expect(no.attendees).toEqual([sana]);
    expect(await outboxTo(`attendee-removed-${three.orderNo}-${three.courseId}-`)).toEqual([owner.email]);
    // The answer alone (no one named yet) is kept too.
    const other = await storedEnrolment(batch, owner, { seats: 2 });
    const otherPath = `/api/me/courses/${other.orderNo}/${other.courseId}/attendees`;
    const answered = await call('POST', otherPath, {
      session: owner.session,
      body: { attendees: [], buyerAttends: false },
    });
    expect(EnrolmentSchema.parse(await answered.json()).buyerAttends).toBe(false);
  });

  it('mails an attendee taken off a cancellation with the invitation’s UIDs, STATUS:CANCELLED and a higher SEQUENCE, and invites them again when named again', async () => {
    const owner = await newSignedInPerson({ name: 'Leela Nair' });
    const two = await storedEnrolment(batch, owner, { seats: 2 });
    const path = `/api/me/courses/${two.orderNo}/${two.courseId}/attendees`;
    const save = (body: unknown) => call('POST', path, { session: owner.session, body });
    const omkar = { name: 'Omkar Joshi', email: 'omkar.removed@example.com' };
    const outbox = openStore('outbox');
    const mailOf = async (prefix: string) => {
      const [key] = await outbox.list(`mails/${prefix}`);
      return (await outbox.get(key!, OutboxMailSchema))!;
    };
    const icsOfMail = (mail: { attachments?: { contentBase64: string }[] | undefined }) =>
      parseIcs(Buffer.from(mail.attachments![0]!.contentBase64, 'base64').toString('utf8'));

    expect((await save([omkar])).status).toBe(200);
    const invitation = icsOfMail(await mailOf(`enrolment-${two.orderNo}-${two.courseId}-to-`));
    expect((await save([])).status).toBe(200);
    const removal = await mailOf(`attendee-removed-${two.orderNo}-${two.courseId}-`);
    expect(removal.to).toEqual([omkar.email]);
    expect(removal.subject).toBe('You no longer attend DevOps with AWS - Sahyadri Infotech');
    const cancellation = icsOfMail(removal);
    expect(cancellation.method).toBe('CANCEL');
    expect(cancellation.events.map((event) => event.uid)).toEqual(
      invitation.events.map((event) => event.uid),
    );
    for (const [index, event] of cancellation.events.entries()) {
      expect(event.status).toBe('CANCELLED');
      expect(event.sequence).toBeGreaterThan(invitation.events[index]!.sequence);
    }

    // Named again at once: a new invitation, which outranks the cancellation.
    expect((await save([omkar])).status).toBe(200);
    const invitations = await outboxTo(`enrolment-${two.orderNo}-${two.courseId}-to-`);
    expect(invitations).toEqual([omkar.email, omkar.email]);
    const again = (await outbox.list(`mails/enrolment-${two.orderNo}-${two.courseId}-to-`)).find((key) =>
      /-r\d+$/.test(key),
    );
    const renewed = icsOfMail((await outbox.get(again!, OutboxMailSchema))!);
    expect(renewed.events[0]!.sequence).toBeGreaterThan(cancellation.events[0]!.sequence);
  });
});
