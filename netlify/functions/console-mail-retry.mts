import type { Config } from '@netlify/functions';
import { retryMailNow } from '~/server/domain/console/mail';
import { mailDeps } from '~/server/domain/mail-queue';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/** POST /api/console/mail/{id}/retry (staff only): send one queued e-mail now. */
export default apiHandler({ methods: ['POST'], auth: 'staff' }, async ({ params }) =>
  json(await retryMailNow(params['id'] ?? '', mailDeps())),
);

export const config: Config = { path: '/api/console/mail/:id/retry' };
