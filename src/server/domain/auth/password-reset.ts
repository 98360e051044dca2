/**
 * Password reset with an e-mailed code (API.md, section Accounts). `forgot` answers the same
 * whether or not the account exists, after the same work; the code is mailed only if it does.
 */
import type { ForgotRequest, PendingCode, ResetRequest } from '~/lib/shared/schemas/account';
import { renderResetCodeMail } from '~/server/domain/auth/account-mails';
import { ACCOUNT_ERRORS, signIn, type AccountDeps, type SignedIn } from '~/server/domain/auth/account-deps';
import { hashCode, newCode } from '~/server/domain/auth/codes';
import { beginCodeRequest, consumeCode, startPendingRequest } from '~/server/domain/auth/code-requests';
import { assertUncommonPassword } from '~/server/domain/auth/common-passwords';
import { hashPassword } from '~/server/domain/auth/passwords';
import { revokeAllSessions } from '~/server/domain/auth/sessions';
import { ValidationError } from '~/server/domain/errors';
import { SKIP, updatePendingRequest } from '~/server/storage/account-codes';
import { emailIndexKey, findUserByIndex, setPasswordHash } from '~/server/storage/users';

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
  return signIn(user, now, deps);
}
