/**
 * User accounts in the `users` store. Key formats:
 * - `users/<userId>`: the account (opaque random id, name, e-mail, mobile, password hash);
 * - `by-email/<sha256 of e-mail>`: the unique e-mail index naming the user id;
 * - `mobile-holders/<mobile>/<inverted time>-<userId>`: one empty marker per account that holds a
 *   mobile number (DECISIONS 42, revised: a number nobody proved is a sign-in name, never a key,
 *   and never blocks a sign-up); the inverted time (13 digits of 9999999999999 - epoch ms) lists
 *   the newest first, and a sign-in by mobile tries the `MOBILE_SIGN_IN_HOLDERS` newest. A marker
 *   per holder, not one record of them all: holders join at once without conflicting writes.
 * - `by-mobile/<mobile>`: the holders as stored before (one `userId`, or a list of up to five),
 *   still read as the oldest holders.
 *   (`<mobile>`: ten digits, or + and the 8 to 15 digits of a number outside India, DECISIONS 52.)
 *
 * An account is created index first, then the record: claim the e-mail (create only if new),
 * join the mobile's holders, write the record. A crash between the steps leaves an index that
 * names a user id with no record. Once such an e-mail entry is older than `STALE_CLAIM_MS` (a
 * claim in progress is younger) the next claim takes it over, so a crash never blocks an address
 * for good; a holder entry with no record is skipped when signing in and falls off the list as
 * newer holders join. A lost race gives the claim back.
 */
import { MOBILE_PATTERN } from '~/lib/shared/schemas/account';
import { BillingRecordSchema } from '~/lib/shared/schemas/billing';
import { NoticeAcceptedSchema } from '~/lib/shared/schemas/notice';
import * as z from '~/lib/shared/zod';
import { openStore, SKIP } from '~/server/storage/blob-store';
import { addToIndex } from '~/server/storage/time-index';

/** A stored account. */
const UserRecordSchema = z.object({
  userId: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
  /** The name given at sign-up, shown in the header and on invoices. */
  name: z.string().check(z.minLength(1)),
  /** Lower-case e-mail address. */
  email: z.string().check(z.minLength(3)),
  /** Ten digits (India), or + and 8 to 15 digits (elsewhere: DECISIONS 52). */
  mobile: z.string().check(z.regex(MOBILE_PATTERN)),
  /** PHC-style scrypt hash. */
  passwordHash: z.string().check(z.startsWith('$scrypt$')),
  createdAt: z.iso.datetime(),
  /** Billing details saved at checkout ('Save for next time') or on the account page (DECISIONS 62). */
  billing: z.optional(BillingRecordSchema),
  /** The notice shown beside the sign-up form (DECISIONS 63); absent on accounts from before. */
  notice: z.optional(NoticeAcceptedSchema),
});

export type UserRecord = z.infer<typeof UserRecordSchema>;

const IndexSchema = z.object({ userId: z.string(), claimedAt: z.iso.datetime() });

/** An index whose account record is still missing after this long was left by a crash (1 minute). */
export const STALE_CLAIM_MS = 60 * 1000;
const store = openStore('users');
const userKey = (userId: string) => `users/${userId}`;

/** Accounts a sign-in by mobile number tries: the newest that hold it (DECISIONS 42). */
const MOBILE_SIGN_IN_HOLDERS = 5;
/**
 * Holders looked at for them, newest first: more than are tried, so markers a crash left with
 * no account do not crowd out live ones; older holders sign in by e-mail.
 */
const MOBILE_HOLDERS_READ = 20;
const INVERT_FROM = 9_999_999_999_999;
const EmptySchema = z.object({});

/** The holders of a mobile number; the older single-holder record reads as a list of one. */
const MobileHoldersSchema = z.union([z.object({ holders: z.array(IndexSchema) }), IndexSchema]);
type MobileHolders = z.infer<typeof MobileHoldersSchema>;
const holdersOf = (record: MobileHolders | undefined) =>
  record === undefined ? [] : 'holders' in record ? record.holders : [record];
/** Beside `by-mobile/<number>`, not under it: the local blob store keeps keys as files. */
const holdersPrefix = (mobile: string) => `mobile-holders/${mobile}/`;
const holderKey = (mobile: string, userId: string, at: Date) =>
  `${holdersPrefix(mobile)}${String(INVERT_FROM - at.getTime()).padStart(13, '0')}-${userId}`;

/** Index keys of an account's e-mail and mobile number. */
export function emailIndexKey(emailHash: string): string {
  return `by-email/${emailHash}`;
}
function mobileIndexKey(mobile: string): string {
  return `by-mobile/${mobile}`;
}

/** The account with this id, or undefined. */
export function getUser(userId: string): Promise<UserRecord | undefined> {
  return store.get(userKey(userId), UserRecordSchema);
}

/** The account an index key names, or undefined (no index, or a stale one). */
export async function findUserByIndex(indexKey: string): Promise<UserRecord | undefined> {
  const index = await store.get(indexKey, IndexSchema);
  return index ? getUser(index.userId) : undefined;
}

/**
 * Makes `indexKey` name `userId`. Resolves to true when it does (created, or taken over from a
 * stale index), false when it names another existing account.
 */
