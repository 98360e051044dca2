/**
 * A customer runs their own account (docs/api.md, "Your account"; DECISIONS 62): the profile
 * (name, mobile, saved billing), the e-mail address (changed only with a code sent to the new
 * one; the old one is told), the password (changed with the current one; other sessions end) and
 * the signed-in devices. Every change that could lock the owner out asks for the current
 * password, and a wrong one counts like a failed sign-in (DECISIONS 43).
 */
import { createHash } from 'node:crypto';
import {
  YOUR_ACCOUNT_HINTS,
  type Device,
  type EmailChangeRequest,
  type EmailVerifyRequest,
  type PasswordChangeRequest,
  type PendingCode,
} from '~/lib/shared/schemas/account';
import type { Profile, ProfileUpdateRequest } from '~/lib/shared/schemas/profile';
import { formatIndianDateTime } from '~/lib/shared/dates';
import {
  renderAlreadyRegisteredMail,
  renderEmailChangeCodeMail,
  renderEmailChangedMail,
} from '~/server/domain/auth/account-mails';
import { ACCOUNT_ERRORS, toAccountUser, type AccountDeps } from '~/server/domain/auth/account-deps';
import { accountRateLimits } from '~/server/domain/auth/account-limits';
import { newCode, sha256 } from '~/server/domain/auth/codes';
import { beginCodeRequest, consumeCode, startPendingRequest } from '~/server/domain/auth/code-requests';
import { assertUncommonPassword } from '~/server/domain/auth/common-passwords';
import {
  accountKey,
  clearWrongPasswords,
  countWrongPassword,
  keysAllowedNow,
  loginFailuresOf,
} from '~/server/domain/auth/login-limit';
import { hashPassword, verifyPassword } from '~/server/domain/auth/passwords';
import { hasExpired, revokeAllSessions, type SessionUser } from '~/server/domain/auth/sessions';
import { UNKNOWN_DEVICE } from '~/server/domain/auth/devices';
import { refuseOurGstin } from '~/server/domain/shop/our-gstin';
import { NotFound, Unauthorized, ValidationError } from '~/server/domain/errors';
import { consumeRateLimit } from '~/server/domain/rate-limit';
import { deleteSession, listSessionsOf } from '~/server/storage/sessions';
import {
  addMobileHolder,
  claimIndex,
  emailIndexKey,
  findUserByIndex,
  getUser,
  releaseIndex,
  removeMobileHolder,
  setPasswordHash,
  updateUser,
  type UserRecord,
} from '~/server/storage/users';
import type { AccountUser } from '~/lib/shared/schemas/account';

/** The account of a signed-in user, or 401 when it is gone (closed meanwhile). */
export async function accountOf(userId: string): Promise<UserRecord> {
  const user = await getUser(userId);
  if (!user) throw new Unauthorized([ACCOUNT_ERRORS.signedOut]);
  return user;
}

/** The profile as the account page shows it: never the password's hash. */
function profileOf(user: UserRecord): Profile {
  return {
    userid: user.userId,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    createdAt: user.createdAt,
    ...(user.billing ? { billing: user.billing } : {}),
  };
}

/** `GET /api/account/profile`. */
export async function getProfile(userId: string): Promise<Profile> {
  return profileOf(await accountOf(userId));
}

/**
 * `POST /api/account/profile`: the name, the mobile number (the account joins the new number's
 * holders and leaves the old one's: DECISIONS 42) and the saved billing (`null` forgets it).
 */
export async function updateProfile(
  userId: string,
  input: ProfileUpdateRequest,
  now: Date,
): Promise<Profile> {
  if (input.billing) refuseOurGstin(input.billing);
  const before = await accountOf(userId);
  if (input.mobile !== undefined && input.mobile !== before.mobile)
    await addMobileHolder(input.mobile, userId, now);
  const after = await updateUser(userId, (user) => {
    const changed: UserRecord = {
      ...user,
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.mobile === undefined ? {} : { mobile: input.mobile }),
      ...(input.billing ? { billing: input.billing } : {}),
    };
    if (input.billing === null) delete changed.billing;
    return changed;
  });
  if (!after) throw new Unauthorized([ACCOUNT_ERRORS.signedOut]);
  if (before.mobile !== after.mobile) await removeMobileHolder(before.mobile, userId);
  return profileOf(after);
}

/**
 * Checks the account's current password before a change that could lock its owner out. A wrong
 * one is 400 'Your current password is wrong.' and counts like a failed sign-in, against the
 * account and the caller's address (DECISIONS 43): guessing here is no cheaper than at sign-in.
 */
export async function checkCurrentPassword(
  user: UserRecord,
  password: string,
  clientAddress: string,
  deps: Pick<AccountDeps, 'settings'> & { readonly now: Date },
): Promise<void> {
  const { now } = deps;
  await consumeRateLimit(
    accountRateLimits(deps.settings.rateLimits.auth).loginsPerAddress,
    clientAddress,
    now,
  );
  const key = accountKey(user.userId);
  const records = await loginFailuresOf([key]);
  keysAllowedNow(records, now, ACCOUNT_ERRORS.tooMany);
  if (await verifyPassword(password, user.passwordHash)) {
    await clearWrongPasswords(key, records);
    return;
  }
  await countWrongPassword([key], now, ACCOUNT_ERRORS.tooMany);
  throw new ValidationError([YOUR_ACCOUNT_HINTS.wrongCurrent]);
}

