import type { Config } from '@netlify/functions';
import { RefundRequestSchema } from '~/lib/shared/schemas/payments';
import { refundOrder } from '~/server/domain/payments/refunds';
import { apiHandler } from '~/server/http/handler';
import { paymentDepsOf } from '~/server/http/payment-deps';
import { errors, json } from '~/server/http/responses';
import { PAYMENTS_OFF } from '~/server/domain/payments/gateway';

/**
 * POST /api/console/orders/{orderNo}/refunds (staff only): body `{courseIds?, reason}`, header
 * `Idempotency-Key` (one refund however often pressed); 201 `{refund}` with its credit note; 409
 * when nothing of that is left to refund.
 */
export default apiHandler({ methods: ['POST'], auth: 'staff', body: RefundRequestSchema }, async (call) => {
  const deps = paymentDepsOf(call);
  if (!deps) return errors(503, [PAYMENTS_OFF]);
  const key = call.request.headers.get('idempotency-key')?.trim().slice(0, 200) || undefined;
  const refund = await refundOrder(
    { ...call.body, orderNo: call.params['orderNo'] ?? '', idempotencyKey: key, staff: call.user },
    deps,
  );
  return json({ refund }, { status: 201 });
});

export const config: Config = { path: '/api/console/orders/:orderNo/refunds' };
