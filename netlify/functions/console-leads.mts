import type { Config } from '@netlify/functions';
import { LeadsQuerySchema } from '~/lib/shared/schemas/console';
import { listLeads } from '~/server/domain/console/leads';
import { readQuery } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/** GET /api/console/leads?status=&q=&cursor= (staff only): a page of leads, newest first. */
export default apiHandler({ methods: ['GET'], auth: 'staff' }, async ({ request, now }) => {
  const page = await listLeads(readQuery(request, LeadsQuerySchema), now);
  return json({ items: page.items, cursor: page.cursor ?? null });
});

export const config: Config = { path: '/api/console/leads' };
