/**
 * POST /api/console/leads/{id}/erase over HTTP (API.md, Company console; DECISIONS 63): staff
 * only (404 to anyone else, as every console address), the XSRF check, a reason of 1-300
 * characters, 404 for an unknown lead, 204 and 204 again with the first erasure kept; the list and
 * the CSV export then carry nothing the lead said.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERASE_REASON_HINT, LeadPageSchema, type Lead } from '~/lib/shared/schemas/console';
import { ERASED_LEAD } from '~/server/domain/console/leads';
import { resetServerEnv } from '~/server/env';
import { getStoredContactMessage } from '~/server/storage/contact-messages';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';
import { browserHeaders } from '../../support/browser-headers';
import { functionRouter, type FunctionRouter } from '../../support/function-router';
import { newSignedInPerson } from '../../support/people';

const STAFF_EMAIL = 'leads-staff@example.com';
let router: FunctionRouter;
let blobs: RunningBlobsServer;
let staff: { session: string };
let customer: { session: string };
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

let seq = 0;
/** Sends a lead through the contact form; resolves to its id as the console lists it. */
async function newLead(): Promise<{
  id: string;
  name: string;
  phone: string;
  email: string;
  message: string;
}> {
  seq += 1;
  const lead = {
    name: `Lead Erasetest ${seq}`,
    phone: `98765${String(seq).padStart(5, '0')}`,
    email: `erase-me-${seq}@example.in`,
    message: `Secret plan number ${seq}.`,
  };
  expect((await call('POST', '/api/contact/sendmail', { body: { ...lead, client: 'sis' } })).status).toBe(
    200,
  );
  const found = await leads(`?q=${encodeURIComponent(lead.email)}`);
  expect(found).toHaveLength(1);
  return { ...lead, id: found[0]!.id };
}

async function leads(query = ''): Promise<Lead[]> {
  const response = await call('GET', `/api/console/leads${query}`, staff);
  expect(response.status).toBe(200);
  return LeadPageSchema.parse(await response.json()).items;
}

/** Asks to erase lead `id` as `as` (staff unless said; null: signed out). */
const erase = (
  id: string,
  body: unknown,
  as: { session: string } | null = staff,
  headers: Record<string, string> = {},
) => call('POST', `/api/console/leads/${id}/erase`, { session: as?.session, body, headers });

beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  process.env['STAFF_EMAILS'] = STAFF_EMAIL;
  process.env['CONTACT_RATE_LIMIT'] = '10000';
  resetServerEnv();
  blobs = await startBlobsServer();
  router = await functionRouter();
  staff = await newSignedInPerson({ email: STAFF_EMAIL, name: 'Anita Kulkarni', staff: true });
  customer = await newSignedInPerson();
});
afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env['STAFF_EMAILS'];
  delete process.env['CONTACT_RATE_LIMIT'];
  resetServerEnv();
  await blobs.stop();
});

describe('POST /api/console/leads/{id}/erase', () => {
  it('is routed at its own path, not as a change of the lead', () => {
    expect(router.route('POST', 'http://localhost/api/console/leads/abc123defg/erase')?.name).toBe(
      'console-lead-erase',
    );
    expect(router.route('POST', 'http://localhost/api/console/leads/abc123defg')?.name).toBe(
      'console-lead-update',
    );
  });

  it('is not there for anyone but staff (404), signed in or not, and erases nothing', async () => {
    const lead = await newLead();
    for (const as of [customer, null]) {
      const response = await erase(lead.id, { reason: 'Asked by phone.' }, as);
      expect(response.status).toBe(404);
    }
    expect(await getStoredContactMessage(lead.id)).toMatchObject({ email: lead.email });
  });

  it('refuses staff without the XSRF token (403) and erases nothing', async () => {
    const lead = await newLead();
    const response = await erase(lead.id, { reason: 'Asked by phone.' }, staff, {
      'X-XSRF-TOKEN': '',
    });
    expect(response.status).toBe(403);
    expect(await getStoredContactMessage(lead.id)).toMatchObject({ email: lead.email });
  });

  it('asks for a reason of 1-300 characters with a plain sentence (400), erasing nothing', async () => {
    const lead = await newLead();
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(301) }, { reason: 42 }]) {
      const response = await erase(lead.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ errors: [ERASE_REASON_HINT] });
    }
    const extra = await erase(lead.id, { reason: 'Asked.', name: 'x' });
    expect(extra.status).toBe(400);
    expect(await getStoredContactMessage(lead.id)).toMatchObject({
      email: lead.email,
      message: lead.message,
    });
  });

  it('answers 404 for a lead that does not exist', async () => {
    for (const id of ['20261126t060000000z-00000000', 'not a lead', '..']) {
      const response = await erase(encodeURIComponent(id), { reason: 'Asked by phone.' });
      expect(response.status, id).toBe(404);
    }
  });

  it('erases: 204; the list shows who, when and why and nothing it said; again: 204, the first kept', async () => {
    const lead = await newLead();
    const response = await erase(lead.id, { reason: '  Asked by phone on 26 November.  ' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');

    const [listed] = (await leads('?status=handled')).filter((item) => item.id === lead.id);
    expect(listed).toMatchObject({
      name: '',
      phone: '',
      email: '',
      message: '',
      note: null,
      status: 'handled',
      erased: { by: STAFF_EMAIL, at: expect.any(String), reason: 'Asked by phone on 26 November.' },
    });
    expect((await leads('?status=new')).map((item) => item.id)).not.toContain(lead.id);
    // Nothing finds it by what it said any more.
    expect(await leads(`?q=${encodeURIComponent(lead.email)}`)).toEqual([]);

    const again = await erase(lead.id, { reason: 'Another reason.' });
    expect(again.status).toBe(204);
    const [still] = (await leads()).filter((item) => item.id === lead.id);
    expect(still?.erased).toEqual(listed!.erased);

    // An erased lead cannot be marked again.
    const change = await call('POST', `/api/console/leads/${lead.id}`, {
      session: staff.session,
      body: { status: 'new', note: 'Call back' },
    });
    expect(change.status).toBe(409);
    expect(await change.json()).toEqual({ errors: [ERASED_LEAD] });
  });

  it('leaves nothing of an erased lead in the leads CSV: its row says erased, by whom and why', async () => {
    const kept = await newLead();
    const gone = await newLead();
    expect((await erase(gone.id, { reason: 'Asked by e-mail.' })).status).toBe(204);
    const response = await call('GET', '/api/console/export/leads.csv', { session: staff.session });
    expect(response.status).toBe(200);
    const csv = await response.text();
    expect(csv).toContain(kept.email);
    expect(csv).toContain(kept.message);
    for (const trace of [gone.name, gone.email, gone.message, gone.phone.slice(-10)]) {
      expect(csv).not.toContain(trace);
    }
    expect(csv).toMatch(new RegExp(`,erased,.*Erased on .* by ${STAFF_EMAIL}: Asked by e-mail\\.`));
  });
});
