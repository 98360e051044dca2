import type { Config } from '@netlify/functions';
import { OrdersQuerySchema } from '~/lib/shared/schemas/console';
import { listOrders } from '~/server/domain/console/orders';
import { readQuery } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/** GET /api/console/orders?from=&to=&q=&cursor= (staff only): a page of orders, newest first. */
export default apiHandler({ methods: ['GET'], auth: 'staff' }, async ({ request, now }) => {
  const page = await listOrders(readQuery(request, OrdersQuerySchema), now);
  return json({ items: page.items, cursor: page.cursor ?? null });
});

export const config: Config = { path: '/api/console/orders' };
