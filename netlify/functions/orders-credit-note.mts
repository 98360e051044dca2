import type { Config } from '@netlify/functions';
import { staffMemberOf } from '~/server/domain/auth/staff';
import { creditNoteFor } from '~/server/domain/payments/refunds';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/**
 * GET /api/orders/{orderNo}/credit-notes/{creditNoteNo}: the credit note as issued, to its buyer
 * or staff; 404 for anyone else.
 */
export default apiHandler({ methods: ['GET'], auth: 'user' }, async ({ params, user }) =>
  json(
    await creditNoteFor(user.userId, params['orderNo'] ?? '', params['creditNoteNo'] ?? '', {
      anyOrder: (await staffMemberOf(user)) !== undefined,
    }),
  ),
);

export const config: Config = { path: '/api/orders/:orderNo/credit-notes/:creditNoteNo' };
