/**
 * The console's batches (issue 31; API.md console batches) and each order row's batch and seats,
 * through Netlify's routing as the browser calls them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BATCH_HINTS, BatchWithLinkSchema } from '~/lib/shared/schemas/batch';
import { OrderPageSchema } from '~/lib/shared/schemas/console';
import { resetServerEnv } from '~/server/env';
import { openStore } from '~/server/storage/blob-store';
import { OutboxMailSchema } from '~/server/storage/outbox';
import { takeSeats } from '~/server/storage/batches';
import { BATCH_ERRORS } from '~/server/domain/shop/batches';
import { z } from 'zod';
import { browserHeaders } from '../../support/browser-headers';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';
import { functionRouter, type FunctionRouter } from '../../support/function-router';
import { newSignedInPerson } from '../../support/people';
import { payOnTestGateway } from '../../support/test-gateway';

const STAFF_EMAIL = 'batches-staff@example.com';
let router: FunctionRouter;
let blobs: RunningBlobsServer;
let staff: { session: string };

async function call(method: 'GET' | 'POST', path: string, who?: { session: string }, body?: unknown) {
  return router.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { ...(await browserHeaders(who?.session)), 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  process.env['STAFF_EMAILS'] = STAFF_EMAIL;
  resetServerEnv();
  blobs = await startBlobsServer();
  router = await functionRouter();
  staff = await newSignedInPerson({ email: STAFF_EMAIL, name: 'Anita Kulkarni', staff: true });
});
afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env['STAFF_EMAILS'];
  resetServerEnv();
  await blobs.stop();
});

/** Recipients of the e-mails in the local outbox whose idempotency key starts with `prefix`. */
async function outboxTo(prefix: string): Promise<string[]> {
  const outbox = openStore('outbox');
  const mails = await Promise.all(
    (await outbox.list(`mails/${prefix}`)).map((key) => outbox.get(key, OutboxMailSchema)),
  );
  return mails.flatMap((mail) => mail?.to ?? []).sort();
}

const ItemsSchema = z.object({ items: z.array(BatchWithLinkSchema) });
const input = {
  courseId: 4,
  startsOn: '2099-03-07',
  schedule: 'Sat,Sun 10:00-13:00 IST',
  sessions: 8,
  trainer: 'Farah Shaikh',
  seats: 12,
};

describe('/api/console/batches', () => {
  it('is an address that does not exist to anyone but staff', async () => {
    const customer = await newSignedInPerson();
    for (const who of [undefined, customer]) {
      expect((await call('GET', '/api/console/batches', who)).status).toBe(404);
      expect((await call('POST', '/api/console/batches', who, input)).status).toBe(404);
    }
  });

  it('lists every batch with its link, adds one (201) and changes one (200)', async () => {
    const listed = ItemsSchema.parse(await (await call('GET', '/api/console/batches', staff)).json());
    // A fresh site: the seed batches, two per course.
    expect(listed.items).toHaveLength(18);

    const created = await call('POST', '/api/console/batches', staff, input);
    expect(created.status).toBe(201);
    const batch = BatchWithLinkSchema.parse(await created.json());
    expect(batch).toMatchObject({ ...input, seatsLeft: 12 });
    expect(batch).not.toHaveProperty('joinUrl');

    const link = 'https://meet.example.com/sis-batch';
    const changed = await call('POST', `/api/console/batches/${batch.id}`, staff, {
      ...input,
      joinUrl: link,
    });
    expect(changed.status).toBe(200);
    expect(BatchWithLinkSchema.parse(await changed.json())).toMatchObject({ id: batch.id, joinUrl: link });
    const after = ItemsSchema.parse(await (await call('GET', '/api/console/batches', staff)).json());
    expect(after.items).toHaveLength(19);
    expect(after.items.find((each) => each.id === batch.id)?.joinUrl).toBe(link);
    // The public catalogue never carries the link.
    expect(await (await call('GET', '/api/courses')).text()).not.toContain('meet.example.com');
  });

  it('answers 400 with sentences and stores nothing for bad input; 404 for an unknown batch', async () => {
    const bad = await call('POST', '/api/console/batches', staff, {
      ...input,
      schedule: 'weekends',
      joinUrl: 'http://meet.example.com',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: string[] }).errors).toEqual([
      BATCH_HINTS.schedule,
      BATCH_HINTS.joinUrl,
    ]);
    const listed = ItemsSchema.parse(await (await call('GET', '/api/console/batches', staff)).json());
    expect(listed.items.some((each) => each.schedule === 'weekends')).toBe(false);
    // A joining link that tries to add lines to every calendar file (DECISIONS 59).
    const injected = 'https://meet.example.com/x\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Free';
    const refused = await call('POST', '/api/console/batches', staff, { ...input, joinUrl: injected });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ errors: [BATCH_HINTS.joinUrlSpaces] });
    const unchanged = ItemsSchema.parse(await (await call('GET', '/api/console/batches', staff)).json());
    expect(unchanged.items).toHaveLength(listed.items.length);
    expect((await call('POST', '/api/console/batches/b-none', staff, input)).status).toBe(404);
    expect((await call('GET', '/api/console/batches/b-none', staff)).status).toBe(404);
  });
});

