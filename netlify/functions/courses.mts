import type { Config } from '@netlify/functions';
import { courses, toCourseSummary } from '~/lib/shared/catalogue';
import type { CatalogueCourse } from '~/lib/shared/schemas/batch';
import { openBatchesByCourse } from '~/server/domain/shop/batches';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

const catalogue = courses.map(toCourseSummary);

/** GET /api/courses: the training catalogue with each course's open batches (API.md; one listing of the batches). */
export default apiHandler({ methods: ['GET'] }, async ({ now }) => {
  // On a test site the seed batches are renewed when a course runs out; never elsewhere (DECISIONS 60).
  const open = await openBatchesByCourse(now, { keepDemoBatches: true });
  const answer: CatalogueCourse[] = catalogue.map((course) => ({
    ...course,
    batches: open.get(course.id) ?? [],
  }));
  return json(answer);
});

export const config: Config = { path: '/api/courses' };
