/**
 * Billing details (API.md `Billing`; DECISIONS 37; issue 18): who the invoice is for and where,
 * which decides the tax (place of supply). One schema for the checkout form, the checkout
 * function and the stored pending payment.
 */
import * as z from '~/lib/shared/zod';
import { COUNTRY_CODES } from '~/lib/shared/countries';
import { CurrencySchema } from '~/lib/shared/money';
import { gstStateName, isValidGstin } from '~/lib/shared/gst';
import { NoticeFieldSchema } from '~/lib/shared/schemas/notice-field';
import { hasInvisibleOrControl, visibleCharactersOnly } from '~/lib/shared/schemas/text';

export const BILLING_LIMITS = {
  name: 80,
  /** A state or region abroad (India: the two-digit GST code). */
  state: 60,
  gstin: 15,
  addressLine: 200,
  city: 60,
  postalCode: 12,
} as const;

/**
 * CGST Rule 46(e): an unregistered buyer's address is printed from this taxable value up, in paise
 * (Rs 50,000); a GSTIN buyer's and an export's always (DECISIONS 52).
 */
export const ADDRESS_FROM_TAXABLE_PAISE = 50_000_00;

/** The hints the form shows and the server answers, one sentence per rule. */
export const BILLING_HINTS = {
  name: 'Name on the invoice is required.',
  nameTooLong: `Name on the invoice is too long (${BILLING_LIMITS.name} characters at most).`,
  country: 'Choose your country.',
  state: 'Choose your state or union territory.',
  gstin: 'This GSTIN is not valid. Check it, or leave it empty.',
  gstinOutsideIndia: 'A GSTIN is for a business registered in India. Leave it empty for another country.',
  gstinState: 'This GSTIN is registered in another state than the one chosen.',
  address: 'Enter your billing address: the tax invoice must show it.',
  addressLine: 'Address is required.',
  city: 'City is required.',
  postalCode: 'Enter a PIN or postal code of letters, digits, spaces or hyphens.',
} as const;

/** A field that must not begin like a spreadsheet formula (= + - @ and their fullwidth forms). */
const FORMULA_START = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The sentence for a field that begins like a formula, e.g. `City`. */
function notAFormula(field: string): string {
  return `${field} cannot begin with =, +, - or @.`;
}

/**
 * One line of billing text (DECISIONS 52): trimmed, at most `max` characters, only visible
 * characters (no control or direction characters), and not beginning like a formula.
 */
function billingText(field: string, max: number, required?: string) {
  return z.string(required ?? `${field} is required.`).check(
    z.trim(),
    ...(required === undefined ? [] : [z.minLength(1, required)]),
    z.maxLength(max, `${field} is too long (${max} characters at most).`),
    z.refine((value) => !hasInvisibleOrControl(value), visibleCharactersOnly(field)),
    z.refine((value) => !FORMULA_START.test(value), notAFormula(field)),
  );
}

/** The buyer's address as the invoice prints it (DECISIONS 52). */
const AddressSchema = z.object({
  /** Street, building, area: one line. */
  line: billingText('Address', BILLING_LIMITS.addressLine, BILLING_HINTS.addressLine),
  city: billingText('City', BILLING_LIMITS.city, BILLING_HINTS.city),
  /** PIN in India, the postal code elsewhere. */
  postalCode: billingText('PIN or postal code', BILLING_LIMITS.postalCode, BILLING_HINTS.postalCode).check(
    z.regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, BILLING_HINTS.postalCode),
  ),
});
type Address = z.output<typeof AddressSchema>;

const COUNTRIES = new Set(COUNTRY_CODES);

/**
 * Empty means "not given"; otherwise trimmed and upper-cased, at most `max` characters, visible
 * characters only, not beginning like a formula (DECISIONS 52: for every country).
 */
function optionalCode(field: string, max: number) {
  return z.pipe(
    z.optional(z.string()),
    z.pipe(
      z.transform((value: string | undefined) => {
        const trimmed = value?.trim().toUpperCase() ?? '';
        return trimmed === '' ? undefined : trimmed;
      }),
      z.optional(
        z.string().check(
          z.maxLength(max, `${field} is too long (${max} characters at most).`),
          z.refine((value) => !hasInvisibleOrControl(value), visibleCharactersOnly(field)),
          z.refine((value) => !FORMULA_START.test(value), notAFormula(field)),
        ),
      ),
    ),
  );
}

