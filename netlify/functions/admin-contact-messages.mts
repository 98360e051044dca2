import type { Config } from '@netlify/functions';
import { listContactMessagesForMaintainers } from '~/server/domain/contact';
import { requireAdmin } from '~/server/http/admin';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/**
 * GET /api/admin/contact-messages[?status=all]: for maintainers (bearer ADMIN_TOKEN). Lists the
 * contact messages with an e-mail not sent (pending or failed), or all of them.
 */
export default apiHandler({ methods: ['GET'] }, async ({ request }) => {
  requireAdmin(request);
  const all = new URL(request.url).searchParams.get('status') === 'all';
  return json(await listContactMessagesForMaintainers({ all }));
});

export const config: Config = { path: '/api/admin/contact-messages' };
