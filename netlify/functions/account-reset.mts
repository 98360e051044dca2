import type { Config } from '@netlify/functions';
import { ResetRequestSchema } from '~/lib/shared/schemas/account';
import { accountDeps, reset } from '~/server/domain/auth/accounts';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';
import { sessionCookie } from '~/server/http/session';

/** POST /api/account/reset: the code and a new password; every other session of the user is revoked. */
export default apiHandler({ methods: ['POST'], body: ResetRequestSchema }, async (call) => {
  const { user, session } = await reset(call.body, accountDeps(call));
  return json(user, { headers: { 'Set-Cookie': sessionCookie(call.request, session, call.now) } });
});

export const config: Config = { path: '/api/account/reset' };
