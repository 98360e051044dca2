import type { Config } from '@netlify/functions';
import { staffMemberOf } from '~/server/domain/auth/staff';
import { consolePage } from '~/server/http/staff-page';
import { sessionUserOf } from '~/server/http/session';

/**
 * GET /console (DECISIONS 39): the company console to staff; to anyone else (signed out, a
 * customer) the site's 404 page with status 404, as for any address that does not exist.
 */
export default async (request: Request): Promise<Response> => {
  const reading = request.method === 'GET' || request.method === 'HEAD';
  const staff = reading && (await staffMemberOf(await sessionUserOf(request, new Date()))) !== undefined;
  return consolePage(request, staff);
};

export const config: Config = { path: '/console' };
