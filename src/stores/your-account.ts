/**
 * Your account (DECISIONS 62-63; docs/api.md "Your account"): the profile, the e-mail
 * change by a code sent to the new address, the password, the signed-in devices, the saved billing
 * details and closing the account. The page reads these atoms; only this module loads and changes
 * them. Actions resolve to an `AccountResult` (the server's sentences on failure) so a form lists
 * them as the sign-up form does.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import * as z from '~/lib/shared/zod';
import { ApiError, apiRequest } from '~/lib/client/api';
import {
  AccountUserSchema,
  DeviceSchema,
  PendingCodeSchema,
  type DeleteAccountRequest,
  type Device,
  type EmailChangeRequest,
  type PasswordChangeRequest,
} from '~/lib/shared/schemas/account';
import type { Billing } from '~/lib/shared/schemas/billing';
import { ProfileSchema, type Profile, type ProfileUpdateRequest } from '~/lib/shared/schemas/profile';
import { forgetBilling, rememberBilling } from '~/stores/billing';
import { $user, forgetSession, renameSignedInUser, type AccountResult } from '~/stores/session';

/** The file of everything held on the user (DECISIONS 63): `GET /api/account/data`. */
export const ACCOUNT_DATA_PATH = '/api/account/data';

const DevicesSchema = z.array(DeviceSchema);
const NoContentSchema = z.unknown();

const $profileAtom = atom<Profile | undefined>(undefined);
const $profileFailed = atom(false);
const $devicesAtom = atom<readonly Device[] | undefined>(undefined);
const $devicesFailed = atom(false);

/** An e-mail change waiting for its code: where the code went and the ids that come back with it. */
export interface PendingEmailChange {
  readonly email: string;
  readonly usercode: string;
  readonly userkey: string;
  /** When the code was sent (ms since 1970): 'Send the code again' waits a minute from it. */
  readonly sentAt: number;
}
const $emailChangeAtom = atom<PendingEmailChange | undefined>(undefined);
// The password that asked for the code, in memory only, to ask again ('Send the code again').
let emailChangePassword: string | undefined;

const $closedAtom = atom<string | undefined>(undefined);

/** The signed-in user's profile (name, e-mail, mobile, saved billing); undefined until loaded. */
export const $profile: ReadableAtom<Profile | undefined> = $profileAtom;
/** Whether the profile failed to load (the page offers to try again). */
export const $profileLoadFailed: ReadableAtom<boolean> = $profileFailed;
/** The signed-in devices, this one first; undefined until loaded. */
export const $devices: ReadableAtom<readonly Device[] | undefined> = $devicesAtom;
/** Whether the devices failed to load. */
export const $devicesLoadFailed: ReadableAtom<boolean> = $devicesFailed;
/** The e-mail change waiting for its code, if one was asked for on this page. */
export const $pendingEmailChange: ReadableAtom<PendingEmailChange | undefined> = $emailChangeAtom;
/** The address told of the closing once this browser closed the account; undefined before. */
export const $closedAccountEmail: ReadableAtom<string | undefined> = $closedAtom;

/**
 * A failed call as a form shows it. 401: the session ended elsewhere (a password changed on
 * another device, the device signed out), so this browser forgets the user and the page asks to
 * sign in.
 */
function failure(error: unknown): AccountResult {
  if (error instanceof ApiError) {
    if (error.status === 401) forgetSession();
    return { ok: false, status: error.status, errors: error.messages };
  }
  return { ok: false, status: 0, errors: [String(error)] };
}

/** The profile as the server answered it; its saved billing fills this browser's next checkout. */
function showProfile(profile: Profile): void {
  $profileAtom.set(profile);
  $profileFailed.set(false);
  renameSignedInUser(profile.name);
  if (profile.billing) rememberBilling(profile.billing);
}

let loadingProfile: Promise<void> | undefined;

/** Loads the signed-in user's profile (one request at a time). */
export function loadProfile(): Promise<void> {
  if (!$user.get()) return Promise.resolve();
  loadingProfile ??= apiRequest('GET', '/api/account/profile', ProfileSchema)
    .then(showProfile, (error: unknown) => {
      failure(error);
      $profileFailed.set(true);
    })
    .finally(() => {
      loadingProfile = undefined;
    });
  return loadingProfile;
}

let loadingDevices: Promise<void> | undefined;

/** Loads the signed-in devices (one request at a time). */
export function loadDevices(): Promise<void> {
  if (!$user.get()) return Promise.resolve();
  loadingDevices ??= apiRequest('GET', '/api/account/sessions', DevicesSchema)
    .then(
      (devices) => {
        $devicesAtom.set(devices);
        $devicesFailed.set(false);
      },
      (error: unknown) => {
        failure(error);
        $devicesFailed.set(true);
      },
    )
    .finally(() => {
      loadingDevices = undefined;
    });
  return loadingDevices;
}

