/*
 * What the browser reads of payments, refunds and credit notes (API.md: the payment status call,
 * Company console refunds and payments, credit notes; DECISIONS 48-49). zod/mini, as the browser
 * loads it. Amounts in these answers are rupees or dollars as on the invoice, with their currency.
 */
import * as z from '~/lib/shared/zod';
import { InvoiceSchema } from '~/lib/shared/schemas/shop';

/** What became of a payment the buyer started (`GET /api/payments/{paymentNo}/status`). */
export const PaymentStateSchema = z.enum(['waiting', 'placed', 'failed', 'refunded']);
export type PaymentState = z.infer<typeof PaymentStateSchema>;

export const PaymentStatusSchema = z.object({
  state: PaymentStateSchema,
  /** The order the payment placed (or, for a refunded extra payment, the order already placed). */
  orderNo: z.optional(z.string()),
  /** A sentence for the buyer; always given when failed or refunded (the amount and why). */
  message: z.optional(z.string()),
});
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** Our payment numbers, as the checkout answers them (`{userId}.{n}`: letters, digits, `-`, `_`, `.`). */
export const PAYMENT_NO_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$/;

/** A currency the shop charges in (DECISIONS 46). */
export const CurrencySchema = z.enum(['INR', 'USD']);
export type Currency = z.infer<typeof CurrencySchema>;

/** A payment as the console's Payments tab lists it (`GET /api/console/payments`). */
export const PaymentRowSchema = z.object({
  /** The gateway's payment id (`pay_…`). */
  paymentId: z.string(),
  /** The gateway's order id (`order_…`). */
  gatewayOrderId: z.string(),
  /** Our number for the checkout it paid. */
  paymentNo: z.string(),
  /** The order it placed, or the order it was a second payment for. */
  orderNo: z.optional(z.nullable(z.string())),
  /** In rupees or dollars, as on the invoice. */
  amount: z.number(),
  currency: z.string(),
  /** The gateway's state of the payment (e.g. `captured`, `authorized`, `failed`, `refunded`). */
  status: z.string(),
  /** What became of it: an order, refunded, failed, or needs attention. */
  outcome: z.string(),
  /** Why, in a sentence (the refund's reason, the gateway's failure text); null when there is none. */
  reason: z.optional(z.nullable(z.string())),
  /** When the gateway told us of it last (ISO 8601). */
  at: z.iso.datetime(),
});
export type PaymentRow = z.infer<typeof PaymentRowSchema>;

export const PaymentPageSchema = z.object({
  items: z.array(PaymentRowSchema),
  cursor: z.nullable(z.string()),
});

/** Which payments the Payments tab lists: those needing attention, or all. */
export const PaymentFilterSchema = z.enum(['attention', 'all']);
export type PaymentFilterStatus = z.infer<typeof PaymentFilterSchema>;

/** Longest reason staff may give for a refund. */
export const REFUND_REASON_MAX = 200;

export const REFUND_HINTS = {
  reason: 'Give a reason for the refund.',
  reasonLong: `The reason is too long (${REFUND_REASON_MAX} characters at most).`,
  courses: 'Choose at least one course to refund.',
} as const;

/** `POST /api/console/orders/{orderNo}/refunds` (none of `courseIds`: the whole order). */
export const RefundRequestSchema = z.object({
  courseIds: z.optional(z.array(z.int()).check(z.minLength(1, REFUND_HINTS.courses))),
  reason: z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, REFUND_HINTS.reason),
        z.maxLength(REFUND_REASON_MAX, REFUND_HINTS.reasonLong),
      ),
    z.transform((reason) => reason.trim()),
  ),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

/** A refund as the console shows it. */
export const RefundSchema = z.object({
  id: z.string(),
  /** In rupees or dollars, as on the invoice. */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['pending', 'processed', 'failed']),
  courseIds: z.array(z.int()),
  creditNoteNo: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const RefundAnswerSchema = z.object({ refund: RefundSchema });

/** A refund as the buyer's history shows it beside a course (`PurchasedItem.refund`). */
export const PurchaseRefundSchema = z.object({
  creditNoteNo: z.string(),
  /** In the order's currency, as on the credit note. */
  amount: z.number(),
  at: z.iso.datetime(),
});
export type PurchaseRefund = z.infer<typeof PurchaseRefundSchema>;

/** Credit note numbers: like order numbers, at most 16 characters of A-Z 0-9 - (DECISIONS 11, 49). */
export const CREDIT_NOTE_NO_PATTERN = /^[A-Z0-9-]{1,16}$/;

/**
 * A GST credit note (`GET /api/orders/{orderNo}/credit-notes/{creditNoteNo}`; DECISIONS 49): the
 * invoice's shape for what is given back, with its own number and date, the original invoice and
 * the reason.
 */
export const CreditNoteSchema = z.object({
  ...InvoiceSchema.shape,
  creditNoteNo: z.string(),
  /** When it was issued (ISO 8601). */
  creditNoteDate: z.iso.datetime(),
  originalInvoice: z.object({ orderNo: z.string(), orderDate: z.iso.datetime() }),
  reason: z.string(),
  currency: z.string(),
  amountStatus: z.optional(z.string()),
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;
