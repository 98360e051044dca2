import type { Config } from '@netlify/functions';
import { receiveWebhook } from '~/server/domain/payments/checkout-payment';
import { readLimitedText } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { paymentDepsOf } from '~/server/http/payment-deps';
import { errors, json } from '~/server/http/responses';

/**
 * POST /api/payments/webhook: Razorpay's servers report events, signed over the raw body
 * (`X-Razorpay-Signature`). Payments go through the one decision (placed or refused), failed
 * payments and refunds are recorded; 200 for every well-signed event, 400 for a bad signature.
 */
export default apiHandler({ methods: ['POST'], caller: 'gateway' }, async (call) => {
  const deps = paymentDepsOf(call);
  if (!deps) return errors(400, ['Payments are not set up.']);
  const { request } = call;
  const placed = await receiveWebhook(
    await readLimitedText(request),
    request.headers.get('x-razorpay-signature'),
    deps,
  );
  return json({ received: true, ...(placed ? { orderNo: placed } : {}) });
});

export const config: Config = { path: '/api/payments/webhook' };
