/*
 * The company console (API.md, Company console; DECISIONS 39-40): what its lists answer and what
 * its changes take, shared by the console island and the functions. zod/mini, as the browser
 * loads it.
 */
import * as z from '~/lib/shared/zod';
import { ContactMessageSchema, ERASE_REASON_MAX, ErasureSchema } from '~/lib/shared/schemas/contact-message';
import { hasInvisibleOrControl } from '~/lib/shared/schemas/text';
import { MailDeliverySchema } from '~/lib/shared/schemas/mail-delivery';
import { UsdSchema } from '~/lib/shared/money';
import { RefundSchema } from '~/lib/shared/schemas/payments';
import { InvoiceSchema } from '~/lib/shared/schemas/shop';

/** Longest note staff may add to a lead. */
const LEAD_NOTE_MAX = 1000;

/** The hints the console's forms show and its functions answer. */
const CONSOLE_HINTS = {
  status: 'Choose new or handled.',
  note: `The note is too long (${LEAD_NOTE_MAX} characters at most).`,
  date: 'Enter dates as YYYY-MM-DD.',
  realDate: 'Enter a date that exists, from 2000-01-01 to 2099-12-31.',
  range: 'The start date must not be after the end date.',
  query: 'The search is too long (100 characters at most).',
  month: 'Choose a month as YYYY-MM, from 2000-01 to 2099-12.',
} as const;

/** A lead is new until staff mark it handled. */
const LeadStatusSchema = z.enum(['new', 'handled'], CONSOLE_HINTS.status);
export type LeadStatus = z.infer<typeof LeadStatusSchema>;

/** What staff recorded about a lead (none: new and untouched). */
export const LeadStateSchema = z.object({
  status: LeadStatusSchema,
  /** The staff member who last changed it: name and e-mail. */
  handledBy: z.string(),
  /** When it was last changed (ISO 8601). */
  handledAt: z.iso.datetime(),
  note: z.optional(z.string().check(z.maxLength(LEAD_NOTE_MAX, CONSOLE_HINTS.note))),
});
export type LeadState = z.infer<typeof LeadStateSchema>;

/** `POST /api/console/leads/{id}`. */
export const LeadUpdateRequestSchema = z.object({
  status: LeadStatusSchema,
  note: z.optional(
    z.pipe(
      z.string().check(z.maxLength(LEAD_NOTE_MAX, CONSOLE_HINTS.note)),
      z.transform((note) => note.trim()),
    ),
  ),
});
export type LeadUpdateRequest = z.infer<typeof LeadUpdateRequestSchema>;

/**
 * A lead as the console lists it: the stored message, its state and its e-mails' delivery. An
 * erased lead (DECISIONS 63) has `erased` (by whom, when, why) and empty name, phone, e-mail and
 * message, and no note.
 */
export const LeadSchema = z.object({
  ...ContactMessageSchema.shape,
  /** `+91` and 10 digits; empty once erased. */
  phone: z.string(),
  status: LeadStatusSchema,
  handledBy: z.nullable(z.string()),
  handledAt: z.nullable(z.iso.datetime()),
  note: z.nullable(z.string()),
  mail: z.object({ company: MailDeliverySchema, visitor: MailDeliverySchema }),
  erased: z.optional(ErasureSchema),
});
export type Lead = z.infer<typeof LeadSchema>;

/** What the erase dialog and `POST /api/console/leads/{id}/erase` say of a missing or long reason. */
export const ERASE_REASON_HINT = `Say why this lead is erased, in 1 to ${ERASE_REASON_MAX} characters.`;

/** `POST /api/console/leads/{id}/erase` (DECISIONS 63): why staff erase the lead. */
export const LeadEraseRequestSchema = z.strictObject({
  reason: z.string(ERASE_REASON_HINT).check(
    z.trim(),
    z.minLength(1, ERASE_REASON_HINT),
    z.maxLength(ERASE_REASON_MAX, ERASE_REASON_HINT),
    z.refine(
      (reason) => !hasInvisibleOrControl(reason),
      'The reason can only contain letters, digits, spaces and punctuation.',
    ),
  ),
});

