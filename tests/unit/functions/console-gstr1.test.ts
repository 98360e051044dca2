/**
 * The console's GSTR-1 month (issue 29, item 8; API.md): the summary and each table's CSV, staff
 * only, for a month of an INR Maharashtra order, a GSTIN order, a USD export (test gateway rate)
 * and a refund: every file has its template's headings, and its totals equal the summary's.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { indianDay } from '~/lib/shared/dates';
import type { BillingInput } from '~/lib/shared/schemas/billing';
import { GSTR1_HEADINGS, GSTR1_TABLES, type Gstr1Summary } from '~/server/domain/console/gstr1';
import { resetServerEnv } from '~/server/env';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';
import { browserHeaders } from '../../support/browser-headers';
import { functionRouter, type FunctionRouter } from '../../support/function-router';
import { newSignedInPerson } from '../../support/people';
import { payOnTestGateway } from '../../support/test-gateway';

const STAFF_EMAIL = 'gst-accounts@example.com';
let router: FunctionRouter;
let blobs: RunningBlobsServer;
let ip = 0;

async function call(
  method: 'GET' | 'POST',
  path: string,
  options: { session?: string | undefined; body?: unknown; headers?: Record<string, string> } = {},
) {
  return router.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: {
        ...(await browserHeaders(options.session)),
        'content-type': 'application/json',
        'x-nf-client-connection-ip': `198.51.100.${(ip = (ip % 250) + 1)}`,
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    }),
  );
}

async function buy(courseIds: number[], billing: BillingInput) {
  const user = await newSignedInPerson({});
  for (const id of courseIds) await call('POST', `/api/Cart/addtocart/sispl,${id},${user.userId}`, user);
  const paid = await payOnTestGateway((request) => router.fetch(request), 'http://localhost', {
    userId: user.userId,
    headers: await browserHeaders(user.session),
    billing,
  });
  return paid.orderNo!;
}

/** A CSV's rows (BOM dropped; no cell here holds a comma or a quote), headings first. */
const rowsOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
const paise = (cell: string | undefined) => Math.round(Number(cell ?? 0) * 100);
/** The sum of a column's cells, in paise. */
function columnPaise(rows: string[][], heading: string): number {
  const index = rows[0]!.indexOf(heading);
  expect(index, heading).toBeGreaterThanOrEqual(0);
  return rows.slice(1).reduce((sum, row) => sum + paise(row[index]), 0);
}

let staff: Awaited<ReturnType<typeof newSignedInPerson>>;
const month = indianDay(new Date()).slice(0, 7);
beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  process.env['STAFF_EMAILS'] = STAFF_EMAIL;
  resetServerEnv();
  blobs = await startBlobsServer();
  router = await functionRouter();
  staff = await newSignedInPerson({ email: STAFF_EMAIL, staff: true });
  await buy([courses[0]!.id], { name: 'Priya Deshmukh', country: 'IN', state: '27' });
  await buy([courses[1]!.id], {
    name: 'Kaveri Systems Pvt Ltd',
    country: 'IN',
    state: '29',
    gstin: '29AAGCB7383J1Z4',
    address: { line: '12 MG Road', city: 'Bengaluru', postalCode: '560001' },
  });
  const exported = await buy([courses[2]!.id, courses[3]!.id], {
    name: 'Jane Doe',
    country: 'US',
    address: { line: '500 Howard Street', city: 'San Francisco', postalCode: '94105' },
  });
  const refund = await call('POST', `/api/console/orders/${exported}/refunds`, {
    session: staff.session,
    headers: { 'idempotency-key': 'gstr1-refund' },
    body: { courseIds: [courses[3]!.id], reason: 'Moved to a later batch.' },
  });
  expect(refund.status).toBe(201);
});
afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env['STAFF_EMAILS'];
  resetServerEnv();
  await blobs.stop();
});

describe('GSTR-1 from the console (issue 29, item 8)', () => {
  it("the summary's totals, in rupees, and every table's totals equal them", async () => {
    const answer = await call('GET', `/api/console/summary?month=${month}`, staff);
    expect(answer.status).toBe(200);
    const summary = (await answer.json()) as Gstr1Summary;
    expect(summary).toMatchObject({ month, invoices: 3, creditNotes: 1 });
    expect(summary.exports).toBeGreaterThan(0);
    expect(summary.cgst).toBe(summary.sgst);

    const tables: Record<string, string[][]> = {};
    for (const table of GSTR1_TABLES) {
      const file = await call('GET', `/api/console/export/gstr1/${table}.csv?month=${month}`, staff);
      expect(file.status, table).toBe(200);
      expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
      tables[table] = rowsOf(await file.text());
      expect(tables[table]![0], table).toEqual([...GSTR1_HEADINGS[table]]);
    }
    const rupees = (amount: number) => Math.round(amount * 100);
    // Taxable value: invoices of B2B, B2CL, B2CS (net of its notes), EXP, less CDNR and CDNUR notes.
    const taxable =
      columnPaise(tables['b2b']!, 'Taxable Value') +
      columnPaise(tables['b2cl']!, 'Taxable Value') +
      columnPaise(tables['b2cs']!, 'Taxable Value') +
      columnPaise(tables['exp']!, 'Taxable Value') -
      columnPaise(tables['cdnr']!, 'Taxable Value') -
      columnPaise(tables['cdnur']!, 'Taxable Value');
    expect(taxable).toBe(rupees(summary.taxable));
    for (const [heading, expected] of [
      ['Taxable Value', summary.taxable],
      ['Integrated Tax Amount', summary.igst],
      ['Central Tax Amount', summary.cgst],
      ['State/UT Tax Amount', summary.sgst],
    ] as const) {
      const hsn = columnPaise(tables['hsn-b2b']!, heading) + columnPaise(tables['hsn-b2c']!, heading);
      expect(hsn, heading).toBe(rupees(expected));
    }
    expect(
      columnPaise(tables['exp']!, 'Taxable Value') - columnPaise(tables['cdnur']!, 'Taxable Value'),
    ).toBe(rupees(summary.exports));
    expect(tables['b2b']!.length - 1).toBe(1);
    expect(tables['exp']!.length - 1).toBe(1);
    expect(tables['cdnur']!.length - 1).toBe(1);
  });

  it('a bad month is a 400 with a sentence, an unknown table a 404, and nobody but staff gets in', async () => {
    for (const bad of ['2026-13', '2026-5', 'may', '']) {
      const answer = await call('GET', `/api/console/summary?month=${bad}`, staff);
      expect(answer.status, bad).toBe(400);
      expect(await answer.json()).toEqual({
        errors: ['Choose a month as YYYY-MM, from 2000-01 to 2099-12.'],
      });
    }
    const missing = await call('GET', `/api/console/summary`, staff);
    expect(missing.status).toBe(400);
    expect((await call('GET', `/api/console/export/gstr1/b2x.csv?month=${month}`, staff)).status).toBe(404);
    const buyer = await newSignedInPerson({});
    expect((await call('GET', `/api/console/summary?month=${month}`, buyer)).status).toBe(404);
    expect((await call('GET', `/api/console/export/gstr1/b2b.csv?month=${month}`, buyer)).status).toBe(404);
  });
});
