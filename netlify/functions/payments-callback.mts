import type { Config } from '@netlify/functions';
import { completePayment } from '~/server/domain/payments/checkout-payment';
import { readFormFields } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { paymentDepsOf } from '~/server/http/payment-deps';
import { seeOther } from '~/server/http/responses';

/**
 * POST /api/payments/callback: the gateway sends the buyer back here (a form post, cross-site: no
 * XSRF token, no session cookie). The payment's signature and the gateway's own word decide;
 * 303 to `/checkout?placed={orderNo}` (with `&payment=refunded` when this was a second payment
 * of an order already placed, refunded), or to `/checkout?payment=failed` with nothing kept.
 */
export default apiHandler({ methods: ['POST'], caller: 'gateway' }, async (call) => {
  const failed = '/checkout?payment=failed';
  const deps = paymentDepsOf(call);
  if (!deps) return seeOther(failed);
  const outcome = await completePayment(await readFormFields(call.request), deps).catch((error: unknown) => ({
    failed: error instanceof Error ? error.message : String(error),
  }));
  if ('placed' in outcome) return seeOther(`/checkout?placed=${encodeURIComponent(outcome.placed)}`);
  if ('refused' in outcome && outcome.orderNo !== undefined)
    return seeOther(`/checkout?placed=${encodeURIComponent(outcome.orderNo)}&payment=refunded`);
  console.warn('[payments] the callback placed no order:', 'failed' in outcome ? outcome.failed : 'refused');
  return seeOther(failed);
});

export const config: Config = { path: '/api/payments/callback' };