async function updateProfile(body: ProfileUpdateRequest): Promise<AccountResult> {
  try {
    showProfile(await apiRequest('POST', '/api/account/profile', ProfileSchema, body));
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}

/** Saves the name and mobile number (the sign-up rules); the header shows the new name. */
export function saveProfile(fields: { name: string; mobile: string }): Promise<AccountResult> {
  return updateProfile({ name: fields.name, mobile: fields.mobile });
}

/** Saves the billing details for the next checkout (the checkout's rules). */
export function saveBilling(billing: Billing): Promise<AccountResult> {
  return updateProfile({ billing });
}

/** Forgets the saved billing details, on the server and on this browser. */
export async function forgetSavedBilling(): Promise<AccountResult> {
  try {
    const profile = await apiRequest('POST', '/api/account/profile', ProfileSchema, { billing: null });
    forgetBilling();
    showProfile(profile);
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}

/** E-mail change step 1: the new address and the password; a code goes to the new address. */
export async function requestEmailChange(fields: EmailChangeRequest): Promise<AccountResult> {
  try {
    const pending = await apiRequest('POST', '/api/account/email', PendingCodeSchema, fields);
    emailChangePassword = fields.password;
    $emailChangeAtom.set({
      email: fields.email,
      usercode: pending.usercode,
      userkey: pending.userkey,
      sentAt: Date.now(),
    });
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}

/** 'Send the code again': asks for a new code to the same address (the last code sent is the one). */
export function resendEmailCode(): Promise<AccountResult> {
  const pending = $emailChangeAtom.get();
  if (!pending || emailChangePassword === undefined) return Promise.resolve(noPendingChange());
  return requestEmailChange({ email: pending.email, password: emailChangePassword });
}

function noPendingChange(): AccountResult {
  return { ok: false, status: 0, errors: ['Your e-mail change has expired. Please start again.'] };
}

/**
 * E-mail change step 2: the code from the new address; the profile then shows the new address
 * (the server tells the old one).
 */
export async function verifyEmailChange(fields: { verificationcode: string }): Promise<AccountResult> {
  const pending = $emailChangeAtom.get();
  if (!pending) return noPendingChange();
  try {
    const profile = await apiRequest('POST', '/api/account/email/verify', ProfileSchema, {
      usercode: pending.usercode,
      userkey: pending.userkey,
      verificationcode: fields.verificationcode,
    });
    cancelEmailChange();
    showProfile(profile);
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}

/** Leaves the e-mail change: the pending code and the password kept for it are forgotten. */
export function cancelEmailChange(): void {
  $emailChangeAtom.set(undefined);
  emailChangePassword = undefined;
}

/** Changes the password; the server signs every other device out, so the list is read again. */
export async function changePassword(fields: PasswordChangeRequest): Promise<AccountResult> {
  try {
    await apiRequest('POST', '/api/account/password', AccountUserSchema, fields);
    void loadDevices();
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}

/** Signs out one other device by its id, or `others`: every device but this one; then reloads the list. */
export async function signOutDevice(id: string | 'others'): Promise<AccountResult> {
  try {
    await apiRequest('POST', `/api/account/sessions/${encodeURIComponent(id)}/revoke`, NoContentSchema);
    return { ok: true };
  } catch (error) {
    return failure(error);
  } finally {
    void loadDevices();
  }
}

/**
 * Closes the account (DECISIONS 63): on success the server has ended the session, and this
 * browser forgets the user; `$closedAccountEmail` names the address told.
 */
export async function closeAccount(fields: DeleteAccountRequest): Promise<AccountResult> {
  const email = $profileAtom.get()?.email ?? '';
  try {
    await apiRequest('POST', '/api/account/delete', NoContentSchema, fields);
  } catch (error) {
    return failure(error);
  }
  $closedAtom.set(email);
  forgetSession();
  return { ok: true };
}

function clearAll(): void {
  $profileAtom.set(undefined);
  $profileFailed.set(false);
  $devicesAtom.set(undefined);
  $devicesFailed.set(false);
  cancelEmailChange();
}

// While anything shows them: loaded when unknown, and again for another user.
function loadWhileShown($list: ReadableAtom<unknown>, load: () => Promise<void>): () => void {
  const refresh = () => {
    if ($user.get() && $list.get() === undefined) void load();
  };
  refresh();
  const stopSelf = $list.listen(refresh);
  const stopUser = $user.listen((user, previous) => {
    if (user?.userid === previous?.userid) return;
    clearAll();
    refresh();
  });
  return () => {
    stopSelf();
    stopUser();
  };
}

onMount($profileAtom, () => loadWhileShown($profileAtom, loadProfile));
onMount($devicesAtom, () => loadWhileShown($devicesAtom, loadDevices));
