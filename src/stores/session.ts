/**
 * Who is signed in, and every action that changes it (sign in, sign up with an e-mailed code,
 * password reset, sign out). The server is the truth (DECISIONS 4): the session is an HttpOnly
 * cookie, and `user` in localStorage only caches `{userid, username, staff?}` for display until
 * `GET /api/account/me` answers at start-up (DECISIONS 18).
 *
 * Components read `$user` and `$pendingCode` and call the actions; they never set the atoms.
 * Actions resolve to an `AccountResult` instead of throwing, so a form can list the errors.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, type ReadableAtom } from 'nanostores';
import * as z from '~/lib/shared/zod';
import { ApiError, apiRequest } from '~/lib/client/api';
import { askForIsland, SIGNED_IN } from '~/lib/client/events';
import { accountFormCopy, accountMessages } from '~/content/ui/account';
import { flashOnNextPage } from '~/stores/notifications';
import {
  ACCOUNT_CLIENT,
  AccountUserSchema,
  PendingCodeSchema,
  type AccountUser,
  type ForgotFieldsSchema,
  type PendingCode,
  type ResetFieldsSchema,
  type SignInFieldsSchema,
  type SignUpFields,
  type VerificationFieldsSchema,
} from '~/lib/shared/schemas/account';
import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS } from '~/lib/shared/storage-keys';

type SignInFields = z.output<typeof SignInFieldsSchema>;
type VerifyFields = z.output<typeof VerificationFieldsSchema>;
type ForgotFields = z.output<typeof ForgotFieldsSchema>;
type ResetFields = z.output<typeof ResetFieldsSchema>;

/** The warning for a wrong e-mail/mobile or password (product-spec section 8, corrected by DECISIONS 41). */
const INVALID_CREDENTIALS = 'Wrong e-mail, mobile number or password.';

/** `status` of a new registration (product-spec section 3: initially 1). */
const NEW_ACCOUNT_STATUS = 1;

/** The outcome of an action: done, or the sentences to show (status 0: the server was not reached). */
export type AccountResult =
  { readonly ok: true } | { readonly ok: false; readonly status: number; readonly errors: readonly string[] };

/** A code the server e-mailed: which flow it belongs to and the ids that must come back with it. */
export interface PendingCodeState extends PendingCode {
  /** `register`: the second step of sign-up; `reset`: the second step of a password reset. */
  readonly purpose: 'register' | 'reset';
  /** Where the code went, to tell the visitor (display only). */
  readonly email: string;
  /** When the code was sent (ms since 1970): 'Send the code again' waits a minute from it. */
  readonly sentAt?: number | undefined;
}

const PENDING_CODE_KEY = SESSION_STORAGE_KEYS.pendingCode;

const PendingCodeStateSchema = z.object({
  ...PendingCodeSchema.shape,
  purpose: z.enum(['register', 'reset']),
  email: z.string(),
  sentAt: z.optional(z.number()),
});

/** What the browser keeps of a user: id, name, and whether the header offers the console. */
function cached(user: AccountUser): AccountUser {
  return { userid: user.userid, username: user.username, ...(user.staff === true ? { staff: true } : {}) };
}

function decodeUser(stored: string): AccountUser | null {
  try {
    const parsed = AccountUserSchema.safeParse(JSON.parse(stored));
    return parsed.success ? cached(parsed.data) : null;
  } catch {
    return null;
  }
}

const $storedUser = persistentAtom<AccountUser | null>(LOCAL_STORAGE_KEYS.user, null, {
  encode: (user) => (user === null ? undefined : JSON.stringify(user)),
  decode: decodeUser,
});

/** The signed-in user (cached; confirmed by the server at start-up), or null. */
export const $user: ReadableAtom<AccountUser | null> = $storedUser;

// A sign-in on a shop page wakes its island, which waits for a signed-out visitor's intent.
$storedUser.listen((user, previous) => {
  if (user && !previous) askForIsland(SIGNED_IN);
});

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage can be disabled by policy; the flow then lives in memory only.
    return undefined;
  }
}

// The billing details the checkout remembers for the signed-in user: kept and read by
// ~/stores/billing, which is loaded only with the checkout's form (issue 20). Here only to forget
// them at sign-out, whatever page the visitor signs out on.
const $storedBilling = persistentAtom<string | undefined>(LOCAL_STORAGE_KEYS.billing, undefined, {
  listen: false,
});

