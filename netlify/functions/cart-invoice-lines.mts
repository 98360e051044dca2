import type { Config } from '@netlify/functions';
import { invoiceLinesOf } from '~/server/domain/shop/orders';
import { staffMemberOf } from '~/server/domain/auth/staff';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';
import { checkShopParams } from '~/server/http/shop-params';

/** GET /api/Cart/GetCourseforInvoiceByOrderNo/{clientCode},{orderNo}: 200 the lines; 404 unknown or not yours. */
export default apiHandler({ methods: ['GET'], auth: 'user' }, async ({ params, user }) => {
  checkShopParams(params, user);
  return json(
    await invoiceLinesOf(user.userId, params['orderNo'] ?? '', {
      anyOrder: (await staffMemberOf(user)) !== undefined,
    }),
  );
});

// The mixed-case words in both spellings: why in src/server/http/shop-params.ts.
export const config: Config = {
  path: '/api/(Cart|cart)/(GetCourseforInvoiceByOrderNo|getcourseforinvoicebyorderno)/:clientCode,:orderNo',
};
