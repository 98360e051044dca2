import type { Config } from '@netlify/functions';
import { ExportQuerySchema } from '~/lib/shared/schemas/console';
import { leadsCsv, salesRegisterCsv } from '~/server/domain/console/exports';
import { NotFound } from '~/server/domain/errors';
import { readQuery } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { csv } from '~/server/http/responses';

const EXPORTS = { 'leads.csv': leadsCsv, 'sales-register.csv': salesRegisterCsv } as const;

/**
 * GET /api/console/export/leads.csv and /api/console/export/sales-register.csv?from=&to= (staff
 * only): a CSV download of the leads or the GST sales register of a date range (days in India).
 */
export default apiHandler({ methods: ['GET'], auth: 'staff' }, async ({ request, params, now }) => {
  const name = params['file'] ?? '';
  if (!Object.hasOwn(EXPORTS, name)) throw new NotFound(['There is no such API address.']);
  const range = readQuery(request, ExportQuerySchema);
  const text = await EXPORTS[name as keyof typeof EXPORTS](range, now);
  const span = [range.from, range.to].filter(Boolean).join('-to-');
  return csv(text, name.replace('.csv', span ? `-${span}.csv` : '.csv'));
});

export const config: Config = { path: '/api/console/export/:file' };
