import type { Config } from '@netlify/functions';
import { CustomersQuerySchema } from '~/lib/shared/schemas/console';
import { listCustomers } from '~/server/domain/console/orders';
import { readQuery } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/** GET /api/console/customers?q=&cursor= (staff only): a page of customers, newest first. */
export default apiHandler({ methods: ['GET'], auth: 'staff' }, async ({ request, now }) => {
  const page = await listCustomers(readQuery(request, CustomersQuerySchema), now);
  return json({ items: page.items, cursor: page.cursor ?? null });
});

export const config: Config = { path: '/api/console/customers' };
