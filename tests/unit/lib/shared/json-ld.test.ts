import { describe, expect, it } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { courseJsonLd, organizationId, organizationJsonLd, serializeJsonLd } from '~/lib/shared/json-ld';

const origin = new URL('https://example.in');

describe('courseJsonLd', () => {
  const course = courses[0]!;
  const node = courseJsonLd(course, origin);

  it('describes the course at its canonical address', () => {
    expect(node['@context']).toBe('https://schema.org');
    expect(node['@type']).toBe('Course');
    expect(node['name']).toBe(course.name);
    expect(node['description']).toBe(course.courseOverview);
    expect(node['url']).toBe(`https://example.in/courses/${course.slug}`);
  });

  it('names the company Organization as provider by the same @id', () => {
    const provider = node['provider'] as Record<string, unknown>;
    expect(provider['@type']).toBe('Organization');
    expect(provider['@id']).toBe(organizationId(origin));
    expect(organizationJsonLd(origin)['@id']).toBe(organizationId(origin));
  });

  it('offers the discounted fee in USD and runs online for its hours', () => {
    for (const each of courses) {
      const jsonLd = courseJsonLd(each, origin);
      const [offer] = jsonLd['offers'] as Record<string, unknown>[];
      expect(offer).toMatchObject({
        '@type': 'Offer',
        price: each.discountedFeesCents / 100,
        priceCurrency: 'USD',
      });
      const [instance] = jsonLd['hasCourseInstance'] as Record<string, unknown>[];
      expect(instance).toEqual({
        '@type': 'CourseInstance',
        courseMode: 'Online',
        courseWorkload: `PT${each.durationHours}H`,
      });
    }
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element it is written into', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
