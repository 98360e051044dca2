import type { Config } from '@netlify/functions';
import { EmailChangeRequestSchema } from '~/lib/shared/schemas/account';
import { accountDeps } from '~/server/domain/auth/accounts';
import { requestEmailChange } from '~/server/domain/auth/your-account';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/** POST /api/account/email: the new address and the password; a code goes to the new address (DECISIONS 62). */
export default apiHandler({ methods: ['POST'], auth: 'user', body: EmailChangeRequestSchema }, async (call) =>
  json(await requestEmailChange(call.user.userId, call.body, call.clientAddress, accountDeps(call))),
);

export const config: Config = { path: '/api/account/email' };
