import type { Config } from '@netlify/functions';
import { indianDay } from '~/lib/shared/dates';
import { accountData } from '~/server/domain/auth/account-data';
import { apiHandler } from '~/server/http/handler';

/** GET /api/account/data: everything held on the signed-in customer, one JSON file to keep (DECISIONS 63). */
export default apiHandler({ methods: ['GET'], auth: 'user' }, async ({ user, now }) => {
  const data = await accountData(user, now);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="my-data-${indianDay(now)}.json"`,
    },
  });
});

export const config: Config = { path: '/api/account/data' };
