import type { Config } from '@netlify/functions';
import { PasswordChangeRequestSchema } from '~/lib/shared/schemas/account';
import { accountDeps } from '~/server/domain/auth/accounts';
import { changePassword } from '~/server/domain/auth/your-account';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/** POST /api/account/password: the current password and a new one; every other session ends (DECISIONS 62). */
export default apiHandler(
  { methods: ['POST'], auth: 'user', body: PasswordChangeRequestSchema },
  async (call) => json(await changePassword(call.user, call.body, call.clientAddress, accountDeps(call))),
);

export const config: Config = { path: '/api/account/password' };
