/*
 * Payments and refunds (API.md, Payments and Company console; DECISIONS 48-49; issue 28): the
 * buyer's payment status, the console's payments list and refund request, shared by the browser
 * and the functions. zod/mini, as the browser loads it.
 */
import * as z from '~/lib/shared/zod';
import { InvoiceSchema } from '~/lib/shared/schemas/shop';

// What the buyer's checkout asks of a payment is in `./payment-status`: the checkout page loads it
// before a touch, and none of the console's shapes here (issue 20's budget).
export type { PaymentStatus } from './payment-status';

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
const PaymentRowSchema = z.object({
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

/** Longest reason staff may give for a refund. */
export const REFUND_REASON_MAX = 300;

/** `POST /api/console/orders/{orderNo}/refunds`: the courses (none: the whole order) and why. */
export const RefundRequestSchema = z.object({
  courseIds: z.optional(z.array(z.int()).check(z.minLength(1, 'Choose at least one course to refund.'))),
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, 'Say why the money goes back (3 characters at least).'),
      z.maxLength(REFUND_REASON_MAX, `The reason is too long (${REFUND_REASON_MAX} characters at most).`),
    ),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

/** A refund as the console shows it; `amount` in dollars (or rupees), as on the invoice. */
export const RefundSchema = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['pending', 'processed', 'failed']),
  courseIds: z.array(z.int()),
  creditNoteNo: z.nullable(z.string()),
});
export type Refund = z.infer<typeof RefundSchema>;

/**
 * A GST credit note (CGST Act s.34, Rule 53(1A)): the invoice's shape for the refunded lines, with
 * its own number and date, the original invoice and the reason; stored as issued.
 */
export const CreditNoteSchema = z.extend(z.omit(InvoiceSchema, { amountStatus: true }), {
  creditNoteNo: z.string(),
  /** When it was issued (ISO 8601). */
  creditNoteDate: z.iso.datetime(),
  originalInvoice: z.object({ orderNo: z.string(), orderDate: z.iso.datetime() }),
  reason: z.string(),
  amountStatus: z.literal('Refunded'),
  /** The refund it documents (our id). */
  refundId: z.string(),
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;

/** The answer of a refund request (201). */
export const RefundAnswerSchema = z.object({ refund: RefundSchema });

/** Which payments the Payments tab lists: those needing attention, or all. */
export type PaymentFilterStatus = z.infer<typeof PaymentsQuerySchema>['status'];

/** Credit note numbers (`SIS-CN2627-00001`): at most 16 characters of A-Z 0-9 -, as order numbers. */
export const CREDIT_NOTE_NO_PATTERN = /^[A-Z0-9-]{1,16}$/;
