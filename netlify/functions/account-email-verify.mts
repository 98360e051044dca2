import type { Config } from '@netlify/functions';
import { EmailVerifyRequestSchema } from '~/lib/shared/schemas/account';
import { accountDeps } from '~/server/domain/auth/accounts';
import { verifyEmailChange } from '~/server/domain/auth/your-account';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/** POST /api/account/email/verify: the code from the new address; the account moves there, the old one is told. */
export default apiHandler({ methods: ['POST'], auth: 'user', body: EmailVerifyRequestSchema }, async (call) =>
  json(await verifyEmailChange(call.user.userId, call.body, accountDeps(call))),
);

export const config: Config = { path: '/api/account/email/verify' };
