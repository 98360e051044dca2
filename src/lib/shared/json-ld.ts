import { coursePath, isoHours } from '~/lib/shared/course-pages';
import { usdFromCents } from '~/lib/shared/money';
import type { Course } from '~/lib/shared/schemas/course';
import { site } from '~/site.config';

const fallbackOrigin = new URL('http://localhost:8888');

/** The `@id` of the company's Organization node, so other nodes can refer to it. */
export function organizationId(origin: URL | undefined): string {
  return new URL('/#organization', origin ?? fallbackOrigin).href;
}

/** schema.org `Organization` for the company, embedded on every page. */
export function organizationJsonLd(origin: URL | undefined): Record<string, unknown> {
  const base = origin ?? fallbackOrigin;
  const office = site.addresses.registered;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(base),
    name: site.legalName,
    alternateName: site.name,
    url: base.href,
    logo: new URL('/favicon.svg', base).href,
    email: site.email,
    telephone: site.phones.map((phone) => phone.e164),
    foundingDate: String(site.foundingYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: office.lines.join(', '),
      addressLocality: office.city,
      addressRegion: office.state,
      postalCode: office.pin,
      addressCountry: 'IN',
    },
    description: site.tagline,
    sameAs: site.social.map((link) => link.href),
  };
}

/**
 * schema.org `Course` for a course page: provider is the company's Organization, the offer is the
 * discounted fee in USD, and the course runs online for its teaching hours.
 */
export function courseJsonLd(course: Course, origin: URL | undefined): Record<string, unknown> {
  const base = origin ?? fallbackOrigin;
  const url = new URL(coursePath(course), base).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    '@id': `${url}#course`,
    url,
    name: course.name,
    description: course.courseOverview,
    image: new URL(course.url, base).href,
    courseCode: String(course.id),
    educationalLevel: course.level,
    inLanguage: 'en',
    teaches: course.outcomes,
    provider: {
      '@type': 'Organization',
      '@id': organizationId(base),
      name: site.legalName,
      sameAs: base.href,
    },
    offers: [
      {
        '@type': 'Offer',
        category: 'Paid',
        price: usdFromCents(course.discountedFeesCents),
        priceCurrency: 'USD',
        url,
      },
    ],
    hasCourseInstance: [
      {
        '@type': 'CourseInstance',
        courseMode: 'Online',
        courseWorkload: isoHours(course.durationHours),
      },
    ],
  };
}

/** JSON for a `<script type="application/ld+json">` block: `<` escaped so text cannot end it. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
