/**
 * Pending sign-ups and password resets in the `account-codes` store. Key formats:
 * - `pending/<usercode>`: one request: the hashed secret (`userkey`), the hashed code, its wrong
 *   tries and expiry, and what happens on success (the sign-up details with the password already
 *   hashed, or the user whose password is reset);
 * - `latest/<purpose>/<sha256 of e-mail>`: the newest request for an address. Only the newest
 *   request's code counts, so asking for a new code voids the previous one.
 */
import * as z from '~/lib/shared/zod';
import { NoticeAcceptedSchema } from '~/lib/shared/schemas/notice';
import { openStore, SKIP } from '~/server/storage/blob-store';
import { sweep, type Budget, type SweepResult } from '~/server/storage/sweep';

const SignUpDetailsSchema = z.object({
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  passwordHash: z.string(),
  /** The notice shown beside the sign-up form (DECISIONS 63); absent on requests from before. */
  notice: z.optional(NoticeAcceptedSchema),
});

/** A pending request. `codeHash` is absent when no code was sent (e-mail already registered, or unknown). */
const PendingRequestSchema = z.object({
  purpose: z.enum(['sign-up', 'reset', 'email']),
  /** SHA-256 of the e-mail address: the `latest/` key. */
  emailHash: z.string(),
  /** SHA-256 of the `userkey` secret. */
  userkeyHash: z.string(),
  /** Salt of the code's HMAC. */
  salt: z.string(),
  codeHash: z.optional(z.string()),
  /** Wrong codes tried so far. */
  tries: z.int().check(z.gte(0)),
  expiresAt: z.iso.datetime(),
  /** Set once the code was used; a used request never works again. */
  usedAt: z.optional(z.iso.datetime()),
  /** The random id of the try that used the code: the one winner of concurrent tries. */
  claimId: z.optional(z.string()),
  /** For a sign-up: the details to create the account from. */
  signUp: z.optional(SignUpDetailsSchema),
  /** For a reset: the account whose password is reset; for an e-mail change: whose address changes. */
  userId: z.optional(z.string()),
  /** For an e-mail change: the new address (lower-case), the one the code went to. */
  newEmail: z.optional(z.string()),
});

export type PendingRequest = z.infer<typeof PendingRequestSchema>;

const LatestSchema = z.object({ usercode: z.string() });
const store = openStore('account-codes');
const pendingKey = (usercode: string) => `pending/${usercode}`;
const latestKey = (purpose: PendingRequest['purpose'], emailHash: string) => `latest/${purpose}/${emailHash}`;

/** Stores a new request and makes it the newest for its e-mail address (voiding older ones). */
export async function saveNewPendingRequest(usercode: string, request: PendingRequest): Promise<void> {
  const created = await store.create(pendingKey(usercode), PendingRequestSchema, request);
  if (!created) throw new Error(`Pending request id collision: ${usercode}`);
  await store.update(latestKey(request.purpose, request.emailHash), LatestSchema, () => ({ usercode }));
}

/** The request with this id, or undefined. */
export function getPendingRequest(usercode: string): Promise<PendingRequest | undefined> {
  return store.get(pendingKey(usercode), PendingRequestSchema);
}

/** True when `usercode` is the newest request for its address and purpose. */
export async function isLatestRequest(usercode: string, request: PendingRequest): Promise<boolean> {
  const latest = await store.get(latestKey(request.purpose, request.emailHash), LatestSchema);
  return latest?.usercode === usercode;
}

/** Conflict-safe change of a request; resolves to the stored result (undefined when absent). */
export function updatePendingRequest(
  usercode: string,
  fn: (request: PendingRequest) => PendingRequest | typeof SKIP,
): Promise<PendingRequest | undefined> {
  return store.update(pendingKey(usercode), PendingRequestSchema, (current) =>
    current ? fn(current) : SKIP,
  );
}

export { SKIP };

/**
 * Deletes pending requests that expired before `before`, and `latest/` pointers whose request
 * is gone (issue 17, item 6).
 */
export async function sweepPendingRequests(before: Date, budget: Budget): Promise<SweepResult[]> {
  const pending = await sweep(
    store,
    'pending/',
    PendingRequestSchema,
    (request) => Date.parse(request.expiresAt) < before.getTime(),
    budget,
  );
  const live = new Set((await store.list('pending/')).map((key) => key.slice('pending/'.length)));
  const latest = await sweep(
    store,
    'latest/',
    LatestSchema,
    (pointer) => !live.has(pointer.usercode),
    budget,
  );
  return [pending, latest];
}
