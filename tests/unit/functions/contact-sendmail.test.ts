import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_HINTS } from '~/lib/shared/schemas/contact';
import { contactRateLimits, listContactMessagesForMaintainers } from '~/server/domain/contact';
import { openStore } from '~/server/storage/blob-store';
import { OutboxMailSchema } from '~/server/storage/outbox';
import handler, { config } from '../../../netlify/functions/contact-sendmail.mts';
import { browserHeaders } from '../../support/browser-headers';
import { useBlobsServer } from '../../support/blobs-server';

const valid = {
  name: 'Ravi Patil',
  phone: '09876543210',
  email: 'ravi@example.in',
  message: 'Call me.',
  client: 'sis',
};
let ip = 0;

/** A POST as the browser sends it: JSON body, XSRF cookie and header, a fresh client address. */
async function post(
  body: unknown,
  headers: Record<string, string> = {},
  address = `192.0.2.${(ip = (ip % 250) + 1)}`,
) {
  return handler(
    new Request('http://localhost/api/contact/sendmail', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(await browserHeaders()),
        'x-nf-client-connection-ip': address,
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

useBlobsServer();
afterEach(() => vi.restoreAllMocks());

const stored = () => listContactMessagesForMaintainers({ all: true });

describe('POST /api/contact/sendmail', () => {
  it('is routed at the path of API.md', () => {
    expect(config.path).toBe('/api/contact/sendmail');
  });

  it('refuses a request without the XSRF token (403) and stores nothing', async () => {
    const before = (await stored()).length;
    for (const headers of [{ 'X-XSRF-TOKEN': '' }, { 'X-XSRF-TOKEN': 'z'.repeat(43) }, { cookie: '' }]) {
      const response = await post(valid, headers);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ errors: [expect.any(String)] });
    }
    expect(await stored()).toHaveLength(before);
  });

  it('answers 400 with the spec hints for invalid fields, and stores nothing', async () => {
    const before = (await stored()).length;
    const response = await post({ ...valid, name: '', phone: '12', email: 'not-an-email', message: ' ' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: string[] }).errors.sort()).toEqual(
      [CONTACT_HINTS.name, CONTACT_HINTS.phoneInvalid, CONTACT_HINTS.email, CONTACT_HINTS.message].sort(),
    );
    expect(await stored()).toHaveLength(before);
  });

  it('answers 200 {ok: true} once stored, and the e-mails reach the outbox', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const response = await post(valid);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const messages = await stored();
    expect(messages.at(-1)).toMatchObject({
      name: 'Ravi Patil',
      phone: '+919876543210',
      email: 'ravi@example.in',
    });
    const outbox = openStore('outbox');
    const mails = await Promise.all(
      (await outbox.list('mails/')).map((key) => outbox.get(key, OutboxMailSchema)),
    );
    expect(mails.some((mail) => mail?.replyTo === 'ravi@example.in')).toBe(true);
  });

  it('answers 429 with Retry-After when one address sends too many', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const address = '192.0.2.251';
    for (let i = 0; i < contactRateLimits().perAddress.limit; i += 1)
      expect((await post({ ...valid, email: `r${i}@example.in` }, {}, address)).status).toBe(200);
    const before = (await stored()).length;
    const response = await post(valid, {}, address);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored()).toHaveLength(before);
  });

  it('counts an IPv6 client by its /64: rotating addresses in it does not reset the limit', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const limit = contactRateLimits().perAddress.limit;
    for (let i = 0; i < limit; i += 1)
      expect(
        (await post({ ...valid, email: `v6-${i}@example.in` }, {}, `2001:db8:77:1::${i + 1}`)).status,
      ).toBe(200);
    const rotated = await post(
      { ...valid, email: 'v6-next@example.in' },
      {},
      '2001:db8:77:1:ffff:eeee:dddd:cccc',
    );
    expect(rotated.status).toBe(429);
    // Another network is another client.
    expect((await post({ ...valid, email: 'v6-other@example.in' }, {}, '2001:db8:77:2::1')).status).toBe(200);
  });

  it('answers a bot that fills the honeypot like a person, but stores nothing', async () => {
    const before = (await stored()).length;
    const response = await post({ ...valid, website: 'https://cheap-seo.example' });
    expect(response.status).toBe(200);
    expect(await stored()).toHaveLength(before);
  });

  it('refuses other methods with 405', async () => {
    const response = await handler(new Request('http://localhost/api/contact/sendmail'));
    expect(response.status).toBe(405);
  });

  it('survives 1,000 malformed bodies: never a 5xx, always the error shape, nothing stored', async () => {
    const before = (await stored()).length;
    const field = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.boolean(),
      fc.object(),
      fc.array(fc.string()),
    );
    const malformed = fc.oneof(
      fc.string(), // not JSON, or JSON of the wrong type
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc
        .record(
          { name: field, phone: field, email: field, message: field, client: field, website: fc.string() },
          { requiredKeys: [] },
        )
        .map((value) => JSON.stringify(value)),
      fc.constantFrom(
        '',
        '{',
        'null',
        '[]',
        '{"name":"a"}',
        `{"client":"sis"}`,
        '\u0000',
        '{"__proto__":{"x":1}}',
      ),
    );
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(malformed, async (body) => {
        runs += 1;
        const response = await post(body);
        expect(response.status).toBe(400);
        const json = (await response.json()) as { errors: unknown };
        expect(
          Array.isArray(json.errors) && json.errors.every((m) => typeof m === 'string' && m.length > 0),
        ).toBe(true);
      }),
      { numRuns: 1000 },
    );
    expect(runs).toBe(1000);
    expect(await stored()).toHaveLength(before);
  }, 120_000);
});
