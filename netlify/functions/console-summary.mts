import type { Config } from '@netlify/functions';
import { MonthQuerySchema } from '~/lib/shared/schemas/console';
import { gstr1SummaryOf } from '~/server/domain/console/gstr1-month';
import { readQuery } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/**
 * GET /api/console/summary?month=YYYY-MM (staff only): the month's GSTR-1 totals in rupees, net
 * of credit notes (issue 29; API.md).
 */
export default apiHandler({ methods: ['GET'], auth: 'staff' }, async ({ request, now }) => {
  const { month } = readQuery(request, MonthQuerySchema);
  return json(await gstr1SummaryOf(month, now));
});

export const config: Config = { path: '/api/console/summary' };
