/**
 * Billing details (API.md `Billing`; DECISIONS 37; issue 18): who the invoice is for and where,
 * which decides the tax (place of supply). One schema for the checkout form, the checkout
 * function and the stored pending payment.
 */
import * as z from '~/lib/shared/zod';
import { COUNTRY_CODES } from '~/lib/shared/countries';
import { CurrencySchema } from '~/lib/shared/money';
import { gstStateName, isValidGstin } from '~/lib/shared/gst';
import { hasInvisibleOrControl, visibleCharactersOnly } from '~/lib/shared/schemas/text';

export const BILLING_LIMITS = { name: 80 } as const;

/** The hints the form shows and the server answers, one sentence per rule. */
export const BILLING_HINTS = {
  name: 'Name on the invoice is required.',
  nameTooLong: `Name on the invoice is too long (${BILLING_LIMITS.name} characters at most).`,
  country: 'Choose your country.',
  state: 'Choose your state or union territory.',
  gstin: 'This GSTIN is not valid. Check it, or leave it empty.',
  gstinOutsideIndia: 'A GSTIN is for a business registered in India. Leave it empty for another country.',
  gstinState: 'This GSTIN is registered in another state than the one chosen.',
} as const;

const COUNTRIES = new Set(COUNTRY_CODES);

/** Empty means "not given"; otherwise trimmed and upper-cased. */
const optionalCode = z.pipe(
  z.optional(z.string()),
  z.transform((value) => {
    const trimmed = value?.trim().toUpperCase() ?? '';
    return trimmed === '' ? undefined : trimmed;
  }),
);

/** The fields of billing details, each with its own rule. */
const billingFields = {
  name: z.string(BILLING_HINTS.name).check(
    z.trim(),
    z.minLength(1, BILLING_HINTS.name),
    z.maxLength(BILLING_LIMITS.name, BILLING_HINTS.nameTooLong),
    z.refine((value) => !hasInvisibleOrControl(value), visibleCharactersOnly('Name on the invoice')),
  ),
  country: z.string(BILLING_HINTS.country).check(
    z.trim(),
    z.toUpperCase(),
    z.refine((code) => COUNTRIES.has(code), BILLING_HINTS.country),
  ),
  state: optionalCode,
  gstin: optionalCode,
};

type BillingFields = { country: string; state?: string | undefined; gstin?: string | undefined };

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
];

export const BillingSchema = z.object(billingFields).check(...billingChecks);

/**
 * The checkout body (API.md): billing details, optionally with what the page showed, so a cart
 * changed elsewhere is shown before it is charged (DECISIONS 45).
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
  })
  .check(...billingChecks);
export type CheckoutRequest = z.input<typeof CheckoutRequestSchema>;

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
});
export type BillingRecord = z.infer<typeof BillingRecordSchema>;
