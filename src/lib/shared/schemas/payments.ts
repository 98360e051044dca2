/*
 * Payments and refunds (API.md, Payments and Company console; DECISIONS 48-49; issue 28): the
 * buyer's payment status, the console's payments list and refund request, shared by the browser
 * and the functions. zod/mini, as the browser loads it.
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

/** What became of a payment (the console's words are its labels). */
export const PaymentOutcomeSchema = z.enum([
  'pending',
  'order',
  'refunded',
  'not-captured',
  'failed',
  'attention',
]);

/** One row of `GET /api/console/payments`. */
export const PaymentRowSchema = z.object({
  paymentId: z.string(),
  gatewayOrderId: z.string(),
  /** The checkout's payment number (null when the gateway order is not one of ours). */
  paymentNo: z.nullable(z.string()),
  orderNo: z.optional(z.string()),
  /** In dollars (or rupees), as on the invoice. */
  amount: z.number(),
  currency: z.string(),
  /** The gateway's status when last seen. */
  status: z.string(),
  outcome: PaymentOutcomeSchema,
  /** Why it was refused, failed or needs attention. */
  reason: z.nullable(z.string()),
  /** The refund asked for it, with its state. */
  refund: z.nullable(
    z.object({ id: z.nullable(z.string()), state: z.enum(['requested', 'pending', 'processed', 'failed']) }),
  ),
  /** When the gateway first told of it (ISO 8601). */
  at: z.string(),
});
export type PaymentRow = z.infer<typeof PaymentRowSchema>;

/** `GET /api/console/payments?status=attention|all&cursor=` (attention when absent). */
export const PaymentsQuerySchema = z.object({
  status: z._default(z.enum(['attention', 'all'], 'Choose attention or all.'), 'attention'),
  cursor: z.optional(z.string().check(z.maxLength(400))),
});

/** Its answer; `warning` when the site's settings need staff (test keys on the live site). */
export const PaymentPageSchema = z.object({
  items: z.array(PaymentRowSchema),
  cursor: z.nullable(z.string()),
  warning: z.optional(z.string()),
});
