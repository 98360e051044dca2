import type { Config } from '@netlify/functions';
import { addToCart } from '~/server/domain/shop/cart';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';
import { checkShopParams, courseIdParam } from '~/server/http/shop-params';

/** POST /api/Cart/addtocart/{clientCode},{courseId},{userId}: 200 the cart; 404 unknown course; 409 bought. */
export default apiHandler({ methods: ['POST'], auth: 'user' }, async ({ params, user }) => {
  checkShopParams(params, user);
  return json(await addToCart(user.userId, courseIdParam(params)));
});

// The mixed-case words in both spellings: why in src/server/http/shop-params.ts.
export const config: Config = {
  path: '/api/(Cart|cart)/addtocart/:clientCode,:courseId,:userId',
};
