/**
 * Accounts (API.md, section Accounts; DECISIONS 4-9, 27-29): sign-up with an e-mailed code,
 * sign-in with e-mail or mobile, password reset. No answer reveals whether an e-mail is
 * registered: `sendCode` and `forgot` answer the same shape either way, and the mail tells the
 * owner what happened. Plain inputs, typed errors; mail and the clock are injected.
 */
import { randomBytes } from 'node:crypto';
import {
  parseSignInId,
  type AccountUser,
  type ForgotRequest,
  type LoginRequest,
  type PendingCode,
  type RegisterRequest,
  type ResetRequest,
  type SendCodeRequest,
} from '~/lib/shared/schemas/account';
import {
  renderAlreadyRegisteredMail,
  renderResetCodeMail,
  renderSignUpCodeMail,
} from '~/server/domain/auth/account-mails';
import {
  CODE_TTL_MS,
  hashCode,
  MAX_CODE_TRIES,
  newCode,
  newOpaqueToken,
  newSalt,
  sameHash,
  sha256,
} from '~/server/domain/auth/codes';
import { assertUncommonPassword } from '~/server/domain/auth/common-passwords';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '~/server/domain/auth/passwords';
import { createSession, revokeAllSessions, type NewSession } from '~/server/domain/auth/sessions';
import { isStaffEmail } from '~/server/domain/auth/staff';
import {
  accountKey,
  clearWrongPasswords,
  countWrongPassword,
  keysAllowedNow,
  loginFailuresOf,
  unknownKey,
} from '~/server/domain/auth/login-limit';
import { RateLimited, Unauthorized, ValidationError } from '~/server/domain/errors';
import { getCodeVoids, recordCodeVoid } from '~/server/storage/rate-limits';
import type { MailQueue } from '~/server/domain/mail-queue';
import { consumeRateLimit, type RateLimitPolicy } from '~/server/domain/rate-limit';
import { serverEnv } from '~/server/env';
import {
  getPendingRequest,
  isLatestRequest,
  saveNewPendingRequest,
  SKIP,
  updatePendingRequest,
  type PendingRequest,
} from '~/server/storage/account-codes';
import {
  addMobileHolder,
  claimIndex,
  emailIndexKey,
  findUserByIndex,
  findUsersByMobile,
  getUser,
  releaseIndex,
  saveNewUser,
  setPasswordHash,
  type UserRecord,
} from '~/server/storage/users';

/** Messages of API.md, word for word. */
export const ACCOUNT_ERRORS = {
  /** DECISIONS 41: the spec's 'Invalid Credentials.!' with its slip corrected. */
  invalidCredentials: 'Wrong e-mail, mobile number or password.',
  wrongCode: 'The verification code is wrong or has expired.',
  tooManyTries: 'Too many wrong codes. Please ask for a new code.',
  tooMany: 'Too many attempts in a short time. Please wait a few minutes and try again.',
} as const;

/** What the account flows need from the outside world. */
export interface AccountDeps {
  readonly mail: MailQueue;
  readonly now: () => Date;
  /** The site's origin, for links in e-mails. */
  readonly siteUrl: string;
  /** Starts a task once the answer is on its way (the handler's `after`); without it, before. */
  readonly after?: (task: () => Promise<unknown>) => void;
}

/**
 * Dependencies from a handler's call: its mail queue (built only if a flow sends mail: a sign-in
 * sends none), clock, after-the-answer work and the site's origin from its settings.
 */
export function accountDeps(call: {
  readonly mail: MailQueue;
  readonly now: Date;
  readonly after?: (task: () => Promise<unknown>) => void;
  readonly settings: { readonly siteUrl: string };
}): AccountDeps {
  return {
    get mail() {
      return call.mail;
    },
    now: () => call.now,
    siteUrl: call.settings.siteUrl,
    ...(call.after ? { after: call.after } : {}),
  };
}

/** A signed-in result: the user for the answer and the new session for the cookie. */
export interface SignedIn {
  readonly user: AccountUser;
  readonly session: NewSession;
}

const MINUTE = 60 * 1000;

