import type { Config } from '@netlify/functions';
import { RegisterRequestSchema } from '~/lib/shared/schemas/account';
import { accountDeps, register } from '~/server/domain/auth/accounts';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';
import { sessionCookie } from '~/server/http/session';

/** POST /api/account/register: the code, then the account, then a session: 201 `{userid, username}`. */
export default apiHandler({ methods: ['POST'], body: RegisterRequestSchema }, async (call) => {
  const { user, session } = await register(call.body, accountDeps(call));
  return json(user, {
    status: 201,
    headers: { 'Set-Cookie': sessionCookie(call.request, session, call.now) },
  });
});

export const config: Config = { path: '/api/account/register' };
