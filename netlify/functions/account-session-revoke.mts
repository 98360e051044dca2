import type { Config } from '@netlify/functions';
import { revokeDevice } from '~/server/domain/auth/your-account';
import { apiHandler } from '~/server/http/handler';
import { clearSessionCookie } from '~/server/http/session';

/**
 * POST /api/account/sessions/{id}/revoke: signs one device out, or with `others` every device but
 * this one; 204 (DECISIONS 62). Signing this very device out clears its cookie too.
 */
export default apiHandler({ methods: ['POST'], auth: 'user' }, async ({ request, user, params }) => {
  const { signedOutHere } = await revokeDevice(user, params['id'] ?? '');
  return new Response(null, {
    status: 204,
    headers: signedOutHere ? { 'Set-Cookie': clearSessionCookie(request) } : {},
  });
});

export const config: Config = { path: '/api/account/sessions/:id/revoke' };
