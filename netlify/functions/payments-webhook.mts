import type { Config } from '@netlify/functions';
import { receiveWebhook } from '~/server/domain/payments/checkout-payment';
import { paymentGatewayOf } from '~/server/domain/payments/gateway';
import { readLimitedText } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { errors, json } from '~/server/http/responses';

/**
 * POST /api/payments/webhook: Razorpay's servers report events, signed over the raw body
 * (`X-Razorpay-Signature`). A captured payment places its order if the callback has not; 200 for
 * every well-signed event, 400 for a bad signature.
 */
export default apiHandler(
  { methods: ['POST'], caller: 'gateway' },
  async ({ request, mail, now, settings }) => {
    const gateway = paymentGatewayOf(settings, () => now);
    if (!gateway) return errors(400, ['Payments are not set up.']);
    const placed = await receiveWebhook(
      await readLimitedText(request),
      request.headers.get('x-razorpay-signature'),
      { mail, now: () => now, siteUrl: settings.siteUrl, gateway },
    );
    return json({ received: true, ...(placed ? { orderNo: placed } : {}) });
  },
);

export const config: Config = { path: '/api/payments/webhook' };
