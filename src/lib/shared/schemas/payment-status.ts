/**
 * A payment the buyer started, as the checkout page follows it (API.md `GET
 * /api/payments/{paymentNo}/status`; issue 28, item 3). Re-exported by `./payments`.
 */
import * as z from '~/lib/shared/zod';

/** `GET /api/payments/{paymentNo}/status`: what became of a payment the buyer started. */
export const PaymentStatusSchema = z.object({
  state: z.enum(['waiting', 'placed', 'failed', 'refunded']),
  /** The order it placed (`placed`). */
  orderNo: z.optional(z.string()),
  /** A sentence for the buyer; always given when `failed` or `refunded`. */
  message: z.optional(z.string()),
});
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/**
 * Our payment numbers, as the checkout answers them (`{userId}.{n}`: letters, digits, `-`, `_`,
 * `.`). A user id is base64url, so it may begin with `-` or `_` (1 in 32 accounts): a pattern that
 * wanted a letter or digit first made their checkout page forget the payment it came back from.
 */
export const PAYMENT_NO_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,79}$/;
