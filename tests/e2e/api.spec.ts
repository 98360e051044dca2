/** The API as a black box through the real router: what no unit test of one function can show. */
import { expect, test } from '@playwright/test';

test('an unknown /api/* address answers a JSON 404 in the error shape, not the site', async ({ request }) => {
  for (const path of ['/api/nope', '/api/Cart/unknown/x', '/api']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(await response.json()).toEqual({ errors: [expect.any(String)] });
  }
});

test('a cookie that cannot be URL-decoded is ignored, not a 500', async ({ request }) => {
  const response = await request.get('/api/courses', { headers: { cookie: 'XSRF-TOKEN=%E0%A4%A' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['set-cookie']).toMatch(/^XSRF-TOKEN=/);
});

test('the catalogue answers no-store, like every API answer', async ({ request }) => {
  const response = await request.get('/api/courses');
  expect(response.headers()['cache-control']).toBe('no-store');
});

test('a method nothing answers (TRACE) is a 405 in the error shape, never a 500 with a stack trace', async ({
  request,
}) => {
  for (const path of ['/api/courses', '/']) {
    const response = await request.fetch(path, { method: 'TRACE' });
    expect(response.status(), path).toBe(405);
    expect(response.headers()['allow']).toContain('GET');
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ errors: ['This site does not answer TRACE requests.'] });
    expect(text).not.toMatch(/\.m?[jt]s|node_modules/);
  }
});
