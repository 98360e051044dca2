/**
 * The course catalogue (`src/content/courses.json`), validated once and shared by pages and
 * functions. Prices always come from here, never from the browser (DECISIONS 10).
 */
import data from '~/content/courses.json';
import { majorFromMinor, usdFromCents } from '~/lib/shared/money';
import type { CourseSummary } from '~/lib/shared/schemas/course';
import { CatalogueFileSchema, type Course } from '~/lib/shared/schemas/course-catalogue';

/** All courses, in catalogue order. Throws at start-up if the file breaks the schema. */
export const courses: readonly Course[] = CatalogueFileSchema.parse(data).courses;

const byId = new Map(courses.map((course) => [course.id, course]));

/** The course with this id, or undefined. */
export function courseById(id: number): Course | undefined {
  return byId.get(id);
}

/** The public fields of a course, as API answers carry them (API.md): prices in dollars and rupees. */
export function toCourseSummary(course: Course): CourseSummary {
  const { id, name, url, review, courseOverview } = course;
  return {
    id,
    name,
    url,
    review,
    fees: usdFromCents(course.feesCents),
    discountedFees: usdFromCents(course.discountedFeesCents),
    feesInr: majorFromMinor(course.feesPaise),
    discountedFeesInr: majorFromMinor(course.discountedFeesPaise),
    courseOverview,
  };
}
