/**
 * Staff (DECISIONS 39): the accounts whose e-mail is listed in STAFF_EMAILS. They sign in like
 * customers; their sessions expire after 12 hours unused, and only they reach the company console.
 * To anyone else the console does not exist (404), so nothing here ever says why access failed.
 */
import type { SessionUser } from '~/server/domain/auth/sessions';
import { NotFound } from '~/server/domain/errors';
import { serverEnv } from '~/server/env';
import { getUser, type UserRecord } from '~/server/storage/users';

/** The answer every non-staff caller gets from a console address: that of an unknown API address. */
export const NOT_FOUND_MESSAGE = 'There is no such API address.';

/** True when `email` (any case) is listed in STAFF_EMAILS. */
export function isStaffEmail(email: string, staffEmails = serverEnv().staffEmails): boolean {
  return staffEmails.has(email.trim().toLowerCase());
}

/** A signed-in member of staff, as the console records who did what. */
export interface StaffMember {
  readonly userId: string;
  readonly name: string;
  readonly email: string;
}

/**
 * The staff member behind a session, or `NotFound` for anyone else: signed out, a customer, or an
 * account that left STAFF_EMAILS (checked on every call, not only at sign-in), or a customer
 * session of a staff account (signed in before it was listed: it must sign in again).
 */
export async function requireStaff(session: SessionUser | undefined): Promise<StaffMember> {
  const staff = await staffMemberOf(session);
  if (!staff) throw new NotFound([NOT_FOUND_MESSAGE]);
  return staff;
}

/** The staff member behind a session, or undefined for anyone else (see `requireStaff`). */
export async function staffMemberOf(session: SessionUser | undefined): Promise<StaffMember | undefined> {
  const user: UserRecord | undefined = session?.staff === true ? await getUser(session.userId) : undefined;
  if (!user || !isStaffEmail(user.email)) return undefined;
  return { userId: user.userId, name: user.name, email: user.email };
}
