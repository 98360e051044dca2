/**
 * Addresses and page metadata of the course pages, derived from the catalogue so each course has
 * one canonical page and a unique title and description.
 */
import type { Course } from '~/lib/shared/schemas/course';

/** The canonical page of a course: `/courses/{slug}`. */
export function coursePath(course: Pick<Course, 'slug'>): string {
  return `/courses/${course.slug}`;
}

/** The original course link kept from the old site (DECISIONS 14): `/coursedetail?cid={id}`. */
export function courseDetailLink(course: Pick<Course, 'id'>): string {
  return `/coursedetail?cid=${course.id}`;
}

/**
 * At most `max` characters of `text`, cut at a word boundary and ended with an ellipsis when
 * shortened. Used for meta descriptions (search engines show about 160 characters).
 */
export function excerpt(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const words = lastSpace > 0 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s,;:.-]+$/, '')}…`;
}

/** The first sentence of `text` and the rest, for a lead paragraph followed by the body. */
export function splitFirstSentence(text: string): { first: string; rest: string } {
  const clean = text.replace(/\s+/g, ' ').trim();
  const match = /^(.+?[.!?])\s+(?=[A-Z0-9"'(])/.exec(clean);
  if (!match?.[1]) return { first: clean, rest: '' };
  return { first: match[1], rest: clean.slice(match[0].length) };
}

/** The <title> (without the company suffix) and meta description of a course page. */
export function courseMeta(course: Pick<Course, 'name' | 'courseOverview'>): {
  title: string;
  description: string;
} {
  return { title: `${course.name} Course`, description: excerpt(course.courseOverview, 160) };
}

/** Teaching hours as an ISO 8601 duration for schema.org (`40` -> `PT40H`). */
export function isoHours(hours: number): string {
  return `PT${hours}H`;
}
