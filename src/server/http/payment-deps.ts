/**
 * The one deps builder of the payment handlers (issue 32, item 5): checkout, callback, webhook and
 * the test gateway get the gateway, mail, clock and return origin the same way.
 */
import type { PaymentDeps } from '~/server/domain/payments/checkout-payment';
import { paymentGatewayOf, returnOriginOf } from '~/server/domain/payments/gateway';
import { queueEnrolmentMails } from '~/server/domain/students/student-notices';
import type { ApiCall } from '~/server/http/handler';

/** The setting without which a live site takes no payment (issue 28, item 7). */
const WEBHOOK_SECRET_SETTING = 'RAZORPAY_WEBHOOK_SECRET';

/**
 * What a payment handler needs, or undefined when the site takes no payment: production without
 * Razorpay keys, or (`forCheckout`) Razorpay keys without a webhook secret, since a buyer who
 * closes the tab after paying would then get no order (logged, naming the setting).
 */
export function paymentDepsOf(
  call: Pick<ApiCall<unknown, unknown>, 'request' | 'mail' | 'now' | 'settings'>,
  options: { readonly forCheckout?: boolean } = {},
): PaymentDeps | undefined {
  const { request, mail, now, settings } = call;
  const gateway = paymentGatewayOf(settings, () => now);
  if (!gateway) return undefined;
  if (options.forCheckout && settings.razorpay && settings.razorpay.webhookSecret === undefined) {
    console.error(
      `[payments] checkout refused: ${WEBHOOK_SECRET_SETTING} is not set, so a payment whose buyer closes the tab would place no order`,
    );
    return undefined;
  }
  return {
    mail,
    now: () => now,
    siteUrl: settings.siteUrl,
    // Each enrolment of a placed order: the joining mails with the .ics (DECISIONS 56), once per key.
    enrolled: (enrolment) => queueEnrolmentMails(enrolment, { mail, siteUrl: settings.siteUrl }),
    gateway,
    returnOrigin: returnOriginOf(gateway, request.url, settings.siteUrl),
  };
}
