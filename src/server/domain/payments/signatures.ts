/**
 * Razorpay's signatures (API.md, Payments): the callback's is hex HMAC-SHA256 of
 * `order_id + "|" + payment_id` with the key secret; a webhook's is hex HMAC-SHA256 of the raw
 * body with the webhook secret. Compared in constant time; anything not 64 hex characters is
 * refused before comparing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** Hex HMAC-SHA256 of `message` with `secret`. */
export function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** True when `given` is the hex HMAC-SHA256 `expected`, compared in constant time. */
function sameSignature(given: string | null | undefined, expected: string): boolean {
  if (typeof given !== 'string' || !HEX_SHA256.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'));
}

/** The signature the gateway sends back with a successful payment. */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/** True when a callback's `razorpay_signature` is the gateway's for this order and payment. */
export function isValidPaymentSignature(
  fields: { readonly orderId: string; readonly paymentId: string; readonly signature: string | undefined },
  keySecret: string,
): boolean {
  return sameSignature(fields.signature, paymentSignature(fields.orderId, fields.paymentId, keySecret));
}

/** True when a webhook's `X-Razorpay-Signature` signs its raw body with the webhook secret. */
export function isValidWebhookSignature(
  rawBody: string | Buffer,
  signature: string | null | undefined,
  webhookSecret: string,
): boolean {
  return sameSignature(signature, hmacHex(webhookSecret, rawBody));
}
