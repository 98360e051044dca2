import type { Config } from '@netlify/functions';
import { DeleteAccountRequestSchema } from '~/lib/shared/schemas/account';
import { accountDeps } from '~/server/domain/auth/accounts';
import { closeAccount } from '~/server/domain/auth/close-account';
import { apiHandler } from '~/server/http/handler';
import { clearSessionCookie } from '~/server/http/session';

/**
 * POST /api/account/delete: the password and DELETE; the account is closed as DECISIONS 63 says,
 * the cookie cleared and a closing mail sent. 204.
 */
export default apiHandler(
  { methods: ['POST'], auth: 'user', body: DeleteAccountRequestSchema },
  async (call) => {
    await closeAccount(call.user, call.body, call.clientAddress, accountDeps(call));
    return new Response(null, { status: 204, headers: { 'Set-Cookie': clearSessionCookie(call.request) } });
  },
);

export const config: Config = { path: '/api/account/delete' };
