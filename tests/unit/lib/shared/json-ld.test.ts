import { describe, expect, it } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import {
  blogPostingJsonLd,
  caseStudyJsonLd,
  courseJsonLd,
  organizationId,
  organizationJsonLd,
  serializeJsonLd,
} from '~/lib/shared/json-ld';

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

  it('offers the price charged in each currency, rupees in India and dollars elsewhere (DECISIONS 46), and runs online for its hours', () => {
    for (const each of courses) {
      const jsonLd = courseJsonLd(each, origin);
      const url = `https://example.in/courses/${each.slug}`;
      expect(jsonLd['offers']).toEqual([
        {
          '@type': 'Offer',
          category: 'Paid',
          price: each.discountedFeesCents / 100,
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          url,
          ineligibleRegion: 'IN',
        },
        {
          '@type': 'Offer',
          category: 'Paid',
          price: each.discountedFeesPaise / 100,
          priceCurrency: 'INR',
          availability: 'https://schema.org/InStock',
          url,
          eligibleRegion: 'IN',
        },
      ]);
      expect(jsonLd['timeRequired']).toBe(`PT${each.durationHours}H`);
      // The build knows no batch: the course as run online for its teaching hours.
      expect(jsonLd['hasCourseInstance']).toEqual([
        {
          '@type': 'CourseInstance',
          courseMode: 'Online',
          courseWorkload: `PT${each.durationHours}H`,
          location: { '@type': 'VirtualLocation', url },
        },
      ]);
    }
  });
});

describe('blogPostingJsonLd and caseStudyJsonLd (DECISIONS 65)', () => {
  const facts = {
    path: '/career/blogs/gst-basics',
    title: 'GST basics',
    description: 'What a GST invoice must show.',
    date: new Date('2026-08-18'),
    images: ['/career/blogs/gst-basics/og.png', '/_astro/cover.png'],
    tags: ['GST', 'ERP'],
    wordCount: 812,
  };

  it('describes a post at its address, dated by day, with absolute pictures and the company as publisher', () => {
    const node = blogPostingJsonLd(
      facts,
      { name: 'Rohan Patwardhan', jobTitle: 'CTO', url: '/who-we-are/leadership' },
      origin,
    );
    expect(node).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      url: 'https://example.in/career/blogs/gst-basics',
      mainEntityOfPage: 'https://example.in/career/blogs/gst-basics',
      headline: 'GST basics',
      description: 'What a GST invoice must show.',
      image: ['https://example.in/career/blogs/gst-basics/og.png', 'https://example.in/_astro/cover.png'],
      datePublished: '2026-08-18',
      dateModified: '2026-08-18',
      keywords: 'GST, ERP',
      wordCount: 812,
      publisher: { '@id': organizationId(origin) },
      author: {
        '@type': 'Person',
        name: 'Rohan Patwardhan',
        jobTitle: 'CTO',
        url: 'https://example.in/who-we-are/leadership',
      },
    });
  });

  it('dates the last change when there was one, and leaves out what a writer lacks', () => {
    const node = blogPostingJsonLd(
      { ...facts, updated: new Date('2026-09-01') },
      { name: 'A Guest' },
      origin,
    );
    expect(node['dateModified']).toBe('2026-09-01');
    expect(node['author']).toEqual({
      '@type': 'Person',
      name: 'A Guest',
      worksFor: { '@id': organizationId(origin) },
    });
  });

  it('describes a case study as an Article by the company about the client sector', () => {
    const node = caseStudyJsonLd({ ...facts, path: '/who-we-are/case-studies/pharma' }, 'Healthcare', origin);
    expect(node).toMatchObject({
      '@type': 'Article',
      url: 'https://example.in/who-we-are/case-studies/pharma',
      about: 'Healthcare',
      author: { '@type': 'Organization', '@id': organizationId(origin) },
    });
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element it is written into', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
