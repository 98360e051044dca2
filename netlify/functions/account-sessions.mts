import type { Config } from '@netlify/functions';
import { listDevices } from '~/server/domain/auth/your-account';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/** GET /api/account/sessions: the devices signed in to this account, this one first (DECISIONS 62). */
export default apiHandler({ methods: ['GET'], auth: 'user' }, async ({ user, now }) =>
  json(await listDevices(user, now)),
);

export const config: Config = { path: '/api/account/sessions' };
