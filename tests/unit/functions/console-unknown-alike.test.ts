/**
 * To anyone but staff every method on any /api/console/* address answers exactly as an address
 * that does not exist (API.md, Company console): OPTIONS, PATCH or an invented
 * method included, so no answer tells which console paths exist. Over HTTP, through Netlify's
 * routing, for every route a console function declares.
 */
import { listFunctions } from '@netlify/zip-it-and-ship-it';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetServerEnv } from '~/server/env';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';
import { browserHeaders } from '../../support/browser-headers';
import { functionRouter, type FunctionRouter } from '../../support/function-router';
import { newSignedInPerson } from '../../support/people';

const STAFF_EMAIL = 'alike-staff@example.com';
let router: FunctionRouter;
let blobs: RunningBlobsServer;
let consolePaths: string[];
let customer: { session: string };
let staff: { session: string };

beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  process.env['STAFF_EMAILS'] = STAFF_EMAIL;
  resetServerEnv();
  blobs = await startBlobsServer();
  router = await functionRouter();
  const functions = await listFunctions(
    [fileURLToPath(new URL('../../../netlify/functions', import.meta.url))],
    {
      parseISC: true,
    },
  );
  // Every declared console route, its parameters filled in.
  consolePaths = functions
    .flatMap((func) => func.routes ?? [])
    .map((route) => route.pattern)
    .filter((pattern) => pattern.startsWith('/api/console/'))
    .map((pattern) => pattern.replace(/:[A-Za-z]+/g, 'x1'));
  customer = await newSignedInPerson();
  staff = await newSignedInPerson({ email: STAFF_EMAIL, staff: true });
});
afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env['STAFF_EMAILS'];
  resetServerEnv();
  await blobs.stop();
});

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND'] as const;
const UNKNOWN = ['/api/console/no-such-thing', '/api/no-such-thing'];

/** An answer as a prober sees it: status, headers (the fresh XSRF token's value left out) and body. */
async function seen(
  method: string,
  path: string,
  who: { session?: string; xsrf: boolean },
): Promise<{ status: number; headers: [string, string][]; body: string }> {
  const headers: Record<string, string> = who.xsrf
    ? await browserHeaders(who.session)
    : who.session
      ? { cookie: `session=${who.session}` }
      : {};
  const response = await router.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      ...(['GET', 'HEAD'].includes(method) ? {} : { body: '{}' }),
    }),
  );
  return {
    status: response.status,
    headers: [...response.headers.entries()].map(([name, value]) => [
      name,
      name === 'set-cookie' ? value.replace(/XSRF-TOKEN=[^;]*/, 'XSRF-TOKEN=…') : value,
    ]),
    body: await response.text(),
  };
}

describe('console addresses to anyone but staff (API.md, Company console)', () => {
  it('answer every method exactly as an unknown address does', async () => {
    expect(consolePaths.length).toBeGreaterThanOrEqual(14);
    for (const who of [
      { xsrf: true },
      { xsrf: false },
      { session: customer.session, xsrf: true },
      { session: customer.session, xsrf: false },
    ]) {
      for (const method of METHODS) {
        const [expected, ...others] = await Promise.all(UNKNOWN.map((path) => seen(method, path, who)));
        for (const other of others) expect(other).toEqual(expected);
        for (const path of consolePaths) {
          expect(await seen(method, path, who), `${method} ${path} ${JSON.stringify(who)}`).toEqual(expected);
        }
      }
    }
  });

  it('an unknown address answers 404 whatever the method, a GET-only address still 405 with Allow', async () => {
    for (const method of METHODS) {
      const answer = await seen(method, '/api/no-such-thing', { xsrf: true });
      expect(answer.status, method).toBe(404);
    }
    const refused = await seen('OPTIONS', '/api/courses', { xsrf: true });
    expect(refused.status).toBe(405);
    expect(refused.headers).toContainEqual(['allow', 'GET']);
    // Staff still learn the methods of a console address.
    const forStaff = await seen('OPTIONS', '/api/console/leads', { session: staff.session, xsrf: true });
    expect(forStaff.status).toBe(405);
  });
});
