import type { Config } from '@netlify/functions';
import { ContactRequestSchema } from '~/lib/shared/schemas/contact';
import { acceptContactMessage } from '~/server/domain/contact';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/**
 * POST /api/contact/sendmail (API.md): validate, store, answer 200 once stored; the e-mails go
 * out after the answer (a failure leaves them queued for the retry job).
 */
export default apiHandler(
  { methods: ['POST'], body: ContactRequestSchema },
  async ({ body, clientAddress, now, mail, settings }) => {
    await acceptContactMessage(body, clientAddress, { mail, settings: settings.mail, now: () => now });
    return json({ ok: true });
  },
);

export const config: Config = { path: '/api/contact/sendmail' };
