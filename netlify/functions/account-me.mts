import type { Config } from '@netlify/functions';
import { currentUser } from '~/server/domain/auth/accounts';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/** GET /api/account/me: the signed-in user (DECISIONS 18); 401 when signed out or expired. */
export default apiHandler({ methods: ['GET'], auth: 'user' }, async ({ user, settings }) =>
  json(await currentUser(user.userId, settings.staffEmails)),
);

export const config: Config = { path: '/api/account/me' };
