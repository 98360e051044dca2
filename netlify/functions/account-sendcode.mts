import type { Config } from '@netlify/functions';
import { SendCodeRequestSchema } from '~/lib/shared/schemas/account';
import { accountDeps, sendCode } from '~/server/domain/auth/accounts';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/** POST /api/account/sendcode: stores the pending sign-up and mails a code; the same answer for a registered e-mail. */
export default apiHandler({ methods: ['POST'], body: SendCodeRequestSchema }, async (call) =>
  json(await sendCode(call.body, call.clientAddress, accountDeps(call))),
);

export const config: Config = { path: '/api/account/sendcode' };
