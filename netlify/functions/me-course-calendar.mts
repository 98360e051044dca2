import type { Config } from '@netlify/functions';
import { myCourseCalendar } from '~/server/domain/students/my-courses';
import { apiHandler } from '~/server/http/handler';
import { calendarFile } from '~/server/http/responses';

/**
 * GET /api/me/courses/{orderNo}/{courseId}/calendar.ics (its buyer or an attendee): the batch's
 * sessions as an RFC 5545 calendar file to add to any calendar (DECISIONS 56).
 */
export default apiHandler({ methods: ['GET'], auth: 'user' }, async ({ user, params, settings, now }) => {
  const file = await myCourseCalendar(
    user.userId,
    params['orderNo'] ?? '',
    params['courseId'] ?? '',
    settings.siteUrl,
    now,
  );
  return calendarFile(file.text, file.filename);
});

export const config: Config = { path: '/api/me/courses/:orderNo/:courseId/calendar.ics' };
