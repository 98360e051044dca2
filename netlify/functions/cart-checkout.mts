import type { Config } from '@netlify/functions';
import { CheckoutRequestSchema } from '~/lib/shared/schemas/billing';
import { updateProfile } from '~/server/domain/auth/your-account';
import { startPayment } from '~/server/domain/payments/checkout-payment';
import { PAYMENTS_OFF } from '~/server/domain/payments/gateway';
import { apiHandler } from '~/server/http/handler';
import { paymentDepsOf } from '~/server/http/payment-deps';
import { errors, json } from '~/server/http/responses';
import { checkShopParams } from '~/server/http/shop-params';

/**
 * POST /api/Cart/checkout/{clientCode},{userId}: with billing details (and what the page showed),
 * starts one payment per cart (and per Idempotency-Key) and answers `{paymentNo, gateway}`, the
 * form the browser posts to the gateway; 400 'Your cart is empty' or the billing hints; 409 with
 * the cart when it changed; 503 in production without Razorpay keys, or with keys but no webhook
 * secret.
 */
export default apiHandler({ methods: ['POST'], auth: 'user', body: CheckoutRequestSchema }, async (call) => {
  const { request, params, user, body } = call;
  checkShopParams(params, user);
  const deps = paymentDepsOf(call, { forCheckout: true });
  if (!deps) return errors(503, [PAYMENTS_OFF]);
  const key = request.headers.get('idempotency-key')?.trim().slice(0, 200) || undefined;
  const { expect, notice, saveBilling, ...billing } = body;
  const started = await startPayment(
    { userId: user.userId, idempotencyKey: key, billing, expect, notice },
    deps,
  );
  // Ticked 'Save these details for my next checkout': the account keeps them (DECISIONS 62).
  if (saveBilling) await updateProfile(user.userId, { billing }, call.now);
  return json(started);
});

// The mixed-case words in both spellings: why in src/server/http/shop-params.ts.
export const config: Config = {
  path: '/api/(Cart|cart)/checkout/:clientCode,:userId',
};
