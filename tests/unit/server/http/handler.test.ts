import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createSession } from '~/server/domain/auth/sessions';
import { NotFound, StoreBusy } from '~/server/domain/errors';
import { InvalidCursorError } from '~/server/storage/errors';
import { backgroundMailQueue } from '~/server/domain/mail-queue';
import type * as MailQueueModule from '~/server/domain/mail-queue';
import { apiHandler } from '~/server/http/handler';
import { errors, json } from '~/server/http/responses';
import { browserHeaders } from '../../../support/browser-headers';
import { startBlobsServer, type RunningBlobsServer } from '../../../support/blobs-server';

// Spied on, to show a call that sends no mail builds no mail queue.
vi.mock('~/server/domain/mail-queue', async (importOriginal) => {
  const actual = await importOriginal<typeof MailQueueModule>();
  return { ...actual, backgroundMailQueue: vi.fn(actual.backgroundMailQueue) };
});

/** A browser's XSRF cookie and header (made in beforeAll: the key lives in the blob store). */
let xsrf: Record<string, string>;
const post = (body: string, headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/x', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...xsrf, ...headers },
    body,
  });

let blobs: RunningBlobsServer;
beforeAll(async () => {
  blobs = await startBlobsServer();
  xsrf = await browserHeaders();
});
afterAll(async () => {
  await blobs.stop();
});

