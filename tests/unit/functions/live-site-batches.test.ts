/**
 * A site that is not a test site never invents a batch (DECISIONS 60): on a fresh store
 * with the test gateway off, the catalogue lists no batch, nothing is written, and a course with
 * no open batch sells no seat. Then staff add one, and it sells.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { CatalogueSchema } from '~/lib/shared/schemas/batch';
import { allBatches, BATCH_ERRORS, isTestSite } from '~/server/domain/shop/batches';
import { resetServerEnv } from '~/server/env';
import { listBatches, wereBatchesSeeded } from '~/server/storage/batches';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';
import { browserHeaders } from '../../support/browser-headers';
import { functionRouter, type FunctionRouter } from '../../support/function-router';
import { newSignedInPerson } from '../../support/people';

const STAFF_EMAIL = 'live-staff@example.com';
let router: FunctionRouter;
let blobs: RunningBlobsServer;
const saved = { TEST_GATEWAY: process.env['TEST_GATEWAY'], CONTEXT: process.env['CONTEXT'] };

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
  // The live site: no test gateway, the production deploy.
  process.env['TEST_GATEWAY'] = 'off';
  process.env['CONTEXT'] = 'production';
  process.env['STAFF_EMAILS'] = STAFF_EMAIL;
  resetServerEnv();
  blobs = await startBlobsServer();
  router = await functionRouter();
});
afterAll(async () => {
  vi.restoreAllMocks();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  delete process.env['STAFF_EMAILS'];
  resetServerEnv();
  await blobs.stop();
});

describe('a site that is not a test site (DECISIONS 60)', () => {
  it('lists no batch on a fresh store and writes none, however often it is read', async () => {
    expect(isTestSite()).toBe(false);
    for (let read = 0; read < 2; read += 1) {
      const response = await call('GET', '/api/courses');
      expect(response.status).toBe(200);
      const catalogue = CatalogueSchema.parse(await response.json());
      expect(catalogue.map((course) => course.id)).toEqual(courses.map((course) => course.id));
      expect(catalogue.every((course) => course.batches.length === 0)).toBe(true);
    }
    expect(await allBatches(new Date())).toEqual([]);
    expect(await listBatches()).toEqual([]);
    expect(await wereBatchesSeeded()).toBe(false);
  });

  it('sells no seat of a course with no open batch: Add to cart answers 400 with a sentence', async () => {
    const buyer = await newSignedInPerson();
    const response = await call('POST', `/api/Cart/addtocart/sispl,3,${buyer.userId}`, buyer);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [BATCH_ERRORS.noOpenBatch] });
    const cart = await call('GET', `/api/Cart/GetCoursesByUserForCart/sispl,${buyer.userId}`, buyer);
    expect(await cart.json()).toEqual([]);
  });

  it('sells the batch staff add, and only that one', async () => {
    const staff = await newSignedInPerson({ email: STAFF_EMAIL, staff: true });
    const created = await call('POST', '/api/console/batches', staff, {
      courseId: 3,
      startsOn: '2099-01-05',
      schedule: 'Mon-Thu 19:00-21:00 IST',
      sessions: 16,
      trainer: 'Asha Kulkarni',
      seats: 10,
    });
    expect(created.status).toBe(201);
    const catalogue = CatalogueSchema.parse(await (await call('GET', '/api/courses')).json());
    expect(catalogue.flatMap((course) => course.batches).map((batch) => batch.courseId)).toEqual([3]);
    const buyer = await newSignedInPerson();
    expect((await call('POST', `/api/Cart/addtocart/sispl,3,${buyer.userId}`, buyer)).status).toBe(200);
    expect((await call('POST', `/api/Cart/addtocart/sispl,4,${buyer.userId}`, buyer)).status).toBe(400);
  });
});
