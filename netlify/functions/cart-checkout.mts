import type { Config } from '@netlify/functions';
import { checkout } from '~/server/domain/shop/checkout';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';
import { checkShopParams } from '~/server/http/shop-params';

/**
 * POST /api/Cart/checkout/{clientCode},{userId}: places one order per cart (and per
 * Idempotency-Key); 200 the cart afterwards and header X-Order-No; 400 'Your cart is empty'.
 */
export default apiHandler(
  { methods: ['POST'], auth: 'user' },
  async ({ request, params, user, mail, now, settings }) => {
    checkShopParams(params, user);
    const key = request.headers.get('idempotency-key')?.trim().slice(0, 200) || undefined;
    const result = await checkout(user.userId, key, { mail, now: () => now, siteUrl: settings.siteUrl });
    return json(result.cart, { headers: { 'X-Order-No': result.orderNo } });
  },
);

// The mixed-case words in both spellings: why in src/server/http/shop-params.ts.
export const config: Config = {
  path: '/api/(Cart|cart)/checkout/:clientCode,:userId',
};
