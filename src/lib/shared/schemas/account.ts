/*
 * Accounts (API.md, section Accounts): the rules of the sign-up, sign-in, code and password-reset
 * forms, shared by the dialog (browser) and the functions (server). zod/mini, like every schema
 * the browser loads.
 */
import * as z from '~/lib/shared/zod';
import { EMAIL_PATTERN, indianMobileDigits, normaliseEmail } from '~/lib/shared/schemas/contact';
import { NoticeFieldSchema } from '~/lib/shared/schemas/notice-field';
import { hasInvisibleOrControl, visibleCharactersOnly } from '~/lib/shared/schemas/text';

/** The tenant code the account and cart calls carry (product-spec section 9). */
export const ACCOUNT_CLIENT = 'sispl';

/** Lengths of product-spec section 9 (the password's minimum raised to 8, DECISIONS 43) and sane upper bounds. */
export const ACCOUNT_LIMITS = {
  name: 80,
  /** As typed: `+91 98765 43210` is 15 characters, `+1 (415) 555-0134` 17; stored as 10 digits or + and digits. */
  mobile: 20,
  email: 254,
  passwordMin: 8,
  passwordMax: 128,
  verificationCode: 10,
} as const;

/**
 * How long after a code was sent 'Send the code again' waits (issue 42, item 6): a mail takes
 * seconds to arrive, and a new code voids the one on its way.
 */
export const CODE_RESEND_AFTER_MS = 60_000;

/** The hints the forms show and the server answers, one sentence per rule. */
export const ACCOUNT_HINTS = {
  name: 'Name is required.',
  nameTooLong: `Name is too long (${ACCOUNT_LIMITS.name} characters at most).`,
  mobile: 'Mobile number must be 10 digits, or + and 8 to 15 digits for a number outside India.',
  email: 'Valid email is required.',
  password: `Password must be at least ${ACCOUNT_LIMITS.passwordMin} characters.`,
  /** Said by the server, which holds the list (DECISIONS 43). */
  passwordCommon: 'This password is too common. Choose another.',
  passwordTooLong: `Password is too long (${ACCOUNT_LIMITS.passwordMax} characters at most).`,
  repassword: 'Please type the password again.',
  mismatch: 'Passwords do not match.',
  verificationCode: 'Verification code is required.',
  verificationCodeTooLong: `Verification code is at most ${ACCOUNT_LIMITS.verificationCode} characters.`,
  signInId: 'Email or mobile number is required.',
  signInPassword: 'Password is required.',
  clientCode: 'This form belongs to another site.',
  pendingCode: 'The verification request is incomplete. Please ask for a new code.',
} as const;

/**
 * A mobile number as stored: ten digits for India (DECISIONS 24), or a number from outside India
 * in international form, + and 8 to 15 digits (DECISIONS 52).
 */
export const MOBILE_PATTERN = /^(?:\d{10}|\+\d{8,15})$/;
const INTERNATIONAL_MOBILE = /^\+\d{8,15}$/;

/**
 * A typed mobile number as stored: an Indian number (a `+91` or `0` prefix, spaces and hyphens
 * dropped) as its ten digits; any other `+` number, spaces, hyphens, dots and brackets dropped,
 * as `+` and its digits (`+1 (415) 555-0134` -> `+14155550134`); undefined otherwise.
 */
function storedMobile(value: string): string | undefined {
  const indian = indianMobileDigits(value.trim());
  if (indian !== undefined) return indian;
  const international = value.replace(/[\s\-.()]+/g, '');
  return INTERNATIONAL_MOBILE.test(international) ? international : undefined;
}

/** The mobile number in the international form a payment gateway takes: `+91` and ten digits, or as stored. */
export function internationalMobile(stored: string): string {
  return stored.startsWith('+') ? stored : `+91${stored}`;
}

const clientCode = z.literal(ACCOUNT_CLIENT, ACCOUNT_HINTS.clientCode);

/** A person's name as every form takes it (sign-up, attendees): trimmed, visible characters. */
export const PersonNameSchema = z.string(ACCOUNT_HINTS.name).check(
  z.trim(),
  z.minLength(1, ACCOUNT_HINTS.name),
  z.maxLength(ACCOUNT_LIMITS.name, ACCOUNT_HINTS.nameTooLong),
  z.refine((value) => !hasInvisibleOrControl(value), visibleCharactersOnly('Name')),
);

/**
 * Ten digits (a `+91` or `0` prefix, spaces and hyphens accepted as typed and dropped: DECISIONS
 * 24), or a number from outside India as + and 8 to 15 digits (DECISIONS 52).
 */
