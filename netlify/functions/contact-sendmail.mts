import type { Config } from '@netlify/functions';
import { ContactRequestSchema } from '~/lib/shared/schemas/contact';
import { acceptContactMessage, contactDepsFromEnv, deliverContactMessage } from '~/server/domain/contact';
import { readBody } from '~/server/http/body';
import { clientAddressOf } from '~/server/http/client-address';
import { apiHandler } from '~/server/http/handler';
import { errors, json } from '~/server/http/responses';

/**
 * POST /api/contact/sendmail (API.md): validate, store, answer 200 once stored; the e-mails go
 * out after the answer (a failure leaves the message queued for the retry job).
 */
export default apiHandler(async (request, context) => {
  if (request.method !== 'POST')
    return errors(405, ['This address only answers POST.'], { headers: { Allow: 'POST' } });
  const input = await readBody(request, ContactRequestSchema);
  const deps = contactDepsFromEnv();
  const message = await acceptContactMessage(input, clientAddressOf(request, context), deps);
  if (message) {
    const delivery = deliverContactMessage(message.id, deps).catch((error: unknown) =>
      console.error('[contact] delivery attempt failed; the retry job will try again', message.id, error),
    );
    if (context?.waitUntil) context.waitUntil(delivery);
    else await delivery;
  }
  return json({ ok: true });
});

export const config: Config = { path: '/api/contact/sendmail' };
