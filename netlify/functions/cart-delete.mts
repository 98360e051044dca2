import type { Config } from '@netlify/functions';
import { removeFromCart } from '~/server/domain/shop/cart';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';
import { checkShopParams, courseIdParam } from '~/server/http/shop-params';

/** POST /api/Cart/deletefromcart/{clientCode},{courseId},{userId}: 200 what remains. */
export default apiHandler({ methods: ['POST'], auth: 'user' }, async ({ params, user, now }) => {
  checkShopParams(params, user);
  return json(await removeFromCart(user.userId, courseIdParam(params), now));
});

// The mixed-case words in both spellings: why in src/server/http/shop-params.ts.
export const config: Config = {
  path: '/api/(Cart|cart)/deletefromcart/:clientCode,:courseId,:userId',
};
