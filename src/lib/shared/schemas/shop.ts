/*
 * The shop's API shapes (API.md, section Courses and shop), parsed by the browser and produced by
 * the functions. Amounts in these answers are dollars or rupees (the API's edge), in the currency
 * the answer names; everything behind them is integer minor units (cents, paise).
 */
import * as z from '~/lib/shared/zod';
import { CurrencySchema, UsdSchema } from '~/lib/shared/money';
import { CourseSummarySchema } from '~/lib/shared/schemas/course';

/** The client code of cart calls (product-spec section 9). */
export const SHOP_CLIENT = 'sispl';

/** Order numbers: `SIS-2627-000001`, at most 16 characters of A-Z 0-9 - (DECISIONS 11). */
export const ORDER_NO_PATTERN = /^[A-Z0-9-]{1,16}$/;

/**
 * A course in the cart: the catalogue's public fields, prices from the server (per seat), and the
 * batch and seats chosen (DECISIONS 54, 55). `batchId` is null only when the course has no open
 * batch for a line added before batches existed (checkout then asks for another batch).
 */
const CartItemSchema = z.extend(CourseSummarySchema, {
  // A cart cached in the browser before batches (localStorage `course`) reads as 'none chosen,
  // 1 seat' until the server's answer replaces it.
  batchId: z._default(z.nullable(z.string()), null),
  /** Seats of the batch, 1 to 20. */
  seats: z._default(z.int(), 1),
});
export type CartItem = z.infer<typeof CartItemSchema>;

/** The cart: what add, delete, load and checkout answer. */
export const CartSchema = z.array(CartItemSchema);

/**
 * A bought course: the cart item as paid, with its order. `fees` and `discountedFees` are the
 * prices paid, in `currency` (rupees for an order paid in INR), so the catalogue's other pair of
 * prices is left out: it was not paid.
 */
const PurchasedItemSchema = z.extend(
  z.omit(CartItemSchema, { feesInr: true, discountedFeesInr: true, batchId: true, seats: true }),
  {
    /** The batch and seats bought (orders before batches have none). */
    batchId: z.optional(z.string()),
    seats: z.optional(z.int()),
    orderNo: z.string(),
    /** When the order was placed (ISO 8601). */
    orderDate: z.iso.datetime(),
    /** The currency paid: `fees` and `discountedFees` are the prices paid, in it (DECISIONS 46). */
    currency: CurrencySchema,
    /**
     * Once refunded (issue 28): the line's amount given back in `currency` and when (ISO 8601); the
     * credit note once the gateway said the money went back (DECISIONS 49), none while pending.
     */
    refund: z.optional(
      z.object({ creditNoteNo: z.optional(z.string()), amount: UsdSchema, at: z.iso.datetime() }),
    ),
  },
);
export type PurchasedItem = z.infer<typeof PurchasedItemSchema>;

export const PurchasedItemsSchema = z.array(PurchasedItemSchema);

/** A line of `GetCourseforInvoiceByOrderNo`. */
export interface InvoiceLine {
  orderNo: string;
  /** ISO 8601. */
  orderDate: string;
  /** Price paid, in the order's currency (dollars, or rupees for an order paid in INR). */
  discountedFees: number;
  name: string;
  courseId: number;
}

/** Everything the invoice page prints (DECISIONS 13, 34, 46). Amounts in `currency`, major units. */
export const InvoiceSchema = z.object({
  orderNo: z.string(),
  orderDate: z.iso.datetime(),
  billTo: z.object({ name: z.string(), email: z.string() }),
  seller: z.object({
    legalName: z.string(),
    address: z.array(z.string()),
    gstin: z.string(),
    pan: z.string(),
    email: z.string(),
    phone: z.string(),
    placeOfSupply: z.string(),
    bank: z.object({
      accountName: z.string(),
      bankName: z.string(),
      branch: z.string(),
      accountNumber: z.string(),
      ifsc: z.string(),
    }),
  }),
  lines: z.array(
    z.object({
      courseId: z.int(),
      name: z.string(),
      sac: z.string(),
      qty: z.int(),
      /** Price paid, tax included. */
      price: UsdSchema,
      /** The price without GST. */
      taxableValue: UsdSchema,
    }),
  ),
  totals: z.object({
    taxable: UsdSchema,
    taxes: z.array(z.object({ label: z.string(), ratePct: z.number(), amount: UsdSchema })),
    total: UsdSchema,
  }),
  /** The total in words, e.g. 'US Dollars One Hundred Thirty-Nine and Fifty Cents Only'. */
  amountInWords: z.string(),
  /** The currency paid: INR for a buyer billed in India, USD elsewhere (DECISIONS 46). */
  currency: CurrencySchema,
  amountStatus: z.literal('Paid'),
  /** The buyer's billing details as given at checkout (orders before payments have none). */
  billing: z.optional(
    z.object({
      name: z.string(),
      /** ISO 3166-1 alpha-2, and its name. */
      country: z.string(),
      countryName: z.string(),
      /** GST state code and name, for India. */
      state: z.optional(z.string()),
      stateName: z.optional(z.string()),
      gstin: z.optional(z.string()),
      /** The buyer's address, when the invoice must print it (CGST Rule 46; DECISIONS 52). */
      address: z.optional(z.object({ line: z.string(), city: z.string(), postalCode: z.string() })),
    }),
  ),
  /**
   * A USD invoice's value in rupees (CGST Rule 34; DECISIONS 47): the payment's exchange rate
   * (rupees per dollar), the figures at that rate, and where the rate comes from.
   */
  inr: z.optional(
    z.object({
      rate: z.number(),
      taxable: UsdSchema,
      taxes: z.array(z.object({ label: z.string(), ratePct: z.number(), amount: UsdSchema })),
      total: UsdSchema,
      source: z.string(),
    }),
  ),
  /** CGST Rule 46(p): whether tax is payable on reverse charge, always 'Tax payable on reverse charge: No'. */
  reverseChargeNote: z.string(),
  /** Place of supply as printed: `Karnataka (29)`, or the country of an export. */
  placeOfSupply: z.optional(z.string()),
  /** The payment: which gateway took it and its reference (the gateway's payment id). */
  payment: z.optional(z.object({ gateway: z.enum(['razorpay', 'test']), reference: z.string() })),
  /** For an export: the legend of CGST Rule 46 with the LUT reference. */
  exportNote: z.optional(z.string()),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** The checkout answer (API.md): the browser posts `fields` as a form to `url`. */
export const CheckoutAnswerSchema = z.object({
  /** Our number for this payment (the gateway's receipt); not the order number. */
  paymentNo: z.string(),
  gateway: z.object({
    url: z.string(),
    fields: z.record(z.string(), z.string()),
  }),
});
export type CheckoutAnswer = z.infer<typeof CheckoutAnswerSchema>;