/**
 * `POST /api/account/email`: the password, then a code to the new address (the limits of
 * `sendcode`). An address that has an account gets the 'already registered' mail and no code, so
 * the change then fails like a wrong code: no answer tells whether an address is registered.
 */
export async function requestEmailChange(
  userId: string,
  input: EmailChangeRequest,
  clientAddress: string,
  deps: AccountDeps,
): Promise<PendingCode> {
  const user = await accountOf(userId);
  if (input.email === user.email) throw new ValidationError([YOUR_ACCOUNT_HINTS.sameEmail]);
  await checkCurrentPassword(user, input.password, clientAddress, {
    settings: deps.settings,
    now: deps.now(),
  });
  const { now, emailHash } = await beginCodeRequest(input.email, clientAddress, deps);
  const taken = await findUserByIndex(emailIndexKey(emailHash));
  const code = taken ? undefined : newCode();
  const pending = await startPendingRequest(
    { purpose: 'email', emailHash, userId, newEmail: input.email },
    code,
    now,
  );
  const rendered =
    code === undefined
      ? renderAlreadyRegisteredMail({ siteUrl: deps.settings.siteUrl })
      : renderEmailChangeCodeMail({ code });
  await deps.mail.queue({
    ...rendered,
    to: [input.email],
    idempotencyKey: `account-email-${pending.usercode}`,
  });
  return pending;
}

/**
 * `POST /api/account/email/verify`: the code, then the account moves to the new address (claimed
 * first, as at sign-up; the old one is given up after) and the old address is told.
 */
export async function verifyEmailChange(
  userId: string,
  input: EmailVerifyRequest,
  deps: AccountDeps,
): Promise<Profile> {
  const now = deps.now();
  const request = await consumeCode('email', input, now);
  const newEmail = request.newEmail;
  if (request.userId !== userId || newEmail === undefined)
    throw new ValidationError([ACCOUNT_ERRORS.wrongCode]);
  const before = await accountOf(userId);
  if (!(await claimIndex(emailIndexKey(sha256(newEmail)), userId, now)))
    throw new ValidationError([ACCOUNT_ERRORS.wrongCode]);
  const after = await updateUser(userId, (user) => ({ ...user, email: newEmail }));
  if (!after) throw new Unauthorized([ACCOUNT_ERRORS.signedOut]);
  if (before.email !== newEmail) {
    await releaseIndex(emailIndexKey(sha256(before.email)), userId);
    await deps.mail.queue({
      ...renderEmailChangedMail({
        name: after.name,
        newEmail,
        when: formatIndianDateTime(now.toISOString()),
      }),
      to: [before.email],
      idempotencyKey: `account-email-changed-${input.usercode}`,
    });
  }
  return profileOf(after);
}

/**
 * `POST /api/account/password`: the current password, the new one (the sign-up rules), then
 * every other session of the account ends; this one goes on.
 */
export async function changePassword(
  session: SessionUser,
  input: PasswordChangeRequest,
  clientAddress: string,
  deps: AccountDeps,
): Promise<AccountUser> {
  const user = await accountOf(session.userId);
  assertUncommonPassword(input.password);
  await checkCurrentPassword(user, input.current, clientAddress, {
    settings: deps.settings,
    now: deps.now(),
  });
  const changed = await setPasswordHash(user.userId, await hashPassword(input.password));
  if (!changed) throw new Unauthorized([ACCOUNT_ERRORS.signedOut]);
  await revokeAllSessions(user.userId, session.sessionId);
  return toAccountUser(changed, deps.settings.staffEmails);
}

/**
 * The id a device is listed under: derived from the session's key, never the key itself (the
 * key is the token's hash; the page and the download need only a name for 'Sign out').
 */
function deviceIdOf(sessionId: string): string {
  return createHash('sha256').update(`device:${sessionId}`).digest('base64url').slice(0, 22);
}

/** `GET /api/account/sessions`: the signed-in devices, this one first, then the most recently used. */
export async function listDevices(session: SessionUser, now: Date): Promise<Device[]> {
  const sessions = await listSessionsOf(session.userId);
  return sessions
    .filter(({ session: stored }) => !hasExpired(stored, now))
    .map(({ sessionId, session: stored }) => ({
      id: deviceIdOf(sessionId),
      createdAt: stored.createdAt,
      lastSeenAt: stored.lastSeenAt,
      device: stored.device ?? UNKNOWN_DEVICE,
      current: sessionId === session.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/**
 * `POST /api/account/sessions/{id}/revoke`: signs one device out (404 when it is not signed in),
 * or with `others` every device but this one. Resolves to whether this device was signed out.
 */
export async function revokeDevice(
  session: SessionUser,
  id: string,
): Promise<{ readonly signedOutHere: boolean }> {
  if (id === 'others') {
    await revokeAllSessions(session.userId, session.sessionId);
    return { signedOutHere: false };
  }
  const sessions = await listSessionsOf(session.userId);
  const found = sessions.find(({ sessionId }) => deviceIdOf(sessionId) === id);
  if (!found) throw new NotFound([YOUR_ACCOUNT_HINTS.noDevice]);
  await deleteSession(found.sessionId, session.userId);
  return { signedOutHere: found.sessionId === session.sessionId };
}