const mobile = z.string(ACCOUNT_HINTS.mobile).check(
  z.overwrite((value) => storedMobile(value) ?? value.trim()),
  z.regex(MOBILE_PATTERN, ACCOUNT_HINTS.mobile),
);

/** Lower-cased as typed, then well-formed with a final label of 2 to 63 letters (DECISIONS 23). */
export const EmailSchema = z
  .string(ACCOUNT_HINTS.email)
  .check(
    z.overwrite(normaliseEmail),
    z.maxLength(ACCOUNT_LIMITS.email, ACCOUNT_HINTS.email),
    z.regex(EMAIL_PATTERN, ACCOUNT_HINTS.email),
  );

const password = z
  .string(ACCOUNT_HINTS.password)
  .check(
    z.minLength(ACCOUNT_LIMITS.passwordMin, ACCOUNT_HINTS.password),
    z.maxLength(ACCOUNT_LIMITS.passwordMax, ACCOUNT_HINTS.passwordTooLong),
  );

const repassword = z.string(ACCOUNT_HINTS.repassword).check(z.minLength(1, ACCOUNT_HINTS.repassword));

const verificationcode = z
  .string(ACCOUNT_HINTS.verificationCode)
  .check(
    z.trim(),
    z.minLength(1, ACCOUNT_HINTS.verificationCode),
    z.maxLength(ACCOUNT_LIMITS.verificationCode, ACCOUNT_HINTS.verificationCodeTooLong),
  );

/** `usercode` and `userkey` as `sendcode` and `forgot` hand them out (base64url). */
const opaque = z
  .string(ACCOUNT_HINTS.pendingCode)
  .check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, ACCOUNT_HINTS.pendingCode));

/** Re-password must equal password (once typed); the error sits on the re-password field. */
const passwordsMatch = z.refine<{ password?: string | undefined; repassword?: string | undefined }>(
  (value) => value.repassword === '' || value.password === value.repassword,
  {
    message: ACCOUNT_HINTS.mismatch,
    path: ['repassword'],
  },
);

/** The sign-up form's fields (product-spec section 5). */
export const SignUpFieldsSchema = z
  .object({ name: PersonNameSchema, mobile, email: EmailSchema, password, repassword })
  .check(passwordsMatch);
export type SignUpFieldsInput = z.input<typeof SignUpFieldsSchema>;
export type SignUpFields = z.output<typeof SignUpFieldsSchema>;

/** Body of `POST /api/account/sendcode`; `notice`: the version of the notice shown beside the form (DECISIONS 63). */
export const SendCodeRequestSchema = z
  .strictObject({
    name: PersonNameSchema,
    mobile,
    email: EmailSchema,
    password,
    repassword,
    clientCode,
    notice: NoticeFieldSchema,
  })
  .check(passwordsMatch);
export type SendCodeRequest = z.output<typeof SendCodeRequestSchema>;

/** The verification step's field (max 10 characters; Finish stays disabled until filled). */
export const VerificationFieldsSchema = z.object({ verificationcode });

/**
 * Body of `POST /api/account/register`: the code and the pending ids, and the sign-up fields
 * again when the page still has them. The account is made from the stored details, so the fields
 * are optional: after a reload during the code step (the ids survive in sessionStorage) the
 * browser no longer has the password to send.
 */
export const RegisterRequestSchema = z
  .strictObject({
    name: z.optional(PersonNameSchema),
    mobile: z.optional(mobile),
    email: z.optional(EmailSchema),
    password: z.optional(password),
    repassword: z.optional(repassword),
    clientCode,
    verificationcode,
    usercode: opaque,
    userkey: opaque,
    /** The original client sends 1; kept for compatibility, not used. */
    status: z.optional(z.union([z.number(), z.string()])),
    /** The notice shown beside the form (DECISIONS 63); kept only when `sendcode` named none. */
    notice: NoticeFieldSchema,
  })
  .check(passwordsMatch);
export type RegisterRequest = z.output<typeof RegisterRequestSchema>;

/** The sign-in form: e-mail or mobile, and a password (product-spec section 5: both required). */
export const SignInFieldsSchema = z.object({
  mobile: z
    .string(ACCOUNT_HINTS.signInId)
    .check(
      z.trim(),
      z.minLength(1, ACCOUNT_HINTS.signInId),
      z.maxLength(ACCOUNT_LIMITS.email, ACCOUNT_HINTS.signInId),
    ),
  password: z
    .string(ACCOUNT_HINTS.signInPassword)
    .check(
      z.minLength(1, ACCOUNT_HINTS.signInPassword),
      z.maxLength(ACCOUNT_LIMITS.passwordMax, ACCOUNT_HINTS.passwordTooLong),
    ),
});

