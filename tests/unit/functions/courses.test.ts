import { describe, expect, it } from 'vitest';
import handler, { config } from '../../../netlify/functions/courses.mts';
import { browserHeaders, useXsrfSecret } from '../../support/browser-headers';

// No blob store here: the XSRF key comes from the settings.
useXsrfSecret();

describe('GET /api/courses', () => {
  it('is routed at /api/courses', () => {
    expect(config.path).toBe('/api/courses');
  });

  it('answers the nine courses in the API shape', async () => {
    const response = await handler(new Request('http://localhost/api/courses'));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: number; discountedFees: number }[];
    expect(body).toHaveLength(9);
    expect(body.map((course) => course.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('refuses other methods with 405 and an Allow header', async () => {
    const response = await handler(
      new Request('http://localhost/api/courses', { method: 'DELETE', headers: await browserHeaders() }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});
