import type { Config } from '@netlify/functions';
import { completePayment } from '~/server/domain/payments/checkout-payment';
import { paymentGatewayOf, returnOriginOf } from '~/server/domain/payments/gateway';
import { readFormFields } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { seeOther } from '~/server/http/responses';

/**
 * POST /api/payments/callback: the gateway sends the buyer back here (a form post, cross-site: no
 * XSRF token, no session cookie). The payment's signature and the gateway's own word decide;
 * 303 to `/checkout?placed={orderNo}`, or to `/checkout?payment=failed` with nothing placed.
 */
export default apiHandler(
  { methods: ['POST'], caller: 'gateway' },
  async ({ request, mail, now, settings }) => {
    const failed = '/checkout?payment=failed';
    const gateway = paymentGatewayOf(settings, () => now);
    if (!gateway) return seeOther(failed);
    const fields = await readFormFields(request);
    const outcome = await completePayment(fields, {
      mail,
      now: () => now,
      siteUrl: settings.siteUrl,
      gateway,
      returnOrigin: returnOriginOf(gateway, request.url, settings.siteUrl),
    }).catch((error: unknown) => ({ failed: error instanceof Error ? error.message : String(error) }));
    if ('failed' in outcome) {
      console.warn('[payments] the callback placed no order:', outcome.failed);
      return seeOther(failed);
    }
    return seeOther(`/checkout?placed=${encodeURIComponent(outcome.placed)}`);
  },
);

export const config: Config = { path: '/api/payments/callback' };