/** Body of `POST /api/account/login`; `mobile` is an e-mail address or a 10-digit mobile number. */
export const LoginRequestSchema = z.strictObject({ ...SignInFieldsSchema.shape, clientCode });
export type LoginRequest = z.output<typeof LoginRequestSchema>;

/** The forgot-password form's first step. */
export const ForgotFieldsSchema = z.object({ email: EmailSchema });

/** Body of `POST /api/account/forgot`. */
export const ForgotRequestSchema = z.strictObject({ email: EmailSchema, clientCode });
export type ForgotRequest = z.output<typeof ForgotRequestSchema>;

/** The forgot-password form's second step: the code and the new password twice. */
export const ResetFieldsSchema = z.object({ verificationcode, password, repassword }).check(passwordsMatch);

/** Body of `POST /api/account/reset`. */
export const ResetRequestSchema = z
  .strictObject({
    usercode: opaque,
    userkey: opaque,
    verificationcode,
    password,
    repassword,
    clientCode: z.optional(clientCode),
  })
  .check(passwordsMatch);
export type ResetRequest = z.output<typeof ResetRequestSchema>;

// The answers about who is signed in, in a file of their own: the header and every shop page read
// them, and nothing else of this file (issue 20's budget).
export { AccountUserSchema, PendingCodeSchema, type AccountUser, type PendingCode } from './account-user';

/** `Asha@Example.com` -> e-mail; `98765 43210` or `+1 415 555 0134` -> mobile; otherwise undefined. */
export function parseSignInId(value: string): { email: string } | { mobile: string } | undefined {
  const trimmed = value.trim();
  if (trimmed.includes('@')) {
    const normalised = normaliseEmail(trimmed);
    return EMAIL_PATTERN.test(normalised) ? { email: normalised } : undefined;
  }
  const stored = storedMobile(trimmed);
  return stored === undefined ? undefined : { mobile: stored };
}

/*
 * Your account (docs/api.md, "Your account"; DECISIONS 62-63): the account page's forms and the
 * bodies of its calls.
 */

/** Sentences of the account page's refusals. */
export const YOUR_ACCOUNT_HINTS = {
  current: 'Your current password is required.',
  wrongCurrent: 'Your current password is wrong.',
  sameEmail: 'This is already the e-mail address of your account.',
  nothingToChange: 'Nothing to change: give a name, a mobile number or billing details.',
  confirmDelete: 'Type DELETE in capitals to confirm.',
  noDevice: 'That device is no longer signed in.',
} as const;

const current = z
  .string(YOUR_ACCOUNT_HINTS.current)
  .check(
    z.minLength(1, YOUR_ACCOUNT_HINTS.current),
    z.maxLength(ACCOUNT_LIMITS.passwordMax, ACCOUNT_HINTS.passwordTooLong),
  );

/** The profile form: name and mobile, with the sign-up rules. */
export const ProfileFieldsSchema = z.object({ name: PersonNameSchema, mobile });

/** Body of `POST /api/account/email`: the new address and the password, which proves it is you. */
export const EmailChangeRequestSchema = z.strictObject({ email: EmailSchema, password: current });
export type EmailChangeRequest = z.output<typeof EmailChangeRequestSchema>;

/** Body of `POST /api/account/email/verify`: the code sent to the new address. */
export const EmailVerifyRequestSchema = z.strictObject({
  usercode: opaque,
  userkey: opaque,
  verificationcode,
});
export type EmailVerifyRequest = z.output<typeof EmailVerifyRequestSchema>;

/** The password form: the current password and the new one twice (the sign-up rules). */
export const PasswordChangeRequestSchema = z
  .strictObject({ current, password, repassword })
  .check(passwordsMatch);
export type PasswordChangeRequest = z.output<typeof PasswordChangeRequestSchema>;

/** Body of `POST /api/account/delete`: the password and the word DELETE. */
export const DeleteAccountRequestSchema = z.strictObject({
  password: current,
  confirm: z.literal('DELETE', YOUR_ACCOUNT_HINTS.confirmDelete),
});
export type DeleteAccountRequest = z.output<typeof DeleteAccountRequestSchema>;

/** A signed-in device as `GET /api/account/sessions` lists it. */
export const DeviceSchema = z.object({
  /** Not the session's key: an id that only names it for 'Sign out'. */
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** 'Chrome on Android'. */
  device: z.string(),
  /** The device this page is open on. */
  current: z.boolean(),
});
export type Device = z.output<typeof DeviceSchema>;