/**
 * Rate limits (API.md): code requests per e-mail and per client address, sign-ins per client
 * address (wrong passwords per account: `login-limit.ts`). AUTH_RATE_LIMIT raises the
 * per-address limits (tests).
 */
export function accountRateLimits(perAddress = serverEnv().rateLimits.auth) {
  const policy = (bucket: string, limit: number, windowMs: number): RateLimitPolicy => ({
    bucket,
    limit,
    windowMs,
    message: ACCOUNT_ERRORS.tooMany,
  });
  return {
    codesPerEmail: policy('code-email', 5, 60 * MINUTE),
    // Guesses per address per day stay bounded: 10 codes of 5 tries (issue 22, item 7).
    codesPerEmailPerDay: policy('code-email-day', 10, 24 * 60 * MINUTE),
    codesPerAddress: policy('code-address', perAddress, 60 * MINUTE),
    loginsPerAddress: policy('login-address', perAddress * 2, 15 * MINUTE),
  } as const;
}

/** The wait before a new code after the `voids`-th voided one: 5 minutes, doubling, at most a day. */
export function waitAfterVoids(voids: number): number {
  return Math.min(24 * 60 * MINUTE, 5 * MINUTE * 2 ** Math.min(voids - 1, 10));
}

/**
 * Counts a request for a code (sign-up or reset) against the per-address and per-e-mail limits
 * (hourly and daily), and refuses it while the address waits after a voided code.
 */
async function consumeCodeRequest(email: string, clientAddress: string, now: Date): Promise<void> {
  const limits = accountRateLimits();
  await consumeRateLimit(limits.codesPerAddress, clientAddress, now);
  const voided = await getCodeVoids(sha256(email));
  if (voided && now.getTime() - Date.parse(voided.lastVoidAt) < 24 * 60 * MINUTE) {
    const waitUntil = Date.parse(voided.lastVoidAt) + waitAfterVoids(voided.voids);
    if (waitUntil > now.getTime())
      throw new RateLimited(Math.ceil((waitUntil - now.getTime()) / 1000), [ACCOUNT_ERRORS.tooMany]);
  }
  await consumeRateLimit(limits.codesPerEmail, email, now);
  await consumeRateLimit(limits.codesPerEmailPerDay, email, now);
}

/** The opening of `sendCode` and `forgot`: the time, the request counted, the address's hash. */
async function beginCodeRequest(
  email: string,
  clientAddress: string,
  deps: AccountDeps,
): Promise<{ readonly now: Date; readonly emailHash: string }> {
  const now = deps.now();
  await consumeCodeRequest(email, clientAddress, now);
  return { now, emailHash: sha256(email) };
}

/** Notes that a code of this address was voided by wrong guesses: the next one waits longer. */
async function noteVoidedCode(emailHash: string, now: Date): Promise<void> {
  await recordCodeVoid(emailHash, (current) => ({
    voids:
      current && now.getTime() - Date.parse(current.lastVoidAt) < 24 * 60 * MINUTE ? current.voids + 1 : 1,
    lastVoidAt: now.toISOString(),
  }));
}

const toAccountUser = (user: UserRecord): AccountUser => ({
  userid: user.userId,
  username: user.name,
  ...(isStaffEmail(user.email) ? { staff: true } : {}),
});

/** Signs `user` in: the answer's user and a new session (a staff session for staff). */
async function signIn(user: UserRecord, now: Date): Promise<SignedIn> {
  return {
    user: toAccountUser(user),
    session: await createSession(user.userId, now, isStaffEmail(user.email)),
  };
}

/** A new opaque user id (random, not a counter). */
const newUserId = () => randomBytes(16).toString('base64url');

/** Stores a pending request and answers its id and secret. */
async function startPendingRequest(
  request: Omit<PendingRequest, 'userkeyHash' | 'salt' | 'codeHash' | 'tries' | 'expiresAt'>,
  code: string | undefined,
  now: Date,
): Promise<PendingCode> {
  const usercode = newOpaqueToken();
  const userkey = newOpaqueToken();
  const salt = newSalt();
  await saveNewPendingRequest(usercode, {
    ...request,
    userkeyHash: sha256(userkey),
    salt,
    ...(code === undefined ? {} : { codeHash: hashCode(code, salt) }),
    tries: 0,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
  });
  return { usercode, userkey };
}

