/*
 * Accounts: the bodies of `/api/account/*` (API.md, section Accounts) and the rules and hints of
 * the sign-in, sign-up and password-reset forms (product-spec section 5), shared by the forms
 * (browser) and the functions (server). zod/mini, like every shared schema.
 *
 * Browser-side copy written from API.md while the server branch writes its own; the lead keeps one.
 */
import * as z from 'zod/mini';
import { EMAIL_PATTERN, normaliseEmail } from '~/lib/shared/schemas/contact';
import { hasInvisibleOrControl, visibleCharactersOnly } from '~/lib/shared/schemas/text';

/** Client code sent in every account body (product-spec section 9; anything else is a 400). */
export const ACCOUNT_CLIENT = 'sispl';

/** `status` of a new registration (product-spec section 3: initially 1). */
export const NEW_ACCOUNT_STATUS = 1;

/** Field limits, in characters (product-spec sections 5 and 9). */
export const ACCOUNT_LIMITS = {
  name: 100,
  /** A mobile number is exactly this many digits; its input takes no more. */
  mobile: 10,
  email: 254,
  passwordMin: 6,
  /** Upper bound so nobody can make the server hash megabytes. */
  passwordMax: 128,
  /** The verification code field takes at most this many characters. */
  code: 10,
} as const;

/** What a visitor sees under a field that is not right yet. */
export const ACCOUNT_HINTS = {
  signInLogin: 'Enter your e-mail address or mobile number.',
  signInPassword: 'Enter your password.',
  name: 'Name is required.',
  mobile: 'Mobile number must be exactly 10 digits.',
  email: 'Valid email is required.',
  password: `Password must be at least ${ACCOUNT_LIMITS.passwordMin} characters.`,
  passwordTooLong: `Password is too long (${ACCOUNT_LIMITS.passwordMax} characters at most).`,
  repassword: 'Please re-enter the password.',
  mismatch: 'Password and re-password do not match.',
  code: 'Enter the verification code we e-mailed you.',
  codeTooLong: `The verification code has at most ${ACCOUNT_LIMITS.code} characters.`,
} as const;

/** The warning for a wrong e-mail/mobile or password, word for word from product-spec section 8. */
export const INVALID_CREDENTIALS = 'Invalid Credentials.!';

const MOBILE_PATTERN = /^\d{10}$/;

const clientCode = z.literal(ACCOUNT_CLIENT, 'This form belongs to another site.');

const email = z.string(ACCOUNT_HINTS.email).check(
  z.refine((value) => !hasInvisibleOrControl(value), visibleCharactersOnly('E-mail')),
  z.overwrite(normaliseEmail),
  z.maxLength(ACCOUNT_LIMITS.email, ACCOUNT_HINTS.email),
  z.regex(EMAIL_PATTERN, ACCOUNT_HINTS.email),
);

const newPassword = z
  .string(ACCOUNT_HINTS.password)
  .check(
    z.minLength(ACCOUNT_LIMITS.passwordMin, ACCOUNT_HINTS.password),
    z.maxLength(ACCOUNT_LIMITS.passwordMax, ACCOUNT_HINTS.passwordTooLong),
  );

const repassword = z.string(ACCOUNT_HINTS.repassword).check(z.minLength(1, ACCOUNT_HINTS.repassword));

/** Password and re-password must be equal; checked as soon as both have a value. */
const passwordsMatch = z.refine<{ password: string; repassword: string }>(
  (value) => value.password === value.repassword,
  {
    message: ACCOUNT_HINTS.mismatch,
    path: ['repassword'],
    // Show the mismatch even while other fields still have hints (zod skips refinements otherwise).
    when: ({ value }) => {
      const pair = value as { password?: unknown; repassword?: unknown };
      return (
        typeof pair.password === 'string' && typeof pair.repassword === 'string' && pair.repassword !== ''
      );
    },
  },
);

/** The sign-in form: e-mail or mobile, and password (product-spec section 5: both required). */
export const SignInFieldsSchema = z.object({
  /** An e-mail address (lower-cased) or a 10-digit mobile number; the spec calls it `mobile`. */
  mobile: z.string(ACCOUNT_HINTS.signInLogin).check(
    z.trim(),
    z.minLength(1, ACCOUNT_HINTS.signInLogin),
    z.maxLength(ACCOUNT_LIMITS.email, ACCOUNT_HINTS.signInLogin),
    z.overwrite((value) => (value.includes('@') ? normaliseEmail(value) : value.replace(/\s+/g, ''))),
  ),
  password: z
    .string(ACCOUNT_HINTS.signInPassword)
    .check(
      z.minLength(1, ACCOUNT_HINTS.signInPassword),
      z.maxLength(ACCOUNT_LIMITS.passwordMax, ACCOUNT_HINTS.passwordTooLong),
    ),
});
export type SignInFieldsInput = z.input<typeof SignInFieldsSchema>;
export type SignInFields = z.output<typeof SignInFieldsSchema>;

