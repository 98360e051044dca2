/**
 * Signing in with e-mail or mobile and password (API.md, section Accounts; DECISIONS 42-43), and
 * the signed-in user. Unknown account and wrong password look alike; wrong passwords count
 * against the accounts named (`login-limit.ts`), whichever identifier named them.
 */
import { parseSignInId, type AccountUser, type LoginRequest } from '~/lib/shared/schemas/account';
import {
  ACCOUNT_ERRORS,
  signIn,
  toAccountUser,
  type AccountDeps,
  type SignedIn,
} from '~/server/domain/auth/account-deps';
import { accountRateLimits } from '~/server/domain/auth/account-limits';
import { sha256 } from '~/server/domain/auth/codes';
import {
  accountKey,
  clearWrongPasswords,
  countWrongPassword,
  keysAllowedNow,
  loginFailuresOf,
  unknownKey,
} from '~/server/domain/auth/login-limit';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '~/server/domain/auth/passwords';
import { Unauthorized } from '~/server/domain/errors';
import { consumeRateLimit } from '~/server/domain/rate-limit';
import {
  emailIndexKey,
  findUserByIndex,
  findUsersByMobile,
  getUser,
  setPasswordHash,
} from '~/server/storage/users';

/**
 * `POST /api/account/login`: e-mail or mobile and password. A mobile number may name several
 * accounts (DECISIONS 42): the password is checked against its five newest holders (in parallel,
 * so the time hardly depends on how many) and signs in the one it matches; an e-mail names one.
 */
export async function login(
  input: LoginRequest,
  clientAddress: string,
  deps: AccountDeps,
): Promise<SignedIn> {
  const now = deps.now();
  await consumeRateLimit(
    accountRateLimits(deps.settings.rateLimits.auth).loginsPerAddress,
    clientAddress,
    now,
  );
  const id = parseSignInId(input.mobile);
  const candidates = !id
    ? []
    : 'email' in id
      ? [await findUserByIndex(emailIndexKey(sha256(id.email)))].filter((user) => user !== undefined)
      : await findUsersByMobile(id.mobile);
  const keyOf = new Map(candidates.map((user) => [accountKey(user.userId), user]));
  const keys =
    candidates.length > 0
      ? [...keyOf.keys()]
      : [unknownKey(id ? JSON.stringify(id) : input.mobile.trim().toLowerCase())];
  const records = await loginFailuresOf(keys);
  const allowed = keysAllowedNow(records, now, ACCOUNT_ERRORS.tooMany);
  const tried = allowed.flatMap((key) => keyOf.get(key) ?? []);
  const matches = await Promise.all(
    tried.length > 0
      ? tried.map((user) => verifyPassword(input.password, user.passwordHash))
      : [verifyPassword(input.password, await dummyPasswordHash())],
  );
  const user = tried.find((_, index) => matches[index]);
  if (!user) {
    await countWrongPassword(allowed, now, ACCOUNT_ERRORS.tooMany);
    throw new Unauthorized([ACCOUNT_ERRORS.invalidCredentials]);
  }
  await clearWrongPasswords(accountKey(user.userId), records);
  if (needsRehash(user.passwordHash)) await setPasswordHash(user.userId, await hashPassword(input.password));
  return signIn(user, now, deps);
}

/** `GET /api/account/me`: the signed-in user, or Unauthorized when the account is gone. */
export async function currentUser(userId: string, staffEmails: ReadonlySet<string>): Promise<AccountUser> {
  const user = await getUser(userId);
  if (!user) throw new Unauthorized([ACCOUNT_ERRORS.signedOut]);
  return toAccountUser(user, staffEmails);
}