const TaxLineSchema = z.object({ label: z.string(), ratePct: z.number(), amount: UsdSchema });

/** An order as the console lists it; amounts in US dollars, as on its invoice. */
export const OrderRowSchema = z.object({
  orderNo: z.string(),
  orderDate: z.iso.datetime(),
  buyer: z.object({ name: z.string(), email: z.string() }),
  /** The billing details given at checkout (orders placed before them have none). */
  billing: z.nullable(
    z.object({
      name: z.string(),
      country: z.string(),
      state: z.optional(z.string()),
      stateName: z.optional(z.string()),
      gstin: z.optional(z.string()),
    }),
  ),
  /** The place of supply as the invoice prints it. */
  placeOfSupply: z.string(),
  lines: z.array(
    z.object({
      courseId: z.int(),
      name: z.string(),
      /** The line's amount (all its seats). */
      price: UsdSchema,
      /** Seats bought (issue 31); absent on credit-note rows. */
      seats: z.optional(z.int()),
      /** The batch bought (issue 31); absent for orders from before batches. */
      batch: z.optional(z.object({ id: z.string(), startsOn: z.string(), schedule: z.string() })),
    }),
  ),
  totals: z.object({ taxable: UsdSchema, taxes: z.array(TaxLineSchema), total: UsdSchema }),
  currency: z.string(),
  /** The gateway's payment reference (orders placed before payments have none). */
  payment: z.nullable(z.object({ gateway: z.string(), reference: z.string() })),
  /** The refunds made of it, with their state and credit note (issue 28; none: none made). */
  refunds: z.optional(z.array(RefundSchema)),
  /**
   * A USD order's value in rupees as its invoice records it (DECISIONS 47: the payment's rate, the
   * figures at it, the rate's source); none for a rupee order or a USD one issued without a rate.
   */
  inr: InvoiceSchema.shape.inr,
});
export type OrderRow = z.infer<typeof OrderRowSchema>;

/** A customer as the console lists it. */
export const CustomerRowSchema = z.object({
  userid: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  createdAt: z.iso.datetime(),
  /** Orders placed. */
  orders: z.int(),
  /** What their orders are worth in rupees (a USD order at its invoice's rate; `rupeePaiseOf`). */
  spent: UsdSchema,
  /** When the customer closed the account (DECISIONS 63): name, e-mail and mobile are then empty. */
  closedAt: z.optional(z.iso.datetime()),
});
export type CustomerRow = z.infer<typeof CustomerRowSchema>;

/** Which queued e-mails the mail list shows. */
const MailStatusSchema = z.enum(['pending', 'failed'], 'Choose pending or failed.');
export type MailStatus = z.infer<typeof MailStatusSchema>;

/** A queued e-mail as the console lists it (no body: staff see who, what and why not). */
export const MailRowSchema = z.object({
  id: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  queuedAt: z.iso.datetime(),
  status: MailDeliverySchema.shape.status,
  tries: z.int(),
  lastError: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.iso.datetime()),
});
export type MailRow = z.infer<typeof MailRowSchema>;

/** A page of a console list and the cursor of the next (null after the last). */
function pageSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({ items: z.array(item), cursor: z.nullable(z.string()) });
}

export const LeadPageSchema = pageSchema(LeadSchema);
export const OrderPageSchema = pageSchema(OrderRowSchema);
export const CustomerPageSchema = pageSchema(CustomerRowSchema);
export const MailListSchema = z.object({ items: z.array(MailRowSchema) });

/** True for a day of the calendar (`2026-02-28`, not `2026-02-30`) from 2000 to 2099. */
function isCalendarDay(day: string): boolean {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, date));
  return (
    year >= 2000 &&
    year <= 2099 &&
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === month - 1 &&
    at.getUTCDate() === date
  );
}

/**
 * A day as the console's date filters take it: `2026-04-01` (a day in India), a real one in
 * 2000-2099, so a range always names a bounded stretch of real days (DECISIONS 53).
 */
