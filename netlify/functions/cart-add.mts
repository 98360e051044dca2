import type { Config } from '@netlify/functions';
import { AddToCartQuerySchema } from '~/lib/shared/schemas/shop';
import { addToCart } from '~/server/domain/shop/cart';
import { readQuery } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';
import { checkShopParams, courseIdParam } from '~/server/http/shop-params';

/**
 * POST /api/Cart/addtocart/{clientCode},{courseId},{userId}?batch=&seats=: 200 the cart; 404
 * unknown course; 409 bought; 400 a bad seat count or a batch not open for this course.
 */
export default apiHandler({ methods: ['POST'], auth: 'user' }, async ({ request, params, user, now }) => {
  checkShopParams(params, user);
  const courseId = courseIdParam(params);
  const query = readQuery(request, AddToCartQuerySchema);
  const seats = query.seats === undefined ? undefined : Number(query.seats);
  return json(await addToCart(user.userId, courseId, { batchId: query.batch, seats }, now));
});

// The mixed-case words in both spellings: why in src/server/http/shop-params.ts.
export const config: Config = {
  path: '/api/(Cart|cart)/addtocart/:clientCode,:courseId,:userId',
};
