/**
 * Who is signed in: the start-up check, the e-mailed code waiting to be typed, renaming and sign
 * out. The server is the truth (DECISIONS 4): the session is an HttpOnly cookie, and `user` in
 * localStorage only caches `{userid, username, staff?}` for display until `GET /api/account/me`
 * answers at start-up (DECISIONS 18). Signing in, signing up and resetting a password are in
 * `~/stores/sign-in`, loaded with the dialog's forms: every shop page and the header read this
 * module, and the forms' copy and requests are not theirs to load (issue 20's budget).
 *
 * Components read `$user` and `$pendingCode` and call the actions; they never set the atoms.
 * Actions resolve to an `AccountResult` instead of throwing, so a form can list the errors.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, type ReadableAtom } from 'nanostores';
import * as z from '~/lib/shared/zod';
import { ApiError, apiRequest } from '~/lib/client/api';
import { askForIsland, SIGNED_IN } from '~/lib/client/events';
import { accountMessages } from '~/content/ui/account';
import { flashOnNextPage } from '~/stores/notifications';
import {
  AccountUserSchema,
  PendingCodeSchema,
  type AccountUser,
  type PendingCode,
} from '~/lib/shared/schemas/account-user';
import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS } from '~/lib/shared/storage-keys';

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
// ~/stores/remembered-billing (which reads this module's user, so cannot be imported here). Here
// only to forget them at sign-out, whatever page the visitor signs out on.
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

const NoContentSchema = z.unknown();

/** Signs `user` in on this browser (a sign-in, a sign-up or a reset the server accepted). */
export function enterSession(user: AccountUser): AccountResult {
  $storedUser.set(cached(user));
  $pending.set(null);
  return { ok: true };
}

/** Keeps the code the server just e-mailed to `email` (its ids, `code`) as the one waiting to be typed. */
export function awaitCode(code: PendingCode, purpose: PendingCodeState['purpose'], email: string): void {
  $pending.set({ usercode: code.usercode, userkey: code.userkey, purpose, email, sentAt: Date.now() });
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

/** Leaves step 2 of sign-up or of a reset: the pending code is forgotten. */
export function cancelPendingCode(): void {
  $pending.set(null);
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
