import type { Config } from '@netlify/functions';
import { ProfileUpdateRequestSchema } from '~/lib/shared/schemas/profile';
import { getProfile, updateProfile } from '~/server/domain/auth/your-account';
import { readBody } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/**
 * GET /api/account/profile: the signed-in account's name, e-mail, mobile and saved billing.
 * POST: changes the name, mobile or saved billing (docs/api.md, "Your account").
 */
export default apiHandler({ methods: ['GET', 'POST'], auth: 'user' }, async ({ request, user, now }) => {
  if (request.method !== 'POST') return json(await getProfile(user.userId));
  return json(await updateProfile(user.userId, await readBody(request, ProfileUpdateRequestSchema), now));
});

export const config: Config = { path: '/api/account/profile' };
