import type { Config } from '@netlify/functions';
import { LoginRequestSchema } from '~/lib/shared/schemas/account';
import { accountDeps, login } from '~/server/domain/auth/accounts';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';
import { sessionCookie } from '~/server/http/session';

/** POST /api/account/login: e-mail or mobile and password; 401 'Invalid Credentials.!' either way. */
export default apiHandler({ methods: ['POST'], body: LoginRequestSchema }, async (call) => {
  const { user, session } = await login(call.body, call.clientAddress, accountDeps(call));
  return json(user, { headers: { 'Set-Cookie': sessionCookie(call.request, session, call.now) } });
});

export const config: Config = { path: '/api/account/login' };
