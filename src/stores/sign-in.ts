/**
 * Signing in, signing up with an e-mailed code and resetting a password: the dialog's forms and
 * the login page call these, and only they load this module (the session itself, which every shop
 * page reads, is `~/stores/session`). The server is the truth (DECISIONS 4); each action resolves
 * to an `AccountResult` instead of throwing, so a form can list the errors.
 */
import type * as z from '~/lib/shared/zod';
import { ApiError, apiRequest } from '~/lib/client/api';
import { accountFormCopy } from '~/content/ui/account-forms';
import {
  ACCOUNT_CLIENT,
  AccountUserSchema,
  PendingCodeSchema,
  type ForgotFieldsSchema,
  type ResetFieldsSchema,
  type SignInFieldsSchema,
  type SignUpFields,
  type VerificationFieldsSchema,
} from '~/lib/shared/schemas/account';
import { $pendingCode, awaitCode, enterSession, type AccountResult } from '~/stores/session';

type SignInFields = z.output<typeof SignInFieldsSchema>;
type VerifyFields = z.output<typeof VerificationFieldsSchema>;
type ForgotFields = z.output<typeof ForgotFieldsSchema>;
type ResetFields = z.output<typeof ResetFieldsSchema>;

/** The warning for a wrong e-mail/mobile or password (product-spec section 8, corrected by DECISIONS 41). */
const INVALID_CREDENTIALS = 'Wrong e-mail, mobile number or password.';

/** `status` of a new registration (product-spec section 3: initially 1). */
const NEW_ACCOUNT_STATUS = 1;

// The sign-up details of this page (never stored: they hold the password), sent again with the
// code, with the version of the notice shown beside the form (DECISIONS 63). They go with the
// pending code: signed in, cancelled or signed out, nothing of them stays.
let signUpDetails: (SignUpFields & { notice?: string }) | undefined;
$pendingCode.listen((pending) => {
  if (pending === null) signUpDetails = undefined;
});

function failure(error: unknown): AccountResult {
  if (error instanceof ApiError) return { ok: false, status: error.status, errors: error.messages };
  return { ok: false, status: 0, errors: [String(error)] };
}

/**
 * Signs in with an e-mail or mobile number and a password. Wrong either way: status 401 and the
 * sentence of DECISIONS 41, whatever the server's wording (DECISIONS 6).
 */
export async function signIn(fields: SignInFields): Promise<AccountResult> {
  try {
    const user = await apiRequest('POST', '/api/account/login', AccountUserSchema, {
      mobile: fields.mobile,
      password: fields.password,
      clientCode: ACCOUNT_CLIENT,
    });
    return enterSession(user);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      return { ok: false, status: 401, errors: [INVALID_CREDENTIALS] };
    }
    return failure(error);
  }
}

/**
 * Sign-up step 1: the server e-mails a code and answers the pending registration's ids. `notice`:
 * the version of the notice shown beside the form (DECISIONS 63).
 */
export async function sendSignUpCode(fields: SignUpFields, notice?: string): Promise<AccountResult> {
  try {
    const details = { ...fields, ...(notice ? { notice } : {}) };
    const code = await apiRequest('POST', '/api/account/sendcode', PendingCodeSchema, {
      ...details,
      clientCode: ACCOUNT_CLIENT,
    });
    signUpDetails = details;
    awaitCode(code, 'register', fields.email);
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}

/**
 * 'Send the code again' on sign-up's code step (issue 42, item 6): the details are sent again
 * (`sendcode`, its limits and their 429 sentence as ever), and the new code's ids replace the old
 * ones, whose code is then void. After a reload the page no longer has the details (the password
 * is never stored): the visitor is told to send them again.
 */
export async function resendSignUpCode(): Promise<AccountResult> {
  const pending = $pendingCode.get();
  if (pending?.purpose !== 'register') {
    return { ok: false, status: 0, errors: ['Your sign-up has expired. Please start again.'] };
  }
  if (!signUpDetails) return { ok: false, status: 0, errors: [accountFormCopy.resend.lostDetails] };
  const { notice, ...fields } = signUpDetails;
  return sendSignUpCode(fields, notice);
}

/** Sign-up step 2: the code from the e-mail creates the account and signs it in. */
export async function verifySignUp(fields: VerifyFields): Promise<AccountResult> {
  const pending = $pendingCode.get();
  if (pending?.purpose !== 'register') {
    return { ok: false, status: 0, errors: ['Your sign-up has expired. Please start again.'] };
  }
  try {
    const user = await apiRequest('POST', '/api/account/register', AccountUserSchema, {
      ...signUpDetails,
      usercode: pending.usercode,
      userkey: pending.userkey,
      verificationcode: fields.verificationcode,
      status: NEW_ACCOUNT_STATUS,
      clientCode: ACCOUNT_CLIENT,
    });
    return enterSession(user);
  } catch (error) {
    return failure(error);
  }
}

/** Password reset step 1 (DECISIONS 28): the same answer whether or not the account exists. */
export async function requestPasswordReset(fields: ForgotFields): Promise<AccountResult> {
  try {
    const code = await apiRequest('POST', '/api/account/forgot', PendingCodeSchema, {
      email: fields.email,
      clientCode: ACCOUNT_CLIENT,
    });
    signUpDetails = undefined;
    awaitCode(code, 'reset', fields.email);
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}

/**
 * 'Send the code again' on the reset's code step (issue 42, item 6): the same request for the
 * same address (`forgot`, its limits and 429 sentence as ever); the new ids replace the old.
 */
export async function resendResetCode(): Promise<AccountResult> {
  const pending = $pendingCode.get();
  if (pending?.purpose !== 'reset') {
    return { ok: false, status: 0, errors: ['Your reset request has expired. Please start again.'] };
  }
  return requestPasswordReset({ email: pending.email });
}

/** Password reset step 2: the code and the new password; the server signs the user in. */
export async function resetPassword(fields: ResetFields): Promise<AccountResult> {
  const pending = $pendingCode.get();
  if (pending?.purpose !== 'reset') {
    return { ok: false, status: 0, errors: ['Your reset request has expired. Please start again.'] };
  }
  try {
    const user = await apiRequest('POST', '/api/account/reset', AccountUserSchema, {
      usercode: pending.usercode,
      userkey: pending.userkey,
      verificationcode: fields.verificationcode,
      password: fields.password,
      repassword: fields.repassword,
    });
    return enterSession(user);
  } catch (error) {
    return failure(error);
  }
}
