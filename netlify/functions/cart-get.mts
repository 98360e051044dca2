import type { Config } from '@netlify/functions';
import { cartItems } from '~/server/domain/shop/cart';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';
import { checkShopParams } from '~/server/http/shop-params';

/** GET /api/Cart/GetCoursesByUserForCart/{clientCode},{userId}: 200 the cart. */
export default apiHandler({ methods: ['GET'], auth: 'user' }, async ({ params, user, now }) => {
  checkShopParams(params, user);
  return json(await cartItems(user.userId, undefined, now));
});

// The mixed-case words in both spellings: why in src/server/http/shop-params.ts.
export const config: Config = {
  path: '/api/(Cart|cart)/(GetCoursesByUserForCart|getcoursesbyuserforcart)/:clientCode,:userId',
};
