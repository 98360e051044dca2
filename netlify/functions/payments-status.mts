import type { Config } from '@netlify/functions';
import { paymentStatusOf } from '~/server/domain/payments/payment-records';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/**
 * GET /api/payments/{paymentNo}/status: what became of a payment the buyer started (waiting,
 * placed, failed, refunded, with a sentence when failed or refunded); 404 for anyone else.
 */
export default apiHandler({ methods: ['GET'], auth: 'user' }, async ({ params, user }) =>
  json(await paymentStatusOf(user.userId, params['paymentNo'] ?? '')),
);

export const config: Config = { path: '/api/payments/:paymentNo/status' };