/**
 * `POST /api/account/sendcode`: stores the pending sign-up (password already hashed) and mails a
 * 6-digit code. If the e-mail already has an account, no code is made: the owner is told the
 * address is registered, and `register` will fail like a wrong code.
 */
export async function sendCode(
  input: SendCodeRequest,
  clientAddress: string,
  deps: AccountDeps,
): Promise<PendingCode> {
  assertUncommonPassword(input.password);
  const { now, emailHash } = await beginCodeRequest(input.email, clientAddress, deps);
  // Hash in both cases, so the answer takes as long whether or not the e-mail is registered.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByIndex(emailIndexKey(emailHash));
  const code = existing ? undefined : newCode();
  const pending = await startPendingRequest(
    {
      purpose: 'sign-up',
      emailHash,
      signUp: { name: input.name, email: input.email, mobile: input.mobile, passwordHash },
    },
    code,
    now,
  );
  const rendered =
    code === undefined
      ? renderAlreadyRegisteredMail({ siteUrl: deps.siteUrl })
      : renderSignUpCodeMail({ code });
  await deps.mail.queue({
    ...rendered,
    to: [input.email],
    idempotencyKey: `account-sign-up-${pending.usercode}`,
  });
  return pending;
}

/**
 * Checks `verificationcode` against the pending request and marks it used. Every failure is
 * the same 400 (unknown id, wrong secret, expired, voided, no code sent, wrong code), except
 * the fifth wrong try, which voids the code and says so.
 */
async function consumeCode(
  purpose: PendingRequest['purpose'],
  input: { usercode: string; userkey: string; verificationcode: string },
  now: Date,
): Promise<PendingRequest> {
  const wrong = () => new ValidationError([ACCOUNT_ERRORS.wrongCode]);
  const request = await getPendingRequest(input.usercode);
  if (!request || request.purpose !== purpose || !sameHash(sha256(input.userkey), request.userkeyHash))
    throw wrong();
  if (request.usedAt !== undefined || Date.parse(request.expiresAt) <= now.getTime()) throw wrong();
  if (request.tries >= MAX_CODE_TRIES) throw new ValidationError([ACCOUNT_ERRORS.tooManyTries]);
  if (!(await isLatestRequest(input.usercode, request))) throw wrong();
  const matches =
    request.codeHash !== undefined &&
    sameHash(hashCode(input.verificationcode, request.salt), request.codeHash);
  // The update decides against the stored state, so two concurrent tries cannot both use one code.
  // A random claim names the winner: two tries in one millisecond cannot both see their own mark.
  const claimId = newOpaqueToken();
  let voided = false;
  const stored = await updatePendingRequest(input.usercode, (current) => {
    voided = false;
    if (current.usedAt !== undefined || current.tries >= MAX_CODE_TRIES) return SKIP;
    if (matches) return { ...current, usedAt: now.toISOString(), claimId };
    voided = current.tries + 1 >= MAX_CODE_TRIES;
    return { ...current, tries: current.tries + 1 };
  });
  if (matches && stored?.claimId === claimId) return request;
  if (voided) await noteVoidedCode(request.emailHash, now);
  if (stored && stored.tries >= MAX_CODE_TRIES) throw new ValidationError([ACCOUNT_ERRORS.tooManyTries]);
  throw wrong();
}

/**
 * Creates the account from sign-up details: claims its unique e-mail, joins the holders of its
 * mobile number (not unique, DECISIONS 42), then writes the record. A number that already has
 * `MAX_MOBILE_HOLDERS` accounts fails like a wrong code, so no answer tells a number is in use.
 */
