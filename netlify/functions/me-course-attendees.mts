import type { Config } from '@netlify/functions';
import { AttendeesRequestSchema } from '~/lib/shared/schemas/batch';
import { nameAttendees } from '~/server/domain/students/my-courses';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/**
 * POST /api/me/courses/{orderNo}/{courseId}/attendees (the buyer only): names the attendees of
 * the seats bought, at most one per seat, and whether they attend themselves; each new attendee
 * gets the joining mail (DECISIONS 55), each one taken off a cancellation (issue 42, item 6).
 */
export default apiHandler(
  { methods: ['POST'], auth: 'user', body: AttendeesRequestSchema },
  async ({ user, params, body, mail, settings, now }) =>
    json(
      await nameAttendees(
        user.userId,
        params['orderNo'] ?? '',
        params['courseId'] ?? '',
        { attendees: body.attendees, buyerAttends: body.buyerAttends },
        { mail, siteUrl: settings.siteUrl },
        body.notice,
        now,
      ),
    ),
);

export const config: Config = { path: '/api/me/courses/:orderNo/:courseId/attendees' };