function readPendingCode(): PendingCodeState | null {
  try {
    const stored = sessionStorageOrUndefined()?.getItem(PENDING_CODE_KEY);
    if (!stored) return null;
    const parsed = PendingCodeStateSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const $pending = atom<PendingCodeState | null>(readPendingCode());
$pending.listen((pending) => {
  try {
    const storage = sessionStorageOrUndefined();
    if (pending === null) storage?.removeItem(PENDING_CODE_KEY);
    else storage?.setItem(PENDING_CODE_KEY, JSON.stringify(pending));
  } catch {
    // A full or disabled storage only loses the reload safety net.
  }
});

/**
 * The e-mailed code waiting to be typed, kept in sessionStorage `usercode` so that a reload
 * during step 2 does not lose it.
 */
export const $pendingCode: ReadableAtom<PendingCodeState | null> = $pending;

/** True once the start-up check has answered (or failed). */
const $checked = atom(false);
/** @internal Read by tests/unit/stores/session.test.ts only (the start-up check's end). */
export const $sessionChecked: ReadableAtom<boolean> = $checked;

// The sign-up details of this page (never stored: they hold the password), sent again with the
// code, with the version of the notice shown beside the form (DECISIONS 63).
let signUpDetails: (SignUpFields & { notice?: string }) | undefined;

const NoContentSchema = z.unknown();

function failure(error: unknown): AccountResult {
  if (error instanceof ApiError) return { ok: false, status: error.status, errors: error.messages };
  return { ok: false, status: 0, errors: [String(error)] };
}

function signedIn(user: AccountUser): AccountResult {
  $storedUser.set(cached(user));
  $pending.set(null);
  signUpDetails = undefined;
  return { ok: true };
}

let restoring: Promise<void> | undefined;

/**
 * Asks the server who is signed in (once per page) when this browser shows someone as signed
 * in. 200: that user (the name may have changed); 401: nobody, and the cache is cleared.
 * Anything else (offline, a server error) keeps the cache and logs the failure.
 *
 * With no cached user there is nobody to confirm and no call: every anonymous page view would
 * otherwise cost a function call and log a 401 in the console (see docs/decisions.md).
 */
export function restoreSession(): Promise<void> {
  if (restoring === undefined && $storedUser.get() === null) {
    $checked.set(true);
    return Promise.resolve();
  }
  restoring ??= apiRequest('GET', '/api/account/me', AccountUserSchema, undefined, { background: true })
    .then((user) => {
      // The same user as cached changes nothing: no island renders again for it (issue 20).
      const confirmed = cached(user);
      if (JSON.stringify(confirmed) !== JSON.stringify($storedUser.get())) $storedUser.set(confirmed);
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) $storedUser.set(null);
      else console.error('Could not check the session at start-up.', error);
    })
    .finally(() => $checked.set(true));
  return restoring;
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
    return signedIn(user);
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
    $pending.set({
      usercode: code.usercode,
      userkey: code.userkey,
      purpose: 'register',
      email: fields.email,
      sentAt: Date.now(),
    });
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
  const pending = $pending.get();
  if (pending?.purpose !== 'register') {
    return { ok: false, status: 0, errors: ['Your sign-up has expired. Please start again.'] };
  }
  if (!signUpDetails) return { ok: false, status: 0, errors: [accountFormCopy.resend.lostDetails] };
  const { notice, ...fields } = signUpDetails;
  return sendSignUpCode(fields, notice);
}

/** Sign-up step 2: the code from the e-mail creates the account and signs it in. */
export async function verifySignUp(fields: VerifyFields): Promise<AccountResult> {
  const pending = $pending.get();
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
    return signedIn(user);
  } catch (error) {
    return failure(error);
  }
}

/** Leaves step 2 of sign-up or of a reset: the pending code is forgotten. */
export function cancelPendingCode(): void {
  $pending.set(null);
  signUpDetails = undefined;
}

/**
 * The signed-in user's name as the account page saved it (DECISIONS 62): the header and every
 * island show the new one at once, without waiting for the next start-up check.
 */
export function renameSignedInUser(name: string): void {
  const user = $storedUser.get();
  if (user && user.username !== name) $storedUser.set({ ...user, username: name });
}

/**
 * Forgets the signed-in user on this browser without a call or a new page: the account was closed
 * here, or the server no longer knows the session (signed out from another device). As at
 * sign-out, the remembered billing details and any pending code go too.
 */
export function forgetSession(): void {
  $storedUser.set(null);
  $storedBilling.set(undefined);
  cancelPendingCode();
}

/** Password reset step 1 (DECISIONS 28): the same answer whether or not the account exists. */
export async function requestPasswordReset(fields: ForgotFields): Promise<AccountResult> {
  try {
    const code = await apiRequest('POST', '/api/account/forgot', PendingCodeSchema, {
      email: fields.email,
      clientCode: ACCOUNT_CLIENT,
    });
    signUpDetails = undefined;
    $pending.set({
      usercode: code.usercode,
      userkey: code.userkey,
      purpose: 'reset',
      email: fields.email,
      sentAt: Date.now(),
    });
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
  const pending = $pending.get();
  if (pending?.purpose !== 'reset') {
    return { ok: false, status: 0, errors: ['Your reset request has expired. Please start again.'] };
  }
  return requestPasswordReset({ email: pending.email });
}

/** Password reset step 2: the code and the new password; the server signs the user in. */
export async function resetPassword(fields: ResetFields): Promise<AccountResult> {
  const pending = $pending.get();
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
    return signedIn(user);
  } catch (error) {
    return failure(error);
  }
}

/**
 * Signs out (product-spec section 4): the server revokes the session, the cached user goes (and
 * with it the cart and its `course` copy, see `~/stores/cart`, and the remembered billing
 * details), then the home page opens. The
 * local sign-out happens even when the server cannot be reached.
 */
export async function signOut(
  navigate: (path: string) => void = (path) => location.assign(path),
): Promise<void> {
  try {
    await apiRequest('POST', '/api/account/logout', NoContentSchema);
  } catch (error) {
    console.error('Sign-out did not reach the server.', error);
  }
  $storedUser.set(null);
  // A shared computer keeps nobody's billing details.
  $storedBilling.set(undefined);
  cancelPendingCode();
  flashOnNextPage(accountMessages.signedOut);
  navigate('/');
}