/** The fields of billing details, each with its own rule. */
const billingFields = {
  name: z.string(BILLING_HINTS.name).check(
    z.trim(),
    z.minLength(1, BILLING_HINTS.name),
    z.maxLength(BILLING_LIMITS.name, BILLING_HINTS.nameTooLong),
    z.refine((value) => !hasInvisibleOrControl(value), visibleCharactersOnly('Name on the invoice')),
    z.refine((value) => !FORMULA_START.test(value), notAFormula('Name on the invoice')),
  ),
  country: z.string(BILLING_HINTS.country).check(
    z.trim(),
    z.toUpperCase(),
    z.refine((code) => COUNTRIES.has(code), BILLING_HINTS.country),
  ),
  state: optionalCode('State', BILLING_LIMITS.state),
  gstin: optionalCode('GSTIN', BILLING_LIMITS.gstin),
  /** Asked only when the invoice must print it (`billingNeedsAddress`). */
  address: z.optional(AddressSchema),
};

type BillingFields = {
  country: string;
  state?: string | undefined;
  gstin?: string | undefined;
  address?: Address | undefined;
};

/**
 * True when the invoice must print the buyer's address (CGST Rule 46; DECISIONS 52): a GSTIN is
 * given, the buyer is abroad (an export), or the taxable value in rupees reaches Rs 50,000.
 */
export function billingNeedsAddress(
  billing: { readonly country?: string | undefined; readonly gstin?: string | undefined },
  taxablePaise: number,
): boolean {
  return (
    (billing.gstin ?? '').trim() !== '' ||
    (billing.country !== undefined && billing.country.trim().toUpperCase() !== 'IN') ||
    taxablePaise >= ADDRESS_FROM_TAXABLE_PAISE
  );
}

/** The rules between fields: the state for India, the GSTIN's check character and state. */
const billingChecks = [
  z.refine<BillingFields>(
    (billing) => billing.country !== 'IN' || gstStateName(billing.state ?? '') !== undefined,
    {
      message: BILLING_HINTS.state,
      path: ['state'],
    },
  ),
  z.refine<BillingFields>((billing) => billing.gstin === undefined || isValidGstin(billing.gstin), {
    message: BILLING_HINTS.gstin,
    path: ['gstin'],
  }),
  z.refine<BillingFields>((billing) => billing.gstin === undefined || billing.country === 'IN', {
    message: BILLING_HINTS.gstinOutsideIndia,
    path: ['gstin'],
  }),
  z.refine<BillingFields>(
    (billing) =>
      billing.gstin === undefined ||
      billing.country !== 'IN' ||
      !isValidGstin(billing.gstin) ||
      billing.gstin.startsWith(billing.state ?? ''),
    { message: BILLING_HINTS.gstinState, path: ['gstin'] },
  ),
  // The taxable-value rule needs the cart: the checkout applies it (`billingNeedsAddress`). An
  // unknown country or a wrong GSTIN has its own hint first.
  z.refine<BillingFields>(
    (billing) =>
      billing.address !== undefined ||
      !COUNTRIES.has(billing.country) ||
      (billing.gstin !== undefined &&
        (!isValidGstin(billing.gstin) || !billing.gstin.startsWith(billing.state ?? ''))) ||
      !billingNeedsAddress(billing, 0),
    {
      message: BILLING_HINTS.address,
      path: ['address'],
    },
  ),
];

export const BillingSchema = z.object(billingFields).check(...billingChecks);

/**
 * The checkout body (API.md): billing details, optionally with what the page showed, so a cart
 * changed elsewhere is shown before it is charged (DECISIONS 45), and the version of the notice
 * shown beside the billing form (DECISIONS 63).
 */
export const CheckoutRequestSchema = z
  .object({
    ...billingFields,
    expect: z.optional(
      z.object({
        /** The course ids the page listed. */
        courseIds: z.array(z.int()).check(z.maxLength(500)),
        /** The total the page showed, in `currency`'s major units (dollars or rupees). */
        total: z.number().check(z.gte(0)),
        /** The currency of that total (DECISIONS 46); not said: USD. */
        currency: z.optional(CurrencySchema),
      }),
    ),
    notice: NoticeFieldSchema,
    /** 'Save these details for my next checkout' ticked: they become the account's saved billing (DECISIONS 62). */
    saveBilling: z.optional(z.boolean()),
  })
  .check(...billingChecks);

export type BillingInput = z.input<typeof BillingSchema>;
/** Billing as stored: the state only for India. */
export type Billing = z.output<typeof BillingSchema>;

/**
 * Billing details as stored on a checkout and an order: the shape only. The rules above apply
 * when the details are given; a stored record stays readable if a rule later tightens.
 */
export const BillingRecordSchema = z.object({
  name: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  /** Two-digit GST state code, for India only. */
  state: z.optional(z.string()),
  gstin: z.optional(z.string()),
  /** Given when the invoice must print it (DECISIONS 52); orders before have none. */
  address: z.optional(z.object({ line: z.string(), city: z.string(), postalCode: z.string() })),
});
export type BillingRecord = z.infer<typeof BillingRecordSchema>;
