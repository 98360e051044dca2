/**
 * `POST /api/console/exchange-rates` over HTTP (API.md, Company console; DECISIONS 47, 53): staff
 * record a day's rupees per US dollar with who and when; to anyone else the address does not
 * exist; bad input is a 400 with one sentence per refusal and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ExchangeRateEntrySchema } from '~/lib/shared/schemas/exchange-rate';
import { resetServerEnv } from '~/server/env';
import { exchangeRateHistory } from '~/server/storage/exchange-rates';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';
import { browserHeaders } from '../../support/browser-headers';
import { functionRouter, type FunctionRouter } from '../../support/function-router';
import { newSignedInPerson } from '../../support/people';

const STAFF_EMAIL = 'rates-accounts@example.com';
const PATH = '/api/console/exchange-rates';
let router: FunctionRouter;
let blobs: RunningBlobsServer;
let staff: Awaited<ReturnType<typeof newSignedInPerson>>;
let ip = 0;

async function post(body: unknown, session?: string, method = 'POST') {
  return router.fetch(
    new Request(`http://localhost${PATH}`, {
      method,
      headers: {
        ...(await browserHeaders(session)),
        'content-type': 'application/json',
        'x-nf-client-connection-ip': `198.51.100.${(ip = (ip % 250) + 1)}`,
      },
      ...(method === 'GET' ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    }),
  );
}

beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  process.env['STAFF_EMAILS'] = STAFF_EMAIL;
  resetServerEnv();
  blobs = await startBlobsServer();
  router = await functionRouter();
  staff = await newSignedInPerson({ email: STAFF_EMAIL, name: 'Asha Kulkarni', staff: true });
});
afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env['STAFF_EMAILS'];
  resetServerEnv();
  await blobs.stop();
});

describe('POST /api/console/exchange-rates', () => {
  it("records staff's rate of a day with who and when, and answers it", async () => {
    const before = Date.now();
    const answer = await post(
      { date: '2026-09-15', usdInr: 83.4521, source: ' RBI reference rate ' },
      staff.session,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const entry = ExchangeRateEntrySchema.parse(await answer.json());
    expect(entry).toEqual({
      date: '2026-09-15',
      usdInr: 83.4521,
      source: 'RBI reference rate',
      enteredBy: `Asha Kulkarni <${STAFF_EMAIL}>`,
      enteredAt: entry.enteredAt,
    });
    expect(Date.parse(entry.enteredAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await exchangeRateHistory('2026-09-15')).toEqual([entry]);
  });

  it('is an address that does not exist to anyone but staff, and stores nothing for them', async () => {
    const customer = await newSignedInPerson({});
    // Staff are told the method is wrong; anyone else, whatever the method, that nothing is here.
    expect((await post({}, staff.session, 'GET')).status).toBe(405);
    for (const session of [undefined, customer.session, 'x'.repeat(43)]) {
      for (const method of ['POST', 'GET']) {
        const answer = await post({ date: '2026-09-20', usdInr: 84, source: 'Bank' }, session, method);
        expect(answer.status, `${method} ${session}`).toBe(404);
        expect(await answer.json()).toEqual({ errors: ['There is no such API address.'] });
      }
    }
    expect(await exchangeRateHistory('2026-09-20')).toEqual([]);
  });

  it('refuses bad input with a sentence for each refusal, and stores nothing', async () => {
    const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const cases: [unknown, string[]][] = [
      [
        { date: '2026-02-30', usdInr: 0, source: '' },
        [
          'Enter a date that exists, from 2000-01-01 to 2099-12-31.',
          'The rate must be between 10 and 1000 rupees per US dollar.',
          'Say where the rate comes from, such as "RBI reference rate".',
        ],
      ],
      [
        { date: tomorrow, usdInr: 83.45215, source: 'RBI\u202Erate' },
        [
          'The date cannot be in the future: enter the rate of a day that has begun in India.',
          'The rate can have at most 4 decimals.',
          'The source can only contain letters, digits, spaces and punctuation.',
        ],
      ],
      [
        { date: '2026-09-21', usdInr: '83.5', source: 'x'.repeat(101) },
        [
          'Enter the rate as a number of rupees per US dollar, such as 83.4521.',
          'The source is too long (100 characters at most).',
        ],
      ],
      [{ usdInr: 83.5, source: 'Bank' }, ['Date is required.']],
      ['not json', ['The request body must be JSON.']],
      [[], ['The request must be a JSON object.']],
    ];
    for (const [body, errors] of cases) {
      const answer = await post(body, staff.session);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(await answer.json(), JSON.stringify(body)).toEqual({ errors });
    }
    for (const day of ['2026-02-30', tomorrow, '2026-09-21'])
      expect(await exchangeRateHistory(day), day).toEqual([]);
  });
});
