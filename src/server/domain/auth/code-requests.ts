/**
 * Requests for an e-mailed code (sign-up and reset): opening one (counted against the limits),
 * storing it with its secret, and spending its code once. Every failure to spend a code is the
 * same 400, so no answer tells what was wrong.
 */
import type { PendingCode } from '~/lib/shared/schemas/account';
import { ACCOUNT_ERRORS, type AccountDeps } from '~/server/domain/auth/account-deps';
import { consumeCodeRequest, noteVoidedCode } from '~/server/domain/auth/account-limits';
import {
  CODE_TTL_MS,
  hashCode,
  MAX_CODE_TRIES,
  newOpaqueToken,
  newSalt,
  sameHash,
  sha256,
} from '~/server/domain/auth/codes';
import { ValidationError } from '~/server/domain/errors';
import {
  getPendingRequest,
  isLatestRequest,
  saveNewPendingRequest,
  SKIP,
  updatePendingRequest,
  type PendingRequest,
} from '~/server/storage/account-codes';

/** The opening of `sendCode` and `forgot`: the time, the request counted, the address's hash. */
export async function beginCodeRequest(
  email: string,
  clientAddress: string,
  deps: AccountDeps,
): Promise<{ readonly now: Date; readonly emailHash: string }> {
  const now = deps.now();
  await consumeCodeRequest(email, clientAddress, now, deps.settings.rateLimits.auth);
  return { now, emailHash: sha256(email) };
}

/** Stores a pending request and answers its id and secret. */
export async function startPendingRequest(
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
 * Checks `verificationcode` against the pending request and marks it used. Every failure is
 * the same 400 (unknown id, wrong secret, expired, voided, no code sent, wrong code), except
 * the fifth wrong try, which voids the code and says so.
 */
export async function consumeCode(
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