export async function claimIndex(indexKey: string, userId: string, now: Date): Promise<boolean> {
  const claim = { userId, claimedAt: now.toISOString() };
  if (await store.create(indexKey, IndexSchema, claim)) return true;
  const current = await store.get(indexKey, IndexSchema);
  if (current === undefined) return claimIndex(indexKey, userId, now);
  if (current.userId === userId) return true;
  if (now.getTime() - Date.parse(current.claimedAt) < STALE_CLAIM_MS) return false;
  if (await getUser(current.userId)) return false;
  // Stale: its account was never written. Take it over unless someone else just did.
  const taken = await store.update(indexKey, IndexSchema, (index) =>
    index === undefined || index.userId === current.userId ? claim : SKIP,
  );
  return taken?.userId === userId;
}

/** The `MOBILE_SIGN_IN_HOLDERS` newest accounts that hold `mobile`, oldest first. */
export async function findUsersByMobile(mobile: string): Promise<UserRecord[]> {
  const [markers, before] = await Promise.all([
    store.list(holdersPrefix(mobile)),
    store.get(mobileIndexKey(mobile), MobileHoldersSchema),
  ]);
  // Oldest first: the record stored before (its holders joined before any marker), then the
  // markers; an account in both keeps its older place.
  const oldestFirst = [
    ...holdersOf(before).map((holder) => holder.userId),
    ...markers
      .slice(0, MOBILE_HOLDERS_READ)
      .reverse()
      .map((key) => key.slice(key.indexOf('-', key.lastIndexOf('/')) + 1)),
  ];
  const users = await Promise.all(
    [...new Set(oldestFirst)].slice(-MOBILE_HOLDERS_READ).map((userId) => getUser(userId)),
  );
  // An account that changed its number since keeps no claim on the old one.
  return users
    .filter((user): user is UserRecord => user !== undefined && user.mobile === mobile)
    .slice(-MOBILE_SIGN_IN_HOLDERS);
}

/** Adds `userId` as the newest holder of `mobile`, however many hold it (DECISIONS 42). */
export async function addMobileHolder(mobile: string, userId: string, now: Date): Promise<void> {
  await store.create(holderKey(mobile, userId, now), EmptySchema, {});
}

/** Writes a new account record (its indexes must be claimed first). */
export async function saveNewUser(user: UserRecord): Promise<void> {
  const created = await store.create(userKey(user.userId), UserRecordSchema, user);
  if (!created) throw new Error(`User id collision: ${user.userId}`);
  await addToIndex('customers', new Date(user.createdAt), user.userId);
}

/** Every account's id and sign-up time (a full scan: only to build the console's index once). */
export async function listAllUsers(): Promise<{ readonly at: Date; readonly id: string }[]> {
  const keys = await store.list('users/');
  const users = await Promise.all(keys.map((key) => store.get(key, UserRecordSchema)));
  return users.flatMap((user) => (user ? [{ at: new Date(user.createdAt), id: user.userId }] : []));
}

/** Replaces an account's password hash. */
export async function setPasswordHash(userId: string, passwordHash: string): Promise<UserRecord | undefined> {
  return store.update(userKey(userId), UserRecordSchema, (user) => (user ? { ...user, passwordHash } : SKIP));
}

/** Changes an account (`fn` pure; SKIP for no change); undefined when there is none. */
export function updateUser(
  userId: string,
  fn: (user: UserRecord) => UserRecord | typeof SKIP,
): Promise<UserRecord | undefined> {
  return store.update(userKey(userId), UserRecordSchema, (user) => (user ? fn(user) : SKIP));
}

/** Gives up an index (an old e-mail address) if it still names `userId`; another's is left alone. */
export async function releaseIndex(indexKey: string, userId: string): Promise<void> {
  const index = await store.get(indexKey, IndexSchema);
  if (index?.userId === userId) await store.delete(indexKey);
}

/** Takes `userId` off the holders of `mobile` (a changed number, a closed account). */
export async function removeMobileHolder(mobile: string, userId: string): Promise<void> {
  const markers = await store.list(holdersPrefix(mobile));
  await Promise.all(markers.filter((key) => key.endsWith(`-${userId}`)).map((key) => store.delete(key)));
}

/**
 * What is left of a closed account (DECISIONS 63): when it was opened and closed, and what the
 * law made us keep and why. No name, e-mail, mobile or password.
 */
const ClosedAccountSchema = z.object({
  userId: z.string(),
  createdAt: z.iso.datetime(),
  closedAt: z.iso.datetime(),
  /** Each kind of record kept, how many, and the law that keeps it. */
  kept: z.array(z.object({ records: z.string(), count: z.int().check(z.gte(0)), why: z.string() })),
});
export type ClosedAccount = z.infer<typeof ClosedAccountSchema>;
const closedKey = (userId: string) => `closed/${userId}`;

/**
 * Closes an account: the closed record is written first, then the account record is deleted, so
 * a crash between leaves a closed account whose details a retry erases.
 */
export async function closeUser(closed: ClosedAccount): Promise<void> {
  await store.update(closedKey(closed.userId), ClosedAccountSchema, (current) => current ?? closed);
  await store.delete(userKey(closed.userId));
}

/** The closed record of an account, or undefined (open, or never existed). */
export function getClosedAccount(userId: string): Promise<ClosedAccount | undefined> {
  return store.get(closedKey(userId), ClosedAccountSchema);
}
