import type { Config } from '@netlify/functions';
import { SendCodeRequestSchema } from '~/lib/shared/schemas/account';
import { accountDeps, sendCode } from '~/server/domain/auth/accounts';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/** POST /api/account/sendcode: stores the pending sign-up and mails a code; the same answer for a registered e-mail. */
export default apiHandler(
  { methods: ['POST'], body: SendCodeRequestSchema },
  async ({ body, clientAddress, mail, now }) =>
    json(await sendCode(body, clientAddress, accountDeps({ mail, now }))),
);

export const config: Config = { path: '/api/account/sendcode' };
