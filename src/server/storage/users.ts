/**
 * User accounts in the `users` store. Key formats:
 * - `users/<userId>`: the account (opaque random id, name, e-mail, mobile, password hash);
 * - `by-email/<sha256 of e-mail>`: the unique e-mail index naming the user id;
 * - `by-mobile/<mobile>` (ten digits, or + and the digits of a number outside India): the accounts that hold a mobile number, at most
 *   `MAX_MOBILE_HOLDERS` (DECISIONS 42: a number nobody proved is a sign-in name, not a key).
 *   Records written before that decision name one `userId`; they are read as a list of one.
 *
 * An account is created index first, then the record: claim the e-mail (create only if new),
 * join the mobile's holders, write the record. A crash between the steps leaves an index that
 * names a user id with no record. Once such an entry is older than `STALE_CLAIM_MS` (a claim in
 * progress is younger) the next claim takes it over, so a crash never blocks an address or a
 * place among a number's holders for good. A lost race gives the claim back.
 */
import { MOBILE_PATTERN } from '~/lib/shared/schemas/account';
import * as z from '~/lib/shared/zod';
import { openStore, SKIP } from '~/server/storage/blob-store';
import { addToIndex } from '~/server/storage/time-index';

/** A stored account. */
export const UserRecordSchema = z.object({
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
});

export type UserRecord = z.infer<typeof UserRecordSchema>;

const IndexSchema = z.object({ userId: z.string(), claimedAt: z.iso.datetime() });

/** An index whose account record is still missing after this long was left by a crash (1 minute). */
export const STALE_CLAIM_MS = 60 * 1000;
const store = openStore('users');
const userKey = (userId: string) => `users/${userId}`;

/** Accounts that may hold one mobile number (DECISIONS 42). */
export const MAX_MOBILE_HOLDERS = 5;

/** The holders of a mobile number; the older single-holder record reads as a list of one. */
const MobileHoldersSchema = z.union([z.object({ holders: z.array(IndexSchema) }), IndexSchema]);
type MobileHolders = z.infer<typeof MobileHoldersSchema>;
const holdersOf = (record: MobileHolders | undefined) =>
  record === undefined ? [] : 'holders' in record ? record.holders : [record];

/** Index keys of an account's e-mail and mobile number. */
export function emailIndexKey(emailHash: string): string {
  return `by-email/${emailHash}`;
}
export function mobileIndexKey(mobile: string): string {
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

/** Gives an index back, only if it still names `userId`. */
export async function releaseIndex(indexKey: string, userId: string): Promise<void> {
  const current = await store.get(indexKey, IndexSchema);
  if (current?.userId === userId) await store.delete(indexKey);
}

/** The accounts that hold `mobile` (at most `MAX_MOBILE_HOLDERS`), oldest first. */
export async function findUsersByMobile(mobile: string): Promise<UserRecord[]> {
  const holders = holdersOf(await store.get(mobileIndexKey(mobile), MobileHoldersSchema));
  const users = await Promise.all(holders.map((holder) => getUser(holder.userId)));
  return users.filter((user) => user !== undefined);
}

/**
 * Adds `userId` to the holders of `mobile`. Resolves to false when the number already has
 * `MAX_MOBILE_HOLDERS` live holders; an entry whose account was never written (a crash) gives
 * its place up once it is stale.
 */
export async function addMobileHolder(mobile: string, userId: string, now: Date): Promise<boolean> {
  const key = mobileIndexKey(mobile);
  const current = holdersOf(await store.get(key, MobileHoldersSchema));
  const stale = new Set<string>();
  if (current.length >= MAX_MOBILE_HOLDERS) {
    for (const holder of current) {
      const old = now.getTime() - Date.parse(holder.claimedAt) >= STALE_CLAIM_MS;
      if (old && !(await getUser(holder.userId))) stale.add(holder.userId);
    }
  }
  const stored = await store.update(key, MobileHoldersSchema, (record) => {
    const holders = holdersOf(record).filter((holder) => !stale.has(holder.userId));
    if (holders.some((holder) => holder.userId === userId) || holders.length >= MAX_MOBILE_HOLDERS)
      return SKIP;
    return { holders: [...holders, { userId, claimedAt: now.toISOString() }] };
  });
  return holdersOf(stored).some((holder) => holder.userId === userId);
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