/** Body of `POST /api/account/login`. */
export const LoginRequestSchema = z.strictObject({ ...SignInFieldsSchema.shape, clientCode });
export type LoginRequest = z.output<typeof LoginRequestSchema>;

const signUpShape = {
  /** Name as given, trimmed; shown in the header and on invoices. */
  name: z.string(ACCOUNT_HINTS.name).check(
    z.trim(),
    z.minLength(1, ACCOUNT_HINTS.name),
    z.refine((value) => !hasInvisibleOrControl(value), visibleCharactersOnly('Name')),
    z.maxLength(ACCOUNT_LIMITS.name, `Name is too long (${ACCOUNT_LIMITS.name} characters at most).`),
  ),
  /** Exactly 10 digits (DECISIONS 24). */
  mobile: z.string(ACCOUNT_HINTS.mobile).check(z.regex(MOBILE_PATTERN, ACCOUNT_HINTS.mobile)),
  /** Lower-cased as typed (DECISIONS 23); the ending has 2 to 4 letters. */
  email,
  password: newPassword,
  repassword,
};

/** The sign-up form's details step. */
export const SignUpFieldsSchema = z.object(signUpShape).check(passwordsMatch);
export type SignUpFieldsInput = z.input<typeof SignUpFieldsSchema>;
export type SignUpFields = z.output<typeof SignUpFieldsSchema>;

/** Body of `POST /api/account/sendcode`. */
export const SendCodeRequestSchema = z.strictObject({ ...signUpShape, clientCode }).check(passwordsMatch);
export type SendCodeRequest = z.output<typeof SendCodeRequestSchema>;

/** Answer of `sendcode` and `forgot`: the pending request's id and its secret (DECISIONS 5). */
export const PendingCodeSchema = z.object({
  /** Id of the pending registration or reset. */
  usercode: z.string().check(z.minLength(1), z.maxLength(200)),
  /** Opaque secret that must come back with `usercode`. */
  userkey: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type PendingCode = z.output<typeof PendingCodeSchema>;

/** The code the visitor types from the e-mail (product-spec section 5: required, at most 10). */
export const VerificationCodeSchema = z
  .string(ACCOUNT_HINTS.code)
  .check(
    z.trim(),
    z.minLength(1, ACCOUNT_HINTS.code),
    z.maxLength(ACCOUNT_LIMITS.code, ACCOUNT_HINTS.codeTooLong),
  );

/** The verification step of sign-up. */
export const VerifyFieldsSchema = z.object({ verificationcode: VerificationCodeSchema });
export type VerifyFieldsInput = z.input<typeof VerifyFieldsSchema>;
export type VerifyFields = z.output<typeof VerifyFieldsSchema>;

/**
 * Body of `POST /api/account/register`: the pending registration and its code. The sign-up fields
 * are sent when the page still has them (the server validates them but uses the stored ones);
 * after a reload in step 2 the browser has no password to send, so they are optional here.
 */
export const RegisterRequestSchema = z.strictObject({
  ...PendingCodeSchema.shape,
  verificationcode: VerificationCodeSchema,
  status: z.literal(NEW_ACCOUNT_STATUS),
  clientCode,
  name: z.optional(signUpShape.name),
  mobile: z.optional(signUpShape.mobile),
  email: z.optional(email),
  password: z.optional(newPassword),
  repassword: z.optional(repassword),
});
export type RegisterRequest = z.output<typeof RegisterRequestSchema>;

/** Step 1 of a password reset (DECISIONS 28). */
export const ForgotFieldsSchema = z.object({ email });
export type ForgotFieldsInput = z.input<typeof ForgotFieldsSchema>;
export type ForgotFields = z.output<typeof ForgotFieldsSchema>;

/** Body of `POST /api/account/forgot`. */
export const ForgotRequestSchema = z.strictObject({ email, clientCode });

/** Step 2 of a password reset: the code and the new password twice. */
export const ResetFieldsSchema = z
  .object({ verificationcode: VerificationCodeSchema, password: newPassword, repassword })
  .check(passwordsMatch);
export type ResetFieldsInput = z.input<typeof ResetFieldsSchema>;
export type ResetFields = z.output<typeof ResetFieldsSchema>;

/** Body of `POST /api/account/reset`. */
export const ResetRequestSchema = z
  .strictObject({
    ...PendingCodeSchema.shape,
    verificationcode: VerificationCodeSchema,
    password: newPassword,
    repassword,
  })
  .check(passwordsMatch);
export type ResetRequest = z.output<typeof ResetRequestSchema>;

/** The signed-in user as `me`, `login`, `register` and `reset` answer it (and `user` caches it). */
export const SessionUserSchema = z.object({
  /** Opaque random id (not a counter). */
  userid: z.string().check(z.minLength(1), z.maxLength(200)),
  /** The name given at sign-up. */
  username: z.string().check(z.maxLength(200)),
});
export type SessionUser = z.output<typeof SessionUserSchema>;
