/**
 * The rules every value of `src/site.config.ts` that code depends on must meet (issue 17,
 * item 2). `astro.config.mjs` checks the config with them before building, so a prefix that
 * would break the order-number pattern fails the build with a sentence naming the field, instead
 * of failing every invoice in production.
 */
import * as z from '~/lib/shared/zod';
import { gstStateName, isValidGstin } from '~/lib/shared/gst';
import { EMAIL_PATTERN } from '~/lib/shared/schemas/contact';
import { ORDER_NO_PATTERN } from '~/lib/shared/schemas/shop';

const text = z.string().check(z.trim(), z.minLength(1, 'must not be empty'));
const matching = (pattern: RegExp, what: string) => z.string().check(z.regex(pattern, `must be ${what}`));

const AddressSchema = z.object({
  label: text,
  lines: z.array(text).check(z.minLength(1, 'needs at least one line')),
  city: text,
  state: text,
  pin: matching(/^[1-9]\d{5}$/, 'a six-digit Indian PIN code'),
  country: z.literal('India', 'must be India'),
});

/** The longest series and number an order number carries: `-2627-000001`. */
const ORDER_NO_TAIL = '-2627-000001';

const SiteConfigSchema = z.object({
  legalName: text,
  name: text,
  foundingYear: z.int().check(z.gte(1900), z.lte(2100)),
  addresses: z.record(z.string(), AddressSchema),
  phones: z
    .array(
      z.object({
        e164: matching(/^\+[1-9]\d{7,14}$/, 'a phone number in E.164 form, e.g. +912067123456'),
        display: text,
        label: text,
      }),
    )
    .check(z.minLength(1, 'needs at least one phone number')),
  email: matching(EMAIL_PATTERN, 'a lower-case e-mail address'),
  /** Named in the privacy policy (DECISIONS 63): a person, an address that reaches them, a postal address. */
  grievanceOfficer: z.object({
    name: text,
    email: matching(EMAIL_PATTERN, 'a lower-case e-mail address'),
    address: AddressSchema,
  }),
  whatsapp: matching(/^[1-9]\d{7,14}$/, 'an international number without +, e.g. 919876543210'),
  tax: z.object({
    gstin: z.string().check(z.refine(isValidGstin, 'must be a GSTIN with its right check character')),
    pan: matching(/^[A-Z]{5}\d{4}[A-Z]$/, 'a 10-character PAN'),
    sac: matching(/^\d{6}$/, 'a six-digit SAC code'),
    lutReference: matching(/^[A-Z0-9]{15}$/, 'the 15-character ARN of the LUT'),
    gst: z.object({
      stateCode: z
        .string()
        .check(z.refine((code) => gstStateName(code) !== undefined, 'must be a GST state code')),
      placeOfSupply: matching(/^.+ \(\d{2}\)$/, 'a state with its two-digit code, e.g. Maharashtra (27)'),
      split: z
        .array(z.object({ label: text, ratePct: z.number().check(z.gte(0), z.lte(28)) }))
        .check(z.minLength(1, 'needs at least one tax line')),
    }),
    orderPrefix: z
      .string()
      .check(
        z.refine(
          (prefix) => /^[A-Z0-9]+$/.test(prefix) && ORDER_NO_PATTERN.test(`${prefix}${ORDER_NO_TAIL}`),
          `must be 1-${16 - ORDER_NO_TAIL.length} capital letters or digits, so order numbers like SIS${ORDER_NO_TAIL} fit ${ORDER_NO_PATTERN}`,
        ),
      ),
  }),
  bank: z.object({
    accountName: text,
    bankName: text,
    branch: text,
    accountNumber: matching(/^\d{6,18}$/, '6-18 digits'),
    ifsc: matching(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'an 11-character IFSC'),
  }),
});

/** Throws one Error listing every value of `config` that breaks a rule, by its path. */
export function assertSiteConfig(config: unknown): void {
  const result = z.safeParse(SiteConfigSchema, config);
  if (result.success) return;
  const problems = result.error.issues.map((issue) => `site.${issue.path.join('.')} ${issue.message}`);
  throw new Error(`src/site.config.ts is not valid:\n- ${problems.join('\n- ')}`);
}
