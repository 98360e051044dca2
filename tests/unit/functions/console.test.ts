import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { indianDay } from '~/lib/shared/dates';
import { centsFromUsd, sumCents } from '~/lib/shared/money';
import {
  CustomerPageSchema,
  LeadPageSchema,
  LeadSchema,
  MailListSchema,
  MailRowSchema,
  OrderPageSchema,
  type Lead,
} from '~/lib/shared/schemas/console';
import { InvoiceSchema } from '~/lib/shared/schemas/shop';
import { createSession, resolveSession, STAFF_SESSION_IDLE_MS } from '~/server/domain/auth/sessions';
import { leadsCsv, salesRegisterCsv } from '~/server/domain/console/exports';
import { ValidationError } from '~/server/domain/errors';
import { enqueueMail } from '~/server/domain/mail-queue';
import { resetServerEnv } from '~/server/env';
import { getQueuedMail, markFailedMail, updateQueuedMail } from '~/server/storage/mail-queue';
import { newSignedInPerson } from '../../support/people';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';
import { browserHeaders } from '../../support/browser-headers';
import type { BillingInput } from '~/lib/shared/schemas/billing';
import { payOnTestGateway } from '../../support/test-gateway';
import { functionRouter, type FunctionRouter } from '../../support/function-router';

const STAFF_EMAIL = 'accounts@example.com';
let router: FunctionRouter;
let blobs: RunningBlobsServer;
let ip = 0;

/** Calls the API as the browser does: XSRF cookie and header, the session when given. */
async function call(
  method: 'GET' | 'POST' | 'PUT',
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

/** A new account and a session for it (a staff session when its e-mail is staff's). */
async function person(email?: string, name?: string) {
  return newSignedInPerson({
    ...(email ? { email } : {}),
    ...(name ? { name } : {}),
    staff: email === STAFF_EMAIL,
  });
}

async function contact(name: string, extra: Partial<Record<'email' | 'message' | 'phone', string>> = {}) {
  const response = await call('POST', '/api/contact/sendmail', {
    body: {
      name,
      phone: '9876543210',
      email: 'lead@example.in',
      message: 'Please call.',
      client: 'sis',
      ...extra,
    },
  });
  expect(response.status).toBe(200);
}

async function leads(
  staff: { session: string },
  query: string,
): Promise<{ items: Lead[]; cursor: string | null }> {
  const response = await call('GET', `/api/console/leads${query}`, staff);
  expect(response.status).toBe(200);
  return LeadPageSchema.parse(await response.json());
}

async function buy(
  user: { userId: string; session: string },
  courseIds: number[],
  billing: BillingInput = { name: 'Priya Deshmukh', country: 'IN', state: '27' },
) {
  for (const id of courseIds) await call('POST', `/api/Cart/addtocart/sispl,${id},${user.userId}`, user);
  const paid = await payOnTestGateway((request) => router.fetch(request), 'http://localhost', {
    userId: user.userId,
    headers: await browserHeaders(user.session),
    // In the company's state unless a test says otherwise: CGST + SGST.
    billing,
  });
  return paid.orderNo!;
}

let staff: Awaited<ReturnType<typeof person>>;
beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  process.env['STAFF_EMAILS'] = ` ${STAFF_EMAIL.toUpperCase()} , other-staff@example.com`;
  process.env['CONTACT_RATE_LIMIT'] = '10000';
  resetServerEnv();
  blobs = await startBlobsServer();
  router = await functionRouter();
  staff = await person(STAFF_EMAIL, 'Anita Kulkarni');
});
afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env['STAFF_EMAILS'];
  delete process.env['CONTACT_RATE_LIMIT'];
  resetServerEnv();
  await blobs.stop();
});

const CONSOLE_GETS = [
  '/api/console/leads',
  '/api/console/orders',
  '/api/console/customers',
  '/api/console/mail?status=failed',
  '/api/console/export/leads.csv',
  '/api/console/export/sales-register.csv',
];

