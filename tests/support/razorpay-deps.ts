import type { OutgoingMail } from '~/server/domain/mail';
import type { PaymentDeps } from '~/server/domain/payments/checkout-payment';
import { paymentGatewayOf } from '~/server/domain/payments/gateway';
import { parseServerEnv } from '~/server/env';

/**
 * The payment domain's dependencies with live-looking Razorpay keys pointed at a fake Razorpay on
 * loopback (`apiUrl`): mail is collected in `mails`, the clock stands at `now`.
 */
export function razorpayDeps(apiUrl: string, now: Date, mails: OutgoingMail[]): PaymentDeps {
  const settings = parseServerEnv({
    RAZORPAY_KEY_ID: 'rzp_live_fake',
    RAZORPAY_KEY_SECRET: 'secret',
    RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
    RAZORPAY_API_URL: apiUrl,
  });
  return {
    mail: { queue: async (mail) => void mails.push(mail) },
    now: () => now,
    siteUrl: 'https://sis.example',
    gateway: paymentGatewayOf(settings)!,
    returnOrigin: 'https://sis.example',
  };
}
