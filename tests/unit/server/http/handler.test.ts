import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '~/server/http/handler';
import { errors, json } from '~/server/http/responses';

const token = 'x'.repeat(43);

describe('apiHandler', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers 403 in the error shape when a POST has no XSRF token, without running the logic', async () => {
    const logic = vi.fn(() => json({ ok: true }));
    const response = await apiHandler(logic)(new Request('http://localhost/api/x', { method: 'POST' }));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ errors: [expect.stringMatching(/reload the page/)] });
    expect(logic).not.toHaveBeenCalled();
  });

  it('runs the logic for a POST with a matching token and sets no new cookie', async () => {
    const handler = apiHandler(() => json({ ok: true }));
    const response = await handler(
      new Request('http://localhost/api/x', {
        method: 'POST',
        headers: { cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('gives a browser without a token cookie one, also on errors', async () => {
    const response = await apiHandler(() => errors(404, ['Not here.']))(
      new Request('http://localhost/api/x'),
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
  });

  it('turns a thrown error into a 500 that leaks nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await apiHandler(() => {
      throw new Error('secret stack detail at /srv/db');
    })(new Request('http://localhost/api/x'));
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).not.toContain('secret');
    expect(JSON.parse(body)).toEqual({ errors: [expect.any(String)] });
  });

  it('marks every answer uncacheable and unsniffable by default', async () => {
    const response = await apiHandler(() => json([]))(new Request('http://localhost/api/x'));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});
