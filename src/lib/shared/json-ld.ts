import { coursePath, isoHours } from '~/lib/shared/course-pages';
import { availabilityOf, courseInstances, courseOffers } from '~/lib/shared/course-json-ld';
import type { Batch } from '~/lib/shared/schemas/batch-public';
import type { Course } from '~/lib/shared/schemas/course';
import { site } from '~/site.config';

export { serializeJsonLd } from '~/lib/shared/json-ld-block';

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
 * schema.org `Course` for a course page, as Google's course info rich result asks (issue 42, item
 * 9): the company's Organization as provider; an offer in each currency (the price charged in
 * rupees to a buyer in India, in dollars to anyone else: DECISIONS 46), each a paid course; and a
 * `CourseInstance` per open batch (`batches`; DECISIONS 54), or, with none known (the build), the
 * course run online for its teaching hours, which the page's batch picker replaces by the open
 * batches once it has them (`withOpenBatches`).
 */
export function courseJsonLd(
  course: Course,
  origin: URL | undefined,
  batches?: readonly Batch[],
): Record<string, unknown> {
  const base = origin ?? fallbackOrigin;
  const url = new URL(coursePath(course), base).href;
  const workload = isoHours(course.durationHours);
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
    timeRequired: workload,
    teaches: course.outcomes,
    provider: {
      '@type': 'Organization',
      '@id': organizationId(base),
      name: site.legalName,
      sameAs: base.href,
    },
    offers: courseOffers(
      { usdCents: course.discountedFeesCents, inrPaise: course.discountedFeesPaise },
      url,
      availabilityOf(batches),
    ),
    hasCourseInstance: courseInstances(batches, url, workload),
  };
}

/** What the JSON-LD of a post or case study page says (DECISIONS 65). */
export interface ArticleFacts {
  /** The page's path, e.g. `/career/blogs/{slug}`. */
  readonly path: string;
  readonly title: string;
  readonly description: string;
  /** Publication day. */
  readonly date: Date;
  /** Day of the last real change, when there was one. */
  readonly updated?: Date | undefined;
  /** Paths or URLs of the page's pictures: the share image first, then the cover. */
  readonly images: readonly string[];
  readonly tags?: readonly string[] | undefined;
  readonly wordCount?: number | undefined;
}

/** `2026-08-18T00:00:00.000Z` -> `2026-08-18`: the day, as the content file wrote it. */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function articleBase(
  type: 'BlogPosting' | 'Article',
  facts: ArticleFacts,
  base: URL,
): Record<string, unknown> {
  const url = new URL(facts.path, base).href;
  return {
    '@context': 'https://schema.org',
    '@type': type,
    '@id': `${url}#article`,
    url,
    mainEntityOfPage: url,
    headline: facts.title,
    description: facts.description,
    image: facts.images.map((image) => new URL(image, base).href),
    datePublished: isoDay(facts.date),
    dateModified: isoDay(facts.updated ?? facts.date),
    inLanguage: 'en-IN',
    ...(facts.tags && facts.tags.length > 0 ? { keywords: facts.tags.join(', ') } : {}),
    ...(facts.wordCount ? { wordCount: facts.wordCount } : {}),
    publisher: { '@type': 'Organization', '@id': organizationId(base), name: site.legalName },
  };
}

/**
 * schema.org `BlogPosting` for a post: its writer a `Person` (with their job title and the
 * leadership page when they are on it), the company its publisher.
 */
export function blogPostingJsonLd(
  facts: ArticleFacts,
  author: {
    readonly name: string;
    readonly jobTitle?: string | undefined;
    readonly url?: string | undefined;
  },
  origin: URL | undefined,
): Record<string, unknown> {
  const base = origin ?? fallbackOrigin;
  return {
    ...articleBase('BlogPosting', facts, base),
    author: {
      '@type': 'Person',
      name: author.name,
      ...(author.jobTitle ? { jobTitle: author.jobTitle } : {}),
      ...(author.url ? { url: new URL(author.url, base).href } : {}),
      worksFor: { '@id': organizationId(base) },
    },
  };
}

/** schema.org `Article` for a case study: written by the company, about the client's sector. */
export function caseStudyJsonLd(
  facts: ArticleFacts,
  sector: string,
  origin: URL | undefined,
): Record<string, unknown> {
  const base = origin ?? fallbackOrigin;
  return {
    ...articleBase('Article', facts, base),
    articleSection: 'Case studies',
    about: sector,
    author: { '@type': 'Organization', '@id': organizationId(base), name: site.legalName },
  };
}
