import type { Config } from '@netlify/functions';
import { MonthQuerySchema } from '~/lib/shared/schemas/console';
import { GSTR1_TABLES, type Gstr1Table } from '~/server/domain/console/gstr1';
import { gstr1CsvOf } from '~/server/domain/console/gstr1-month';
import { NotFound } from '~/server/domain/errors';
import { readQuery } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { csv } from '~/server/http/responses';

const isTable = (name: string): name is Gstr1Table => (GSTR1_TABLES as readonly string[]).includes(name);

/**
 * GET /api/console/export/gstr1/{table}.csv?month=YYYY-MM (staff only): one GSTR-1 table of the
 * month in the GST offline tool's CSV template (issue 29; API.md); an unknown table is a 404.
 */
export default apiHandler({ methods: ['GET'], auth: 'staff' }, async ({ request, params, now }) => {
  const table = /^(.+)\.csv$/.exec(params['file'] ?? '')?.[1] ?? '';
  if (!isTable(table)) throw new NotFound(['There is no such API address.']);
  const { month } = readQuery(request, MonthQuerySchema);
  return csv(await gstr1CsvOf(table, month, now), `gstr1-${table}-${month}.csv`);
});

export const config: Config = { path: '/api/console/export/gstr1/:file' };
