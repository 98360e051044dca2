import { describe, expect, it } from 'vitest';
import handler, { config } from '../../../netlify/functions/courses.mts';
import { CatalogueSchema } from '~/lib/shared/schemas/course';
import { browserHeaders, useXsrfSecret } from '../../support/browser-headers';
import { useBlobsServer } from '../../support/blobs-server';

// The XSRF key comes from the settings; the batches from the blob store (issue 31).
useXsrfSecret();
useBlobsServer();

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

  it("carries each course's open batches, seeded on a fresh site, without joining links", async () => {
    const response = await handler(new Request('http://localhost/api/courses'));
    const catalogue = CatalogueSchema.parse(await response.json());
    for (const course of catalogue) {
      expect(course.batches.map((batch) => batch.schedule)).toEqual([
        'Mon-Thu 19:00-21:00 IST',
        'Sat-Sun 10:00-13:00 IST',
      ]);
      expect(course.batches.every((batch) => batch.courseId === course.id && batch.seatsLeft === 25)).toBe(
        true,
      );
      expect(course.batches.every((batch) => !('joinUrl' in batch))).toBe(true);
    }
  });

  it('refuses other methods with 405 and an Allow header', async () => {
    const response = await handler(
      new Request('http://localhost/api/courses', { method: 'DELETE', headers: await browserHeaders() }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});
