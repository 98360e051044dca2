/**
 * Sign-up with an e-mailed code (API.md, section Accounts; DECISIONS 4-9, 42). No answer reveals
 * whether an e-mail is registered: `sendCode` answers the same shape either way, and the mail
 * tells the owner what happened.
 */
import { randomBytes } from 'node:crypto';
import type { PendingCode, RegisterRequest, SendCodeRequest } from '~/lib/shared/schemas/account';
import { renderAlreadyRegisteredMail, renderSignUpCodeMail } from '~/server/domain/auth/account-mails';
import { ACCOUNT_ERRORS, signIn, type AccountDeps, type SignedIn } from '~/server/domain/auth/account-deps';
import { newCode, sha256 } from '~/server/domain/auth/codes';
import { beginCodeRequest, consumeCode, startPendingRequest } from '~/server/domain/auth/code-requests';
import { assertUncommonPassword } from '~/server/domain/auth/common-passwords';
import { hashPassword } from '~/server/domain/auth/passwords';
import { noticeAccepted } from '~/server/domain/notices';
import { ValidationError } from '~/server/domain/errors';
import type { PendingRequest } from '~/server/storage/account-codes';
import {
  addMobileHolder,
  claimIndex,
  emailIndexKey,
  findUserByIndex,
  saveNewUser,
  type UserRecord,
} from '~/server/storage/users';

/** A new opaque user id (random, not a counter). */
const newUserId = () => randomBytes(16).toString('base64url');

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
  // Before anything is counted: a page showing an old notice is asked to reload (DECISIONS 63).
  const notice = noticeAccepted('signUp', input.notice, deps.now());
  const { now, emailHash } = await beginCodeRequest(input.email, clientAddress, deps);
  // Hash in both cases, so the answer takes as long whether or not the e-mail is registered.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByIndex(emailIndexKey(emailHash));
  const code = existing ? undefined : newCode();
  const pending = await startPendingRequest(
    {
      purpose: 'sign-up',
      emailHash,
      signUp: { name: input.name, email: input.email, mobile: input.mobile, passwordHash, notice },
    },
    code,
    now,
  );
  const rendered =
    code === undefined
      ? renderAlreadyRegisteredMail({ siteUrl: deps.settings.siteUrl })
      : renderSignUpCodeMail({ code });
  await deps.mail.queue({
    ...rendered,
    to: [input.email],
    idempotencyKey: `account-sign-up-${pending.usercode}`,
  });
  return pending;
}

/**
 * Creates the account from sign-up details: claims its unique e-mail, joins the holders of its
 * mobile number as the newest (not unique, and never a reason to refuse: DECISIONS 42), then
 * writes the record.
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
  await addMobileHolder(details.mobile, user.userId, now);
  await saveNewUser(user);
  return user;
}

/**
 * `POST /api/account/register`: the code, then the account from the stored details, then a
 * session. The account keeps the notice `sendcode` was sent under; this call's only when that one
 * named none (DECISIONS 63).
 */
export async function register(input: RegisterRequest, deps: AccountDeps): Promise<SignedIn> {
  const now = deps.now();
  const notice = noticeAccepted('signUp', input.notice, now);
  const request = await consumeCode('sign-up', input, now);
  if (!request.signUp) throw new ValidationError([ACCOUNT_ERRORS.wrongCode]);
  const user = await createAccount({ ...request.signUp, notice: request.signUp.notice ?? notice }, now);
  return signIn(user, now, deps);
}
