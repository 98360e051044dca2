import type { Config } from '@netlify/functions';
import { ForgotRequestSchema } from '~/lib/shared/schemas/account';
import { accountDeps, forgot } from '~/server/domain/auth/accounts';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/** POST /api/account/forgot: the same answer whether or not the account exists; a code is mailed only if it does. */
export default apiHandler({ methods: ['POST'], body: ForgotRequestSchema }, async (call) =>
  json(await forgot(call.body, call.clientAddress, accountDeps(call))),
);

export const config: Config = { path: '/api/account/forgot' };
