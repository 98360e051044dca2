/**
 * The course catalogue (`src/content/courses.json`), validated once and shared by pages and
 * functions. Prices always come from here, never from the browser (DECISIONS 10).
 */
import data from '~/content/courses.json';
import { CourseSchema, type Course, type CourseSummary } from '~/lib/shared/schemas/course';

/** All courses, in catalogue order. Throws at start-up if the file breaks the schema. */
export const courses: readonly Course[] = CourseSchema.array()
  .min(1)
  .superRefine((list, ctx) => {
    const ids = new Set<number>();
    for (const course of list) {
      if (ids.has(course.id)) ctx.addIssue({ code: 'custom', message: `Duplicate course id ${course.id}.` });
      ids.add(course.id);
    }
  })
  .parse(data);

/** The course with this id, or undefined. */
export function findCourse(id: number): Course | undefined {
  return courses.find((course) => course.id === id);
}

/** The public fields of a course, as API answers carry them (API.md). */
export function toCourseSummary(course: Course): CourseSummary {
  const { id, name, url, review, fees, discountedFees, courseOverview } = course;
  return { id, name, url, review, fees, discountedFees, courseOverview };
}
