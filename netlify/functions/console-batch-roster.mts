import type { Config } from '@netlify/functions';
import { batchRoster, batchRosterCsv } from '~/server/domain/students/roster';
import { apiHandler } from '~/server/http/handler';
import { csv, json } from '~/server/http/responses';

/**
 * GET /api/console/batches/{id}/roster and .../roster.csv (staff only): who is enrolled on a
 * batch, as JSON for the Batches tab or as a CSV download; 404 for an unknown batch.
 */
export default apiHandler({ methods: ['GET'], auth: 'staff' }, async ({ request, params }) => {
  const id = params['id'] ?? '';
  if (new URL(request.url).pathname.endsWith('.csv'))
    return csv(await batchRosterCsv(id), `roster-${id}.csv`);
  return json(await batchRoster(id));
});

export const config: Config = {
  path: ['/api/console/batches/:id/roster', '/api/console/batches/:id/roster.csv'],
};
