import type { Config } from '@netlify/functions';
import { invoiceOf } from '~/server/domain/shop/orders';
import { staffMemberOf } from '~/server/domain/auth/staff';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/** GET /api/orders/{orderNo}/invoice: everything the invoice page prints; 404 unknown or not yours. */
export default apiHandler({ methods: ['GET'], auth: 'user' }, async ({ params, user }) =>
  json(
    await invoiceOf(user.userId, params['orderNo'] ?? '', {
      anyOrder: (await staffMemberOf(user)) !== undefined,
    }),
  ),
);

export const config: Config = { path: '/api/orders/:orderNo/invoice' };
