import { afterAll, beforeAll } from 'vitest';
import { resetServerEnv } from '~/server/env';
import { issueXsrfToken, XSRF_COOKIE, XSRF_HEADER } from '~/server/http/xsrf';

/**
 * The cookies and header a page of the site sends to the API: an XSRF token the server made for
 * `session` (DECISIONS 44) as cookie and header, and the session cookie when given.
 */
export async function browserHeaders(session?: string): Promise<Record<string, string>> {
  const token = await issueXsrfToken(session);
  return {
    cookie: [`${XSRF_COOKIE}=${token}`, ...(session ? [`session=${session}`] : [])].join('; '),
    [XSRF_HEADER]: token,
  };
}

/**
 * Gives this file's tests an XSRF key from the settings (`XSRF_SECRET`), for files that run
 * without a blob store to keep the made one in.
 */
export function useXsrfSecret(secret = 'unit-test-xsrf-key-of-at-least-32-characters'): void {
  beforeAll(() => {
    process.env['XSRF_SECRET'] = secret;
    resetServerEnv();
  });
  afterAll(() => {
    delete process.env['XSRF_SECRET'];
    resetServerEnv();
  });
}