describe('company console API (API.md, Company console)', () => {
  it('answers staff, and to everyone else is an address that does not exist', async () => {
    const customer = await person();
    // Listed as staff only after signing in: a customer session until they sign in again.
    const promoted = await person('other-staff@example.com');
    const promotedCustomerSession = (await createSession(promoted.userId, new Date(), false)).token;
    const notFound = await (await call('GET', '/api/console/no-such-thing')).json();
    for (const path of CONSOLE_GETS) {
      expect((await call('GET', path, staff)).status, path).toBe(200);
      for (const session of [undefined, customer.session, promotedCustomerSession, 'x'.repeat(43)]) {
        const response = await call('GET', path, { session });
        expect(response.status, path).toBe(404);
        expect(await response.json()).toEqual(notFound);
      }
    }
    // Not even the wrong method gives the address away: 404, where staff get 405.
    expect((await call('PUT', '/api/console/leads', customer)).status).toBe(404);
    expect((await call('PUT', '/api/console/leads', staff)).status).toBe(405);
    expect(
      (
        await call('POST', '/api/console/leads/20261124t000000000z-00000000', {
          ...customer,
          body: { status: 'handled' },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses a change without the XSRF token', async () => {
    const response = await call('POST', '/api/console/leads/20261124t000000000z-00000000', {
      ...staff,
      body: { status: 'handled' },
      headers: { 'X-XSRF-TOKEN': '' },
    });
    expect(response.status).toBe(403);
  });

  it('ends a staff session after 12 hours unused, a customer one after 7 days', async () => {
    const start = new Date('2026-11-24T08:00:00Z');
    const staffSession = await createSession(staff.userId, start, true);
    const customerSession = await createSession(staff.userId, start, false);
    const later = new Date(start.getTime() + STAFF_SESSION_IDLE_MS);
    expect(await resolveSession(staffSession.token, later)).toBeUndefined();
    expect(await resolveSession(customerSession.token, later)).toMatchObject({ userId: staff.userId });
  });

  it('lists a lead the moment it is stored, marks it handled with a note, and files it under Handled', async () => {
    await contact('Rané Joshi', { email: 'rane@example.in', message: 'About ERP: a quote, please.' });
    const fresh = (await leads(staff, '?status=new')).items[0]!;
    expect(fresh).toMatchObject({ name: 'Rané Joshi', status: 'new', handledBy: null, note: null });
    expect(fresh.mail.company.status).toMatch(/pending|sent/);

    const marked = await call('POST', `/api/console/leads/${fresh.id}`, {
      ...staff,
      body: { status: 'handled', note: '  Called back; sending a quote.  ' },
    });
    expect(marked.status).toBe(200);
    const lead = LeadSchema.parse(await marked.json());
    expect(lead).toMatchObject({
      status: 'handled',
      note: 'Called back; sending a quote.',
      handledBy: `Anita Kulkarni <${STAFF_EMAIL}>`,
    });
    expect(lead.handledAt).not.toBeNull();
    expect((await leads(staff, '?status=new')).items.map((item) => item.id)).not.toContain(fresh.id);
    expect((await leads(staff, '?status=handled')).items.map((item) => item.id)).toContain(fresh.id);
    expect((await leads(staff, '?status=all')).items.map((item) => item.id)).toContain(fresh.id);
  });

  it('refuses a bad change in plain words and changes nothing', async () => {
    await contact('Kiran Rao');
    const { id } = (await leads(staff, '?status=new')).items[0]!;
    const cases: [unknown, string][] = [
      [{ status: 'done' }, 'Choose new or handled.'],
      [{ status: 'handled', note: 'x'.repeat(1001) }, 'The note is too long (1000 characters at most).'],
    ];
    for (const [body, message] of cases) {
      const response = await call('POST', `/api/console/leads/${id}`, { ...staff, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ errors: [message] });
    }
    expect((await leads(staff, '?status=new')).items[0]).toMatchObject({ id, status: 'new' });
    const unknown = await call('POST', '/api/console/leads/20200101t000000000z-00000000', {
      ...staff,
      body: { status: 'handled' },
    });
    expect(unknown.status).toBe(404);
    expect((await call('GET', '/api/console/leads?status=old', staff)).status).toBe(400);
    expect((await call('GET', '/api/console/orders?from=2026-13', staff)).status).toBe(400);
  });

  // 62 contact sends one after another and two pages: up to 20 s on a loaded 2-core machine.
  it('pages leads: every one exactly once, while new ones arrive, and finds them by name, e-mail or phone', async () => {
    for (let index = 0; index < 60; index += 1)
      await contact(`Paging ${index}`, { email: `page${index}@example.in` });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await leads(staff, `?status=all${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(50);
      seen.push(...page.items.map((lead) => lead.id));
      cursor = page.cursor;
      pages += 1;
      await contact(`Arrived meanwhile ${pages}`);
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(62);
    expect((await leads(staff, '?q=page17%40example.in')).items.map((lead) => lead.name)).toEqual([
      'Paging 17',
    ]);
    expect((await leads(staff, '?q=PAGING%2042')).items.map((lead) => lead.name)).toEqual(['Paging 42']);
    expect((await leads(staff, '?q=98765')).items.length).toBeGreaterThan(50 - 1);
  }, 60_000);

  it('lists orders with their invoice figures, finds them, and lets staff open any invoice', async () => {
    const buyer = await person('priya@acme.example', 'Priya Deshmukh');
    const orderNo = await buy(buyer, [courses[0]!.id, courses[1]!.id], {
      name: 'Priya Deshmukh',
      country: 'IN',
      state: '27',
      gstin: '27AAPFU0939F1ZV',
      // A buyer with a GSTIN gives an address since issue 29 (DECISIONS 52).
      address: { line: '12 FC Road', city: 'Pune', postalCode: '411004' },
    });
    const response = await call('GET', `/api/console/orders?q=${encodeURIComponent('PRIYA')}`, staff);
    const rows = OrderPageSchema.parse(await response.json()).items;
    expect(rows.map((row) => row.orderNo)).toEqual([orderNo]);
    const invoice = InvoiceSchema.parse(
      await (await call('GET', `/api/orders/${orderNo}/invoice`, staff)).json(),
    );
    expect(rows[0]).toMatchObject({
      buyer: { name: 'Priya Deshmukh', email: 'priya@acme.example' },
      totals: invoice.totals,
      placeOfSupply: 'Maharashtra (27)',
      billing: { country: 'IN', state: '27', stateName: 'Maharashtra', gstin: '27AAPFU0939F1ZV' },
      payment: { gateway: 'test', reference: invoice.payment!.reference },
    });
    // Found by its GSTIN and by its payment reference too.
    for (const q of ['27aapfu0939f1zv', invoice.payment!.reference]) {
      const found = await call('GET', `/api/console/orders?q=${encodeURIComponent(q)}`, staff);
      expect(OrderPageSchema.parse(await found.json()).items.map((row) => row.orderNo)).toEqual([orderNo]);
    }
    // A customer still sees only their own.
    const other = await person();
    expect((await call('GET', `/api/orders/${orderNo}/invoice`, other)).status).toBe(404);
    // Days in India: from 18:30 UTC, the UTC day is India's yesterday.
    const today = indianDay(new Date());
    const inRange = OrderPageSchema.parse(
      await (await call('GET', `/api/console/orders?from=2020-01-01&to=${today}`, staff)).json(),
    );
    expect(inRange.items.map((row) => row.orderNo)).toContain(orderNo);
    const before = OrderPageSchema.parse(
      await (await call('GET', '/api/console/orders?from=2020-01-01&to=2020-12-31', staff)).json(),
    );
    expect(before.items).toEqual([]);

    const customers = CustomerPageSchema.parse(
      await (await call('GET', '/api/console/customers?q=acme', staff)).json(),
    );
    expect(customers.items).toEqual([
      expect.objectContaining({ email: 'priya@acme.example', orders: 1, spent: invoice.totals.total }),
    ]);
  });

  it('lists failed e-mail with tries and last error, and Retry now sends it', async () => {
    const { key } = await enqueueMail(
      {
        to: ['someone@example.com'],
        subject: 'Your order',
        html: '<p>x</p>',
        text: 'x',
        idempotencyKey: 'console-test-mail',
      },
      new Date(),
    );
    await updateQueuedMail(key, (mail) => ({
      ...mail,
      delivery: { status: 'failed', attempts: 8, lastError: 'Mailbox unavailable' },
    }));
    await markFailedMail(key);
    const failed = MailListSchema.parse(
      await (await call('GET', '/api/console/mail?status=failed', staff)).json(),
    );
    expect(failed.items).toContainEqual(
      expect.objectContaining({ id: key, subject: 'Your order', tries: 8, lastError: 'Mailbox unavailable' }),
    );
    const retried = await call('POST', `/api/console/mail/${key}/retry`, staff);
    expect(retried.status).toBe(200);
    expect(MailRowSchema.parse(await retried.json())).toMatchObject({ id: key, status: 'sent', tries: 9 });
    const after = MailListSchema.parse(
      await (await call('GET', '/api/console/mail?status=failed', staff)).json(),
    );
    expect(after.items.map((mail) => mail.id)).not.toContain(key);
    expect((await call('POST', '/api/console/mail/no-such-mail/retry', staff)).status).toBe(404);
  });

  it('exports the sales register: one row per invoice, tax columns as invoiced, a totals row that adds up', async () => {
    const buyer = await person();
    await buy(buyer, [courses[2]!.id]);
    const response = await call('GET', '/api/console/export/sales-register.csv', staff);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="sales-register.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Invoice number,Invoice date,Buyer name,Buyer GSTIN,Place of supply code,Place of supply,Export (Y/N),Currency,Taxable value,IGST,CGST,SGST,Total,Payment reference,Exchange rate (INR),Taxable value (INR),Total (INR)',
    );
    // Every order here is in rupees: a totals row for INR, then the register in rupees (the same).
    const rows = lines.slice(1, -2).map((line) => line.split(','));
    const totals = lines.at(-2)!.split(',');
    expect(totals[0]).toBe(`Total (${rows.length} invoices)`);
    expect(lines.at(-1)!.split(',')).toEqual([`Total in INR (${rows.length} invoices)`, ...totals.slice(1)]);
    for (const column of [8, 9, 10, 11, 12]) {
      expect(totals[column]).toBe(
        (sumCents(rows.map((row) => centsFromUsd(Number(row[column])))) / 100).toFixed(2),
      );
    }
    // A rupee invoice has no rupee columns of its own: it is in rupees.
    for (const row of rows) expect(row.slice(14)).toEqual(['', '', '']);
    for (const row of rows) {
      const invoice = InvoiceSchema.parse(
        await (await call('GET', `/api/orders/${row[0]}/invoice`, staff)).json(),
      );
      const tax = (label: string) => invoice.totals.taxes.find((part) => part.label === label)?.amount ?? 0;
      expect(row.slice(4, 13)).toEqual([
        '27',
        'Maharashtra',
        'N',
        // A buyer in Maharashtra pays in rupees since issue 29 (DECISIONS 46); was USD.
        'INR',
        invoice.totals.taxable.toFixed(2),
        tax('IGST').toFixed(2),
        tax('CGST').toFixed(2),
        tax('SGST').toFixed(2),
        invoice.totals.total.toFixed(2),
      ]);
    }
  });

  it('exports leads with commas, quotes, line breaks and formula-looking text kept as text', async () => {
    await contact('=HYPERLINK("http://x","y")', {
      message: 'Line one, with a comma\nand "quotes"',
      email: 'csv@example.in',
    });
    const text = await (await call('GET', '/api/console/export/leads.csv', staff)).text();
    expect(text).toContain('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(text).toContain('"Line one, with a comma\nand ""quotes"""');
    expect(text).toContain(",'+919876543210,");
  });

  it('refuses an export with more rows than a file holds, with a sentence asking for a narrower range', async () => {
    await buy(await person(), [courses[0]!.id]);
    await buy(await person(), [courses[1]!.id]);
    await contact('Limit one');
    await contact('Limit two');
    const now = new Date();
    const dataRows = (text: string) => text.trimEnd().split('\r\n').length - 1;
    // Every row up to the limit; the register's last lines are its totals rows.
    const register = await salesRegisterCsv({}, now);
    const totalsRows = register.split('\r\n').filter((line) => line.startsWith('Total')).length;
    const invoices = dataRows(register) - totalsRows;
    const leadCount = dataRows(await leadsCsv({}, now));
    expect(dataRows(await salesRegisterCsv({}, now, invoices))).toBe(invoices + totalsRows);
    expect(dataRows(await leadsCsv({}, now, leadCount))).toBe(leadCount);
    // One row more than the limit: refused (HTTP 400 through the handler), not cut.
    const refusal = (count: number, what: string) =>
      `These dates hold more than ${count} ${what}, more than one file takes. ` +
      'Choose a narrower range (from and to) and export it in parts.';
    await expect(salesRegisterCsv({}, now, invoices - 1)).rejects.toThrow(refusal(invoices - 1, 'invoices'));
    const error = await leadsCsv({}, now, leadCount - 1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).messages).toEqual([refusal(leadCount - 1, 'leads')]);
  });
});

describe('no secret in the console (DECISIONS 53)', () => {
  it('shows no code or session of a customer in any console answer, even with their mail failing', async () => {
    const customer = await person(`takeover.${Date.now()}@example.in`, 'Sunil Pawar');
    // Mail to the customer fails: Resend cannot be reached, the reset code waits in the queue.
    process.env['RESEND_API_KEY'] = 're_unreachable';
    process.env['RESEND_BASE_URL'] = 'http://127.0.0.1:9';
    resetServerEnv();
    const forgot = await call('POST', '/api/account/forgot', {
      body: { email: customer.email, clientCode: 'sispl' },
    });
    delete process.env['RESEND_API_KEY'];
    delete process.env['RESEND_BASE_URL'];
    resetServerEnv();
    expect(forgot.status).toBe(200);
    const pending = (await forgot.json()) as { usercode: string; userkey: string };
    const key = `account-reset-${pending.usercode}`;
    await vi.waitFor(async () => expect((await getQueuedMail(key))?.delivery.lastError).toBeDefined());
    const code = /code: (\d{6})/.exec((await getQueuedMail(key))!.text)![1]!;

    const answers: string[] = [];
    const read = async (method: 'GET' | 'POST', path: string) => {
      const response = await call(method, path, staff);
      expect(response.status, path).toBe(200);
      answers.push(`${path}: ${await response.text()}`);
    };
    for (const status of ['pending', 'failed']) await read('GET', `/api/console/mail?status=${status}`);
    const listed = MailListSchema.parse(
      await (await call('GET', '/api/console/mail?status=pending', staff)).json(),
    ).items.find((mail) => mail.id === key);
    expect(listed?.subject).toBe('Your Sahyadri Infotech password reset code: ••••••');
    for (const status of ['new', 'handled', 'all']) await read('GET', `/api/console/leads?status=${status}`);
    await read('GET', '/api/console/orders');
    await read('GET', `/api/console/customers?q=${encodeURIComponent(customer.email)}`);
    await read('GET', '/api/console/export/leads.csv');
    await read('GET', '/api/console/export/sales-register.csv');
    await read('POST', `/api/console/mail/${key}/retry`);

    // The customer, resetting with their code, gets a fresh session: no console answer holds it.
    const reset = await call('POST', '/api/account/reset', {
      body: { ...pending, verificationcode: code, password: 'brand-new-1', repassword: 'brand-new-1' },
    });
    expect(reset.status).toBe(200);
    const token = /(?:^|,\s*)session=([^;]*)/.exec(reset.headers.getSetCookie().join(', '))![1]!;
    await read('GET', `/api/console/customers?q=${encodeURIComponent(customer.email)}`);
    await read('GET', '/api/console/mail?status=pending');
    for (const answer of answers) {
      expect(answer).not.toContain(code);
      expect(answer).not.toContain(token);
      expect(answer).not.toContain(customer.session);
    }
  });
});

describe('console parameters (DECISIONS 53; API.md, dates and cursors)', () => {
  const LISTS_WITH_DATES = [
    '/api/console/orders',
    '/api/console/export/leads.csv',
    '/api/console/export/sales-register.csv',
  ];

  it('refuses a date that does not exist with a plain sentence, on the list and both exports', async () => {
    for (const path of LISTS_WITH_DATES) {
      for (const query of [
        'from=2026-13-45',
        'to=0000-00-00',
        'from=2026-00-10',
        'to=2026-02-30',
        'from=1999-12-31',
      ]) {
        const response = await call('GET', `${path}?${query}`, staff);
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(await response.json()).toEqual({
          errors: ['Enter a date that exists, from 2000-01-01 to 2099-12-31.'],
        });
      }
      expect((await call('GET', `${path}?from=2028-02-29&to=2099-12-31`, staff)).status).toBe(200);
    }
  });

  it('refuses, at once, a cursor the server did not make: forged, edited or from another list', async () => {
    const forged = Buffer.from('index/orders/9999-12/0000000000001-x').toString('base64url');
    // More leads than a page, so the list gives a cursor to tamper with.
    for (let index = 0; index < 51 && (await leads(staff, '?status=all')).cursor === null; index += 1)
      await contact(`Cursor ${index}`);
    const leadsCursor = (await leads(staff, '?status=all')).cursor;
    expect(leadsCursor).not.toBeNull();
    const [position, seal] = leadsCursor!.split('.');
    const cursors = [
      forged,
      `${forged}.${seal}`,
      `${Buffer.from('index/leads/9999-12/0000000000001-x').toString('base64url')}.${seal}`,
      // An edited seal: its first character changed (the last carries bits a decoder may ignore).
      `${position}.${seal!.startsWith('A') ? 'B' : 'A'}${seal!.slice(1)}`,
      'nonsense',
    ];
    for (const cursor of cursors) {
      for (const path of ['/api/console/orders', '/api/console/customers', '/api/console/leads']) {
        const response = await call('GET', `${path}?cursor=${encodeURIComponent(cursor)}`, staff);
        expect(response.status, `${path} ${cursor}`).toBe(400);
        expect(await response.json()).toEqual({
          errors: ['That page is no longer available. Please load the list again.'],
        });
      }
    }
    // A leads cursor of one tab is no cursor of another, nor of the orders.
    expect((await call('GET', `/api/console/leads?status=new&cursor=${leadsCursor}`, staff)).status).toBe(
      400,
    );
    expect((await call('GET', `/api/console/orders?cursor=${leadsCursor}`, staff)).status).toBe(400);
    expect((await call('GET', `/api/console/leads?status=all&cursor=${leadsCursor}`, staff)).status).toBe(
      200,
    );
  });

  it('answers every console parameter, whatever it is given, with no server error (fuzzed)', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc
        .date({ noInvalidDate: false })
        .map((date) => (Number.isNaN(date.getTime()) ? 'NaN' : date.toISOString().slice(0, 10))),
      fc
        .tuple(
          fc.integer({ min: -1, max: 99999 }),
          fc.integer({ min: -1, max: 99 }),
          fc.integer({ min: -1, max: 99 }),
        )
        .map(
          ([y, m, d]) =>
            `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
        ),
      fc.base64String({ maxLength: 120 }),
      fc.constantFrom('all', 'new', 'handled', 'pending', 'failed', ''),
    );
    const paths = [
      (v: Record<string, string>) => `/api/console/leads?${new URLSearchParams(v)}`,
      (v: Record<string, string>) => `/api/console/orders?${new URLSearchParams(v)}`,
      (v: Record<string, string>) => `/api/console/customers?${new URLSearchParams(v)}`,
      (v: Record<string, string>) => `/api/console/mail?${new URLSearchParams(v)}`,
      (v: Record<string, string>) => `/api/console/export/leads.csv?${new URLSearchParams(v)}`,
      (v: Record<string, string>) => `/api/console/export/sales-register.csv?${new URLSearchParams(v)}`,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.nat(paths.length - 1),
        fc.record(
          { status: text, q: text, cursor: text, from: text, to: text, month: text },
          { requiredKeys: [] },
        ),
        async (which, values) => {
          const response = await call('GET', paths[which]!(values), staff);
          expect(response.status, JSON.stringify(values)).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom('leads', 'mail', 'export'), async (value, kind) => {
        const id = encodeURIComponent(value);
        const response =
          kind === 'leads'
            ? await call('POST', `/api/console/leads/${id}`, { ...staff, body: { status: 'handled' } })
            : kind === 'mail'
              ? await call('POST', `/api/console/mail/${id}/retry`, staff)
              : await call('GET', `/api/console/export/${id}`, staff);
        expect(response.status, `${kind} ${value}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
    // Found by the fuzz on a clean clone: names an object has of its own kind are no export.
    for (const name of ['__proto__', 'constructor', 'toString'])
      expect((await call('GET', `/api/console/export/${name}`, staff)).status).toBe(404);
  });
});
