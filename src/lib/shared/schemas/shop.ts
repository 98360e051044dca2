/*
 * The shop's API shapes (API.md, "Courses and shop"), shared by the functions and the browser.
 * STAND-IN written by the browser side (issue10-browser) so its pages build and test; the server
 * side's version (issue10-server) replaces this file when it is merged. Amounts are US dollars
 * with at most two decimals, as API answers carry them; the browser converts them to cents.
 */
import * as z from 'zod/mini';
import { UsdSchema } from '~/lib/shared/money';
import { CourseSummarySchema } from '~/lib/shared/schemas/course';

/** Order numbers: at most 16 characters of `A-Z 0-9 -`, e.g. `SIS-2627-000001` (DECISIONS 11). */
const OrderNoSchema = z.string().check(z.regex(/^[A-Z0-9-]{1,16}$/, 'This is not an order number.'));

/** A course in the cart: the catalogue's public fields (id is the course id; prices in USD). */
export const CartItemSchema = CourseSummarySchema;
export type CartItem = z.infer<typeof CartItemSchema>;

/** A bought course: the cart item at the prices paid, with its order. */
export const PurchasedItemSchema = z.extend(CartItemSchema, {
  orderNo: OrderNoSchema,
  /** When the order was placed, ISO 8601. */
  orderDate: z.iso.datetime({ offset: true }),
});
export type PurchasedItem = z.infer<typeof PurchasedItemSchema>;

/** A line of `GET /api/Cart/GetCourseforInvoiceByOrderNo/...` (the original's invoice call). */
export const InvoiceLineSchema = z.object({
  orderNo: OrderNoSchema,
  /** ISO 8601. */
  orderDate: z.iso.datetime({ offset: true }),
  /** Price paid in USD. */
  discountedFees: UsdSchema,
  name: z.string(),
  courseId: z.int(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

/** The seller block of the invoice, from the site configuration. */
export const InvoiceSellerSchema = z.object({
  legalName: z.string(),
  /** Postal address, one line per entry. */
  address: z.array(z.string()),
  gstin: z.string(),
  pan: z.string(),
  /** State of the seller, which is the place of supply (DECISIONS 34). */
  state: z.string(),
  bank: z.object({
    accountName: z.string(),
    bankName: z.string(),
    branch: z.string(),
    accountNumber: z.string(),
    ifsc: z.string(),
  }),
});
export type InvoiceSeller = z.infer<typeof InvoiceSellerSchema>;

/** Everything the invoice page prints (`GET /api/orders/{orderNo}/invoice`). */
export const InvoiceSchema = z.object({
  orderNo: OrderNoSchema,
  /** ISO 8601. */
  orderDate: z.iso.datetime({ offset: true }),
  billTo: z.object({ name: z.string(), email: z.string() }),
  seller: InvoiceSellerSchema,
  lines: z.array(
    z.object({
      courseId: z.int(),
      name: z.string(),
      /** Services Accounting Code, `999293`. */
      sac: z.string(),
      qty: z.int().check(z.positive()),
      /** Price paid per unit in USD, GST included. */
      price: UsdSchema,
      /** The part of the line's amount before GST, in USD. */
      taxableValue: UsdSchema,
    }),
  ),
  totals: z.object({
    /** Sum of the lines' taxable values in USD. */
    taxable: UsdSchema,
    taxes: z.array(z.object({ label: z.string(), ratePct: z.number(), amount: UsdSchema })),
    /** What the buyer paid in USD. */
    total: UsdSchema,
  }),
  currency: z.literal('USD'),
  amountStatus: z.literal('Paid'),
  /** The total in words, e.g. "US Dollars One Hundred Thirty-Nine Only". */
  amountInWords: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
