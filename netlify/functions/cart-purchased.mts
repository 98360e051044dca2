import type { Config } from '@netlify/functions';
import { purchaseHistory } from '~/server/domain/shop/orders';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';
import { checkShopParams } from '~/server/http/shop-params';

/** GET /api/Cart/GetPurchasedCoursesByUser/{clientCode},{userId}: 200 the bought courses, newest first. */
export default apiHandler({ methods: ['GET'], auth: 'user' }, async ({ params, user }) => {
  checkShopParams(params, user);
  return json(await purchaseHistory(user.userId));
});

// The mixed-case words in both spellings: why in src/server/http/shop-params.ts.
export const config: Config = {
  path: '/api/(Cart|cart)/(GetPurchasedCoursesByUser|getpurchasedcoursesbyuser)/:clientCode,:userId',
};
