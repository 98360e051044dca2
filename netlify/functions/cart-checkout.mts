import type { Config } from '@netlify/functions';
import { CheckoutRequestSchema } from '~/lib/shared/schemas/billing';
import { beginPayment } from '~/server/domain/payments/checkout-payment';
import { paymentGatewayOf, PAYMENTS_OFF, returnOriginOf } from '~/server/domain/payments/gateway';
import { apiHandler } from '~/server/http/handler';
import { errors, json } from '~/server/http/responses';
import { checkShopParams } from '~/server/http/shop-params';

/**
 * POST /api/Cart/checkout/{clientCode},{userId}: with billing details (and what the page showed),
 * starts one payment per cart (and per Idempotency-Key) and answers `{paymentNo, gateway}`, the
 * form the browser posts to the gateway; 400 'Your cart is empty' or the billing hints; 409 with
 * the cart when it changed; 503 in production without Razorpay keys.
 */
export default apiHandler(
  { methods: ['POST'], auth: 'user', body: CheckoutRequestSchema },
  async ({ request, params, user, body, mail, now, settings }) => {
    checkShopParams(params, user);
    const gateway = paymentGatewayOf(settings, () => now);
    if (!gateway) return errors(503, [PAYMENTS_OFF]);
    const key = request.headers.get('idempotency-key')?.trim().slice(0, 200) || undefined;
    const { expect, ...billing } = body;
    const answer = await beginPayment(
      { userId: user.userId, idempotencyKey: key, billing, expect },
      {
        mail,
        now: () => now,
        siteUrl: settings.siteUrl,
        gateway,
        returnOrigin: returnOriginOf(gateway, request.url, settings.siteUrl),
      },
    );
    return json(answer);
  },
);

// The mixed-case words in both spellings: why in src/server/http/shop-params.ts.
export const config: Config = {
  path: '/api/(Cart|cart)/checkout/:clientCode,:userId',
};