describe('apiHandler', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers 403 in the error shape when a POST has no XSRF token, without running the logic', async () => {
    const logic = vi.fn(() => json({ ok: true }));
    const response = await apiHandler(
      { methods: ['POST'] },
      logic,
    )(new Request('http://localhost/api/x', { method: 'POST' }));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ errors: [expect.stringMatching(/reload the page/)] });
    expect(logic).not.toHaveBeenCalled();
  });

  it('runs the logic for a POST with a matching token and sets no new cookie', async () => {
    const handler = apiHandler({ methods: ['POST'] }, () => json({ ok: true }));
    const response = await handler(new Request('http://localhost/api/x', { method: 'POST', headers: xsrf }));
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('gives a browser without a token cookie one, also on errors', async () => {
    const response = await apiHandler({ methods: ['GET'] }, () => errors(404, ['Not here.']))(
      new Request('http://localhost/api/x'),
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
  });

  it('treats a cookie that cannot be URL-decoded as absent instead of failing', async () => {
    const response = await apiHandler({ methods: ['GET'] }, () => json([]))(
      new Request('http://localhost/api/x', { headers: { cookie: 'XSRF-TOKEN=%E0%A4%A; session=%E0%A4%A' } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
  });

  it('answers 503 with Retry-After, not 500, when storage gave up after conflicting writes (issue 17, item 4)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await apiHandler({ methods: ['GET'] }, () => {
      throw new StoreBusy('carts', 'carts/u1', 20);
    })(new Request('http://localhost/api/x'));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(await response.json()).toEqual({
      errors: ['We are busy right now. Please try again in a moment.'],
    });
  });

  it('answers 400 with a sentence when storage refuses a page cursor it did not hand out', async () => {
    const response = await apiHandler({ methods: ['GET'] }, () => {
      throw new InvalidCursorError('console', 'bm9uc2Vuc2U');
    })(new Request('http://localhost/api/x'));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: ['That page is no longer available. Please load the list again.'],
    });
  });

  it('turns a thrown error into a 500 that leaks nothing, with the usual headers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await apiHandler({ methods: ['GET'] }, () => {
      throw new Error('secret stack detail at /srv/db');
    })(new Request('http://localhost/api/x'));
    expect(response.status).toBe(500);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = await response.text();
    expect(body).not.toContain('secret');
    expect(body).not.toContain('/srv');
    expect(JSON.parse(body)).toEqual({ errors: [expect.any(String)] });
  });

  it('maps domain errors to their status in the error shape', async () => {
    const response = await apiHandler({ methods: ['GET'] }, () => {
      throw new NotFound(['No such order.']);
    })(new Request('http://localhost/api/x'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ errors: ['No such order.'] });
  });

  it('marks every answer uncacheable and unsniffable, whatever the logic set', async () => {
    const response = await apiHandler({ methods: ['GET'] }, () =>
      json([], { headers: { 'Cache-Control': 'public, max-age=300' } }),
    )(new Request('http://localhost/api/x'));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('answers other methods 405 with Allow, and HEAD like GET without a body', async () => {
    const handler = apiHandler({ methods: ['GET'] }, () => json([1, 2, 3]));
    const refused = await handler(new Request('http://localhost/api/x', { method: 'DELETE', headers: xsrf }));
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET');
    expect(await refused.json()).toEqual({ errors: ['This address only answers GET.'] });
    const head = await handler(new Request('http://localhost/api/x', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('application/json');
    expect(await head.text()).toBe('');
  });

  describe('with a body schema', () => {
    const Schema = z.strictObject({ name: z.string().check(z.minLength(1, 'Name is required.')) });
    const handler = apiHandler({ methods: ['POST'], body: Schema }, ({ body }) => json({ hello: body.name }));

    it('hands the logic the parsed body', async () => {
      const response = await handler(post(JSON.stringify({ name: 'Asha' })));
      expect(await response.json()).toEqual({ hello: 'Asha' });
    });

    it.each([
      ['an empty object', '{}', ['Name is required.']],
      ['not JSON', 'name=Asha', ['The request body must be JSON.']],
      ['a JSON array', '[1]', ['The request must be a JSON object.']],
      ['a number for a string', '{"name": 5}', ['Name has the wrong kind of value.']],
      [
        'an unknown field',
        '{"name": "A", "admin": true}',
        ['The request has fields this form does not use: admin.'],
      ],
    ])('answers 400 with plain sentences for %s', async (_label, body, messages) => {
      const response = await handler(post(body));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ errors: messages });
    });

    it('answers 413 for a body over 32 KB', async () => {
      const response = await handler(post(JSON.stringify({ name: 'x'.repeat(40_000) })));
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ errors: ['The request is too large.'] });
    });
  });

  describe("with auth: 'user'", () => {
    const handler = apiHandler({ methods: ['GET'], auth: 'user' }, ({ user }) =>
      json({ userId: user.userId }),
    );

    it('answers 401 without a session, or with an unknown one', async () => {
      for (const cookie of ['', `session=${'a'.repeat(43)}`, 'session=short']) {
        const response = await handler(new Request('http://localhost/api/x', { headers: { cookie } }));
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ errors: ['Please sign in to continue.'] });
      }
    });

    it("hands the logic the session's user", async () => {
      const session = await createSession('user-1', new Date());
      const response = await handler(
        new Request('http://localhost/api/x', { headers: { cookie: `session=${session.token}` } }),
      );
      expect(await response.json()).toEqual({ userId: 'user-1' });
    });
  });

  it('builds the mail queue only for a call that uses it, once (issue 17, item 7)', async () => {
    const built = vi.mocked(backgroundMailQueue);
    built.mockClear();
    await apiHandler({ methods: ['GET'] }, ({ settings }) => json({ site: settings.siteUrl }))(
      new Request('http://localhost/api/x'),
    );
    expect(built).not.toHaveBeenCalled();
    await apiHandler({ methods: ['GET'] }, ({ mail }) => json({ same: mail === mail }))(
      new Request('http://localhost/api/x'),
    );
    expect(built).toHaveBeenCalledTimes(1);
  });

  it('runs background work after the logic and logs its failure without changing the answer', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const done: string[] = [];
    const waitUntil = vi.fn();
    const handler = apiHandler({ methods: ['GET'] }, ({ after }) => {
      after(async () => done.push('background'));
      after(() => Promise.reject(new Error('mail down')));
      return json({ ok: true });
    });
    const response = await handler(new Request('http://localhost/api/x'));
    expect(response.status).toBe(200);
    expect(done).toEqual(['background']);
    expect(error).toHaveBeenCalledWith('[api] background work failed', expect.any(Error));
    // On Netlify the work is handed to context.waitUntil instead, and starts on a later turn.
    done.length = 0;
    await handler(new Request('http://localhost/api/x'), { waitUntil } as never);
    expect(waitUntil).toHaveBeenCalledTimes(2);
    expect(done).toEqual([]);
    await Promise.all(waitUntil.mock.calls.map(([work]) => work));
    expect(done).toEqual(['background']);
  });
});