export const DaySchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, CONSOLE_HINTS.date),
  z.refine((day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || isCalendarDay(day), CONSOLE_HINTS.realDate),
);

const QUERY_MAX = 100;
const searchText = z.optional(
  z.pipe(
    z.string().check(z.maxLength(QUERY_MAX, CONSOLE_HINTS.query)),
    z.transform((text) => text.trim().toLowerCase()),
  ),
);
const cursor = z.optional(z.string().check(z.maxLength(400)));

/** `GET /api/console/leads?status=&q=&cursor=` (status: all when absent). */
export const LeadsQuerySchema = z.object({
  status: z._default(z.enum(['new', 'handled', 'all'], 'Choose new, handled or all.'), 'all'),
  q: searchText,
  cursor,
});

/** A date range of days in India, both ends included (`from` and `to` optional). */
const DateRangeShape = { from: z.optional(DaySchema), to: z.optional(DaySchema) };

/** `GET /api/console/orders?from=&to=&q=&cursor=`. */
export const OrdersQuerySchema = z
  .object({ ...DateRangeShape, q: searchText, cursor })
  .check(z.refine((query) => !query.from || !query.to || query.from <= query.to, CONSOLE_HINTS.range));

/** `GET /api/console/customers?q=&cursor=`. */
export const CustomersQuerySchema = z.object({ q: searchText, cursor });

/** `GET /api/console/mail?status=` (pending when absent). */
export const MailQuerySchema = z.object({ status: z._default(MailStatusSchema, 'pending') });

/** The exports' `?from=&to=`. */
export const ExportQuerySchema = z
  .object(DateRangeShape)
  .check(z.refine((query) => !query.from || !query.to || query.from <= query.to, CONSOLE_HINTS.range));

/**
 * A USD document of a month that has no rupee value (DECISIONS 47): its payment recorded no rate
 * and staff have entered none for its day.
 */
const MissingRateSchema = z.object({
  /** Invoice or credit-note number. */
  number: z.string(),
  kind: z.enum(['invoice', 'credit note']),
  /** The day whose rate it needs (a credit note: its invoice's day), `2026-05-14`. */
  date: z.string(),
});
export type MissingRate = z.infer<typeof MissingRateSchema>;

/**
 * `GET /api/console/summary?month=` (API.md): the month's GSTR-1 totals in rupees, net of credit
 * notes; `invoices` and `creditNotes` are counts, `exports` the export value. The USD documents
 * with no rupee value are not in the figures: `missingRates` names them, oldest day first.
 */
export const Gstr1SummarySchema = z.object({
  month: z.string(),
  invoices: z.int(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  exports: z.number(),
  creditNotes: z.int(),
  net: z.number(),
  missingRates: z.array(MissingRateSchema),
});
export type Gstr1Summary = z.infer<typeof Gstr1SummarySchema>;

/** `?month=2026-05` of the console's GST returns (a real month, 2000-2099, as the days above). */
export const MonthQuerySchema = z.object({
  month: z.string(CONSOLE_HINTS.month).check(
    z.regex(/^\d{4}-\d{2}$/, CONSOLE_HINTS.month),
    z.refine((month) => !/^\d{4}-\d{2}$/.test(month) || isCalendarDay(`${month}-01`), CONSOLE_HINTS.month),
  ),
});

/** One store in a backup, as the console's Backups tab lists it (DECISIONS 61). */
const BackupStoreSchema = z.object({
  name: z.string(),
  records: z.int(),
  bytes: z.int(),
  sha256: z.string(),
});

/** A verified snapshot as `GET /api/console/backups` lists it, newest first. */
const BackupSchema = z.object({
  id: z.string(),
  /** When it was started (ISO 8601). */
  at: z.iso.datetime(),
  kind: z.enum(['nightly', 'monthly']),
  stores: z.array(BackupStoreSchema),
  offsite: z.enum(['copied', 'failed', 'off']),
  /** Why the last off-site copy failed. */
  offsiteError: z.optional(z.string()),
});
export type Backup = z.infer<typeof BackupSchema>;

export const BackupListSchema = z.object({ items: z.array(BackupSchema) });
