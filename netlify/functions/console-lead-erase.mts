import type { Config } from '@netlify/functions';
import { LeadEraseRequestSchema } from '~/lib/shared/schemas/console';
import { eraseLeadAsStaff } from '~/server/domain/console/leads';
import { apiHandler } from '~/server/http/handler';

/**
 * POST /api/console/leads/{id}/erase (staff only; API.md, Company console; DECISIONS 63): erases
 * the lead's personal data with a reason; 204, also when it was erased before.
 */
export default apiHandler(
  { methods: ['POST'], auth: 'staff', body: LeadEraseRequestSchema },
  async ({ params, body, user, now }) => {
    await eraseLeadAsStaff(params['id'] ?? '', body.reason, user, now);
    return new Response(null, { status: 204 });
  },
);

export const config: Config = { path: '/api/console/leads/:id/erase' };