describe('a batch’s sold seats never move (DECISIONS 60)', () => {
  it('refuses another course, fewer seats than taken and a start in the past, each 400 with a sentence, storing nothing', async () => {
    const created = await call('POST', '/api/console/batches', staff, { ...input, startsOn: '2099-04-04' });
    const batch = BatchWithLinkSchema.parse(await created.json());
    // A payment being settled holds its seats as a claim, as a placed order does.
    expect(await takeSeats(batch.id, 'order_being_settled', 2)).toBe('taken');
    const cases: [Partial<typeof input>, string][] = [
      [{ courseId: 5 }, BATCH_ERRORS.courseOfTakenBatch],
      [{ seats: 1 }, BATCH_ERRORS.fewerSeatsThanTaken(2)],
      [{ startsOn: '2020-01-04' }, BATCH_ERRORS.startInPast],
    ];
    for (const [change, sentence] of cases) {
      const response = await call('POST', `/api/console/batches/${batch.id}`, staff, {
        ...input,
        startsOn: '2099-04-04',
        ...change,
      });
      expect(response.status, sentence).toBe(400);
      expect(await response.json()).toEqual({ errors: [sentence] });
    }
    const listed = ItemsSchema.parse(await (await call('GET', '/api/console/batches', staff)).json());
    expect(listed.items.find((each) => each.id === batch.id)).toMatchObject({
      courseId: 4,
      seats: 12,
      seatsLeft: 10,
      startsOn: '2099-04-04',
    });
    // Its dates may move forward; two seats stay taken.
    const moved = await call('POST', `/api/console/batches/${batch.id}`, staff, {
      ...input,
      startsOn: '2099-04-11',
    });
    expect(moved.status).toBe(200);
    expect(BatchWithLinkSchema.parse(await moved.json())).toMatchObject({
      startsOn: '2099-04-11',
      seatsLeft: 10,
    });
  });
});

describe('console order rows (issue 31)', () => {
  it("carry each line's batch and seats", async () => {
    const created = await call('POST', '/api/console/batches', staff, { ...input, startsOn: '2099-03-14' });
    const batch = BatchWithLinkSchema.parse(await created.json());
    const buyer = await newSignedInPerson();
    const added = await call(
      'POST',
      `/api/Cart/addtocart/sispl,4,${buyer.userId}?batch=${batch.id}&seats=2`,
      buyer,
    );
    expect(added.status).toBe(200);
    const paid = await payOnTestGateway((request) => router.fetch(request), 'http://localhost', {
      userId: buyer.userId,
      headers: await browserHeaders(buyer.session),
      billing: { name: 'Priya Deshmukh', country: 'IN', state: '27' },
    });
    const page = OrderPageSchema.parse(
      await (await call('GET', `/api/console/orders?q=${paid.orderNo}`, staff)).json(),
    );
    expect(page.items[0]!.lines).toEqual([
      expect.objectContaining({
        courseId: 4,
        seats: 2,
        batch: { id: batch.id, startsOn: '2099-03-14', schedule: input.schedule },
      }),
    ]);
    expect(page.items[0]!.lines[0]!.price).toBe(page.items[0]!.totals.total);

    // Staff set the joining link: the enrolled buyer is told once, however often it is saved.
    const link = { ...input, startsOn: '2099-03-14', joinUrl: 'https://meet.example.com/sis-0314' };
    for (let save = 0; save < 2; save += 1)
      expect((await call('POST', `/api/console/batches/${batch.id}`, staff, link)).status).toBe(200);
    expect(await outboxTo(`batch-change-${batch.id}-`)).toEqual([buyer.email]);
  });

  it('addtocart answers 400 with a sentence for a bad seat count', async () => {
    const buyer = await newSignedInPerson();
    const response = await call('POST', `/api/Cart/addtocart/sispl,4,${buyer.userId}?seats=25`, buyer);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: string[] }).errors).toEqual([BATCH_HINTS.seatsPerOrder]);
  });
});
