/** The contact action shared by the contact page form and the footer's Get A Quote form. */
import * as z from '~/lib/shared/zod';
import { CONTACT_CLIENT, type ContactFields, type ContactFormName } from '~/lib/shared/schemas/contact';
import { ApiError, apiRequest } from '~/lib/client/api';
import { notifyError, notifySuccess } from '~/stores/notifications';

/** Toast texts, word for word from product-spec section 8. */
const CONTACT_TOASTS = {
  sent: 'Your message has been sent. We will get back to you soon.',
  failed: 'Your message could not be sent. Please try again.',
} as const;

const SentSchema = z.object({ ok: z.literal(true) });

/** Outcome of a send: ok, or the server's sentences to list under the form. */
export type ContactSendResult =
  { readonly ok: true } | { readonly ok: false; readonly errors: readonly string[] };

/**
 * Sends a message (fields already validated by the form with the shared schema) and shows the
 * success or failure toast. `website` is the honeypot's value (empty for people); `form` says
 * which form sent it; `notice` is the version of the notice shown beside it (DECISIONS 63).
 */
export async function sendContactMessage(
  fields: ContactFields,
  website: string,
  form: ContactFormName = 'contact',
  notice?: string,
): Promise<ContactSendResult> {
  try {
    await apiRequest('POST', '/api/contact/sendmail', SentSchema, {
      ...fields,
      client: CONTACT_CLIENT,
      form,
      ...(website ? { website } : {}),
      ...(notice ? { notice } : {}),
    });
    notifySuccess(CONTACT_TOASTS.sent);
    return { ok: true };
  } catch (error) {
    notifyError(CONTACT_TOASTS.failed);
    return { ok: false, errors: error instanceof ApiError ? error.messages : [String(error)] };
  }
}
