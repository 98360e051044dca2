import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCookie } from '~/server/http/cookies';
import { hasValidXsrfToken, xsrfCookieFor, XSRF_COOKIE, XSRF_HEADER } from '~/server/http/xsrf';

const token = 'a'.repeat(43);
const request = (method: string, headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/x', { method, headers });

describe('XSRF double submit (DECISIONS 8)', () => {
  it('lets safe methods through without a token', () => {
    expect(hasValidXsrfToken(request('GET'))).toBe(true);
    expect(hasValidXsrfToken(request('HEAD'))).toBe(true);
  });

  it('accepts a POST whose header equals its cookie', () => {
    const ok = request('POST', { cookie: `other=1; ${XSRF_COOKIE}=${token}`, [XSRF_HEADER]: token });
    expect(hasValidXsrfToken(ok)).toBe(true);
  });

  it.each([
    ['no cookie, no header', {}],
    ['a cookie but no header', { cookie: `${XSRF_COOKIE}=${token}` }],
    ['a header but no cookie', { [XSRF_HEADER]: token }],
    ['a header that differs', { cookie: `${XSRF_COOKIE}=${token}`, [XSRF_HEADER]: 'b'.repeat(43) }],
    ['a too-short token', { cookie: `${XSRF_COOKIE}=abc`, [XSRF_HEADER]: 'abc' }],
  ])('refuses a POST with %s', (_label, headers) => {
    expect(hasValidXsrfToken(request('POST', headers))).toBe(false);
    expect(hasValidXsrfToken(request('DELETE', headers))).toBe(false);
  });

  it('refuses any header that is not the cookie (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), (header) => {
        fc.pre(header !== token && /^[\x20-\x7e]*$/.test(header));
        const forged = request('POST', { cookie: `${XSRF_COOKIE}=${token}`, [XSRF_HEADER]: header });
        return hasValidXsrfToken(forged) === false;
      }),
    );
  });

  it('issues a fresh random cookie only when the request has none', () => {
    const first = xsrfCookieFor(request('GET'));
    const second = xsrfCookieFor(request('GET'));
    expect(first).toMatch(/^XSRF-TOKEN=[\w-]{43}; Path=\/; SameSite=Lax$/);
    expect(first).not.toBe(second);
    expect(xsrfCookieFor(request('GET', { cookie: `${XSRF_COOKIE}=${token}` }))).toBeUndefined();
    expect(xsrfCookieFor(new Request('https://example.com/api/x'))).toContain('; Secure');
  });

  it('reads a cookie by exact name', () => {
    const r = request('GET', { cookie: 'XSRF-TOKEN-OLD=1; XSRF-TOKEN=two%3D; a=b' });
    expect(readCookie(r, 'XSRF-TOKEN')).toBe('two=');
    expect(readCookie(r, 'missing')).toBeUndefined();
  });
});
