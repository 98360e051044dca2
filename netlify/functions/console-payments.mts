import type { Config } from '@netlify/functions';
import { PaymentsQuerySchema } from '~/lib/shared/schemas/payments';
import { listPayments, paymentsWarningOf } from '~/server/domain/payments/payment-records';
import { readQuery } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/**
 * GET /api/console/payments?status=attention|all&cursor= (staff only): every payment the gateway
 * told of, newest first ('attention', the default: refunded, failed to refund, not matched), and a
 * warning when the live site runs on Razorpay's test keys.
 */
export default apiHandler({ methods: ['GET'], auth: 'staff' }, async ({ request, now, settings }) => {
  const page = await listPayments(readQuery(request, PaymentsQuerySchema), now);
  const warning = paymentsWarningOf(settings);
  return json({ items: page.items, cursor: page.cursor ?? null, ...(warning ? { warning } : {}) });
});

export const config: Config = { path: '/api/console/payments' };