export async function createAccount(
  details: NonNullable<PendingRequest['signUp']>,
  now: Date,
): Promise<UserRecord> {
  const user: UserRecord = { userId: newUserId(), ...details, createdAt: now.toISOString() };
  const emailKey = emailIndexKey(sha256(details.email));
  if (!(await claimIndex(emailKey, user.userId, now))) {
    // Registered meanwhile: fail like a wrong code (no enumeration).
    throw new ValidationError([ACCOUNT_ERRORS.wrongCode]);
  }
  if (!(await addMobileHolder(details.mobile, user.userId, now))) {
    await releaseIndex(emailKey, user.userId);
    throw new ValidationError([ACCOUNT_ERRORS.wrongCode]);
  }
  await saveNewUser(user);
  return user;
}

/** `POST /api/account/register`: the code, then the account from the stored details, then a session. */
export async function register(input: RegisterRequest, deps: AccountDeps): Promise<SignedIn> {
  const now = deps.now();
  const request = await consumeCode('sign-up', input, now);
  if (!request.signUp) throw new ValidationError([ACCOUNT_ERRORS.wrongCode]);
  const user = await createAccount(request.signUp, now);
  return signIn(user, now);
}

/**
 * `POST /api/account/login`: e-mail or mobile and password. Unknown account and wrong password
 * look alike. A mobile number may name several accounts (DECISIONS 42): the password is checked
 * against each (in parallel, so the time hardly depends on how many) and signs in the one it
 * matches. Wrong passwords count against the accounts named (`login-limit.ts`), whichever
 * identifier named them.
 */
export async function login(
  input: LoginRequest,
  clientAddress: string,
  deps: AccountDeps,
): Promise<SignedIn> {
  const now = deps.now();
  await consumeRateLimit(accountRateLimits().loginsPerAddress, clientAddress, now);
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
  return signIn(user, now);
}

/** `GET /api/account/me`: the signed-in user, or Unauthorized when the account is gone. */
export async function currentUser(userId: string): Promise<AccountUser> {
  const user = await getUser(userId);
  if (!user) throw new Unauthorized(['Please sign in to continue.']);
  return toAccountUser(user);
}

/**
 * `POST /api/account/forgot`: the same answer whether or not the account exists, after the same
 * work (issue 22, item 2: the time to answer told registered e-mails apart): count the request,
 * store a pending reset with no code, answer. After the answer, only for an existing account,
 * a code is added to that pending reset and mailed.
 */
export async function forgot(
  input: ForgotRequest,
  clientAddress: string,
  deps: AccountDeps,
): Promise<PendingCode> {
  const { now, emailHash } = await beginCodeRequest(input.email, clientAddress, deps);
  const pending = await startPendingRequest({ purpose: 'reset', emailHash }, undefined, now);
  const mailing = () => mailResetCode(pending.usercode, emailHash);
  if (deps.after) deps.after(mailing);
  else await mailing();
  return pending;

  async function mailResetCode(usercode: string, hash: string): Promise<void> {
    const user = await findUserByIndex(emailIndexKey(hash));
    if (!user) return;
    const code = newCode();
    let codeHash: string | undefined;
    const stored = await updatePendingRequest(usercode, (request) => {
      if (request.codeHash !== undefined) return SKIP;
      codeHash = hashCode(code, request.salt);
      return { ...request, userId: user.userId, codeHash };
    });
    if (!stored || stored.codeHash !== codeHash) return;
    await deps.mail.queue({
      ...renderResetCodeMail({ name: user.name, code }),
      to: [user.email],
      idempotencyKey: `account-reset-${usercode}`,
    });
  }
}

/** `POST /api/account/reset`: the code, the new password, every other session revoked, a new session. */
export async function reset(input: ResetRequest, deps: AccountDeps): Promise<SignedIn> {
  // Before the code is tried, so a refused password does not spend it.
  assertUncommonPassword(input.password);
  const now = deps.now();
  const request = await consumeCode('reset', input, now);
  if (!request.userId) throw new ValidationError([ACCOUNT_ERRORS.wrongCode]);
  const user = await setPasswordHash(request.userId, await hashPassword(input.password));
  if (!user) throw new ValidationError([ACCOUNT_ERRORS.wrongCode]);
  await revokeAllSessions(user.userId);
  return signIn(user, now);
}
