/**
 * What every account flow shares (API.md, section Accounts): its error sentences, what it needs
 * from the outside world (mail, the clock, the settings, handed in by the handler) and signing a
 * user in at its end.
 */
import type { AccountUser } from '~/lib/shared/schemas/account';
import { deviceOf } from '~/server/domain/auth/devices';
import { createSession, type NewSession } from '~/server/domain/auth/sessions';
import { isStaffEmail } from '~/server/domain/auth/staff';
import type { MailQueue } from '~/server/domain/mail-queue';
import type { ServerEnv } from '~/server/env';
import type { UserRecord } from '~/server/storage/users';

/** Messages of API.md, word for word. */
export const ACCOUNT_ERRORS = {
  /** DECISIONS 41: the spec's 'Invalid Credentials.!' with its slip corrected. */
  invalidCredentials: 'Wrong e-mail, mobile number or password.',
  wrongCode: 'The verification code is wrong or has expired.',
  tooManyTries: 'Too many wrong codes. Please ask for a new code.',
  tooMany: (wait: string) => `Too many attempts in a short time. Please try again in ${wait}.`,
  /** The session names an account that is gone (closed from another device meanwhile). */
  signedOut: 'Please sign in to continue.',
} as const;

/** The settings the account flows read: the site's origin, the rate limits, the staff. */
export type AccountSettings = Pick<ServerEnv, 'siteUrl' | 'staffEmails'> & {
  readonly rateLimits: Pick<ServerEnv['rateLimits'], 'auth'>;
};

/** What the account flows need from the outside world. */
export interface AccountDeps {
  readonly mail: MailQueue;
  readonly now: () => Date;
  /** The settings of this call (the handler's). */
  readonly settings: AccountSettings;
  /** Starts a task once the answer is on its way (the handler's `after`); without it, before. */
  readonly after?: (task: () => Promise<unknown>) => void;
  /** The browser and system of the caller in words (`deviceOf`), kept with a new session. */
  readonly device?: string;
}

/**
 * Dependencies from a handler's call: its mail queue (built only if a flow sends mail: a sign-in
 * sends none), clock, after-the-answer work and its settings.
 */
export function accountDeps(call: {
  readonly mail: MailQueue;
  readonly now: Date;
  readonly after?: (task: () => Promise<unknown>) => void;
  readonly settings: AccountSettings;
  readonly request?: Request;
}): AccountDeps {
  return {
    ...(call.request ? { device: deviceOf(call.request.headers.get('user-agent')) } : {}),
    get mail() {
      return call.mail;
    },
    now: () => call.now,
    settings: call.settings,
    ...(call.after ? { after: call.after } : {}),
  };
}

/** A signed-in result: the user for the answer and the new session for the cookie. */
export interface SignedIn {
  readonly user: AccountUser;
  readonly session: NewSession;
}

/** An account as the answers show it (`staff` for the addresses in STAFF_EMAILS). */
export const toAccountUser = (user: UserRecord, staffEmails: ReadonlySet<string>): AccountUser => ({
  userid: user.userId,
  username: user.name,
  ...(isStaffEmail(user.email, staffEmails) ? { staff: true } : {}),
});

/** Signs `user` in from the caller's device: the answer's user and a new session (a staff session for staff). */
export async function signIn(
  user: UserRecord,
  now: Date,
  deps: Pick<AccountDeps, 'settings' | 'device'>,
): Promise<SignedIn> {
  const { settings } = deps;
  return {
    user: toAccountUser(user, settings.staffEmails),
    session: await createSession(
      user.userId,
      now,
      isStaffEmail(user.email, settings.staffEmails),
      deps.device,
    ),
  };
}
