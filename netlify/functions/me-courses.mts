import type { Config } from '@netlify/functions';
import { myCourses } from '~/server/domain/students/my-courses';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/** GET /api/me/courses: the session user's enrolments, as buyer or attendee (DECISIONS 56). */
export default apiHandler({ methods: ['GET'], auth: 'user' }, async ({ user }) =>
  json(await myCourses(user.userId)),
);

export const config: Config = { path: '/api/me/courses' };
