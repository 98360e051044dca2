import type { Config } from '@netlify/functions';
import { courses, toCourseSummary } from '~/lib/shared/catalogue';
import { apiHandler } from '~/server/http/handler';
import { errors, json } from '~/server/http/responses';

/** GET /api/courses: the training catalogue (API.md). */
export default apiHandler((request) => {
  if (request.method !== 'GET')
    return errors(405, ['This address only answers GET.'], { headers: { Allow: 'GET' } });
  return json(courses.map(toCourseSummary), { headers: { 'Cache-Control': 'public, max-age=300' } });
});

export const config: Config = { path: '/api/courses' };
