import type { Config } from '@netlify/functions';
import { courses, toCourseSummary } from '~/lib/shared/catalogue';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

const catalogue = courses.map(toCourseSummary);

/** GET /api/courses: the training catalogue (API.md). */
export default apiHandler({ methods: ['GET'] }, () => json(catalogue));

export const config: Config = { path: '/api/courses' };
