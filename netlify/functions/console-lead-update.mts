import type { Config } from '@netlify/functions';
import { LeadUpdateRequestSchema } from '~/lib/shared/schemas/console';
import { updateLead } from '~/server/domain/console/leads';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/** POST /api/console/leads/{id} (staff only): mark a lead new or handled, with a note. */
export default apiHandler(
  { methods: ['POST'], auth: 'staff', body: LeadUpdateRequestSchema },
  async ({ params, body, user, now }) => json(await updateLead(params['id'] ?? '', body, user, now)),
);

export const config: Config = { path: '/api/console/leads/:id' };
