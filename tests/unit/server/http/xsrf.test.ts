import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCookie } from '~/server/http/cookies';
import {
  hasValidXsrfToken,
  issueXsrfToken,
  xsrfCookieFor,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '~/server/http/xsrf';
import { useXsrfSecret } from '../../../support/browser-headers';

useXsrfSecret();

const request = (method: string, headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/x', { method, headers });
/** A browser's request carrying `token` as cookie and header, and the session cookie when given. */
const withToken = (token: string, session?: string, extra: Record<string, string> = {}) =>
  request('POST', {
    cookie: [`other=1`, `${XSRF_COOKIE}=${token}`, ...(session ? [`session=${session}`] : [])].join('; '),
    [XSRF_HEADER]: token,
    ...extra,
  });
const answer = (setCookie?: string) =>
  new Response(null, setCookie ? { headers: { 'Set-Cookie': setCookie } } : {});

describe('XSRF tokens the server made (DECISIONS 8, 44)', () => {
  it('lets safe methods through without a token', async () => {
    expect(await hasValidXsrfToken(request('GET'))).toBe(true);
    expect(await hasValidXsrfToken(request('HEAD'))).toBe(true);
  });

  it('accepts a POST whose header equals its cookie, a token made for its session', async () => {
    expect(await hasValidXsrfToken(withToken(await issueXsrfToken(undefined)))).toBe(true);
    expect(await hasValidXsrfToken(withToken(await issueXsrfToken('session-one'), 'session-one'))).toBe(true);
  });

  it('refuses a token made for another session, or for none once signed in', async () => {
    expect(await hasValidXsrfToken(withToken(await issueXsrfToken('session-one'), 'session-two'))).toBe(
      false,
    );
    expect(await hasValidXsrfToken(withToken(await issueXsrfToken(undefined), 'session-two'))).toBe(false);
    expect(await hasValidXsrfToken(withToken(await issueXsrfToken('session-one')))).toBe(false);
  });

  it('refuses any pair of equal strings it did not make (property; the old check took any 32+)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[A-Za-z0-9_.-]{32,80}$/), async (forged) => {
        return (await hasValidXsrfToken(withToken(forged))) === false;
      }),
    );
    const real = await issueXsrfToken(undefined);
    const flipped = real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A');
    expect(await hasValidXsrfToken(withToken(flipped))).toBe(false);
  });

  it.each([
    ['no cookie, no header', {}],
    ['a cookie but no header', 'cookie'],
    ['a header but no cookie', 'header'],
  ])('refuses a POST with %s', async (_label, which) => {
    const token = await issueXsrfToken(undefined);
    const headers =
      which === 'cookie'
        ? { cookie: `${XSRF_COOKIE}=${token}` }
        : which === 'header'
          ? { [XSRF_HEADER]: token }
          : {};
    expect(await hasValidXsrfToken(request('POST', headers))).toBe(false);
    expect(await hasValidXsrfToken(request('DELETE', headers))).toBe(false);
  });

  it('refuses a state change another site sends, even with a good token', async () => {
    const token = await issueXsrfToken(undefined);
    for (const extra of [
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
    ]) {
      expect(await hasValidXsrfToken(withToken(token, undefined, extra))).toBe(false);
    }
    for (const extra of [{ 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost' }, {}]) {
      expect(await hasValidXsrfToken(withToken(token, undefined, extra))).toBe(true);
    }
  });

  it('gives a token when the request has none or a bad one, and keeps a good one', async () => {
    const first = await xsrfCookieFor(request('GET'), answer());
    const second = await xsrfCookieFor(request('GET'), answer());
    expect(first).toMatch(/^XSRF-TOKEN=[\w-]{24}\.[\w-]{43}; Path=\/; SameSite=Lax$/);
    expect(first).not.toBe(second);
    const good = await issueXsrfToken(undefined);
    expect(
      await xsrfCookieFor(request('GET', { cookie: `${XSRF_COOKIE}=${good}` }), answer()),
    ).toBeUndefined();
    expect(
      await xsrfCookieFor(request('GET', { cookie: `${XSRF_COOKIE}=${'a'.repeat(43)}` }), answer()),
    ).toMatch(/^XSRF-TOKEN=/);
    expect(await xsrfCookieFor(new Request('https://example.com/api/x'), answer())).toContain('; Secure');
  });

  it('renews the token when the answer signs in or out, bound to the new session', async () => {
    const good = await issueXsrfToken(undefined);
    const signIn = await xsrfCookieFor(
      request('POST', { cookie: `${XSRF_COOKIE}=${good}` }),
      answer('session=new-session-token; Path=/; HttpOnly; SameSite=Lax'),
    );
    const renewed = /^XSRF-TOKEN=([^;]+)/.exec(signIn ?? '')?.[1];
    expect(renewed).not.toBe(good);
    expect(await hasValidXsrfToken(withToken(renewed!, 'new-session-token'))).toBe(true);
    const signOut = await xsrfCookieFor(
      request('POST', { cookie: `${XSRF_COOKIE}=${renewed}; session=new-session-token` }),
      answer('session=; Path=/; SameSite=Lax; Max-Age=0; HttpOnly'),
    );
    const after = /^XSRF-TOKEN=([^;]+)/.exec(signOut ?? '')?.[1];
    expect(await hasValidXsrfToken(withToken(after!))).toBe(true);
  });

  it('reads a cookie by exact name', () => {
    const r = request('GET', { cookie: 'XSRF-TOKEN-OLD=1; XSRF-TOKEN=two%3D; a=b' });
    expect(readCookie(r, 'XSRF-TOKEN')).toBe('two=');
    expect(readCookie(r, 'missing')).toBeUndefined();
  });
});
