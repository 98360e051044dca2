import type { Config } from '@netlify/functions';
import { MailQuerySchema } from '~/lib/shared/schemas/console';
import { listMail } from '~/server/domain/console/mail';
import { readQuery } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/** GET /api/console/mail?status=pending|failed (staff only): queued e-mails, newest first. */
export default apiHandler({ methods: ['GET'], auth: 'staff' }, async ({ request }) =>
  json({ items: await listMail(readQuery(request, MailQuerySchema).status) }),
);

export const config: Config = { path: '/api/console/mail' };
