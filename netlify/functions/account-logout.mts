import type { Config } from '@netlify/functions';
import { revokeSession } from '~/server/domain/auth/sessions';
import { apiHandler } from '~/server/http/handler';
import { clearSessionCookie, sessionTokenOf } from '~/server/http/session';

/** POST /api/account/logout: revokes the session server-side and clears the cookie; 204 also when signed out. */
export default apiHandler({ methods: ['POST'] }, async ({ request }) => {
  const token = sessionTokenOf(request);
  if (token) await revokeSession(token);
  return new Response(null, { status: 204, headers: { 'Set-Cookie': clearSessionCookie(request) } });
});

export const config: Config = { path: '/api/account/logout' };
