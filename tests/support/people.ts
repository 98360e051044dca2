import { randomInt } from 'node:crypto';
import { createAccount } from '~/server/domain/auth/accounts';
import { createSession } from '~/server/domain/auth/sessions';

let seq = 0;

/** What a new person may be given; the rest is made up, unique within the run. */
export interface PersonOptions {
  readonly name?: string;
  readonly email?: string;
  /** As stored: ten digits, or + and the digits of a number outside India (default: ten made up). */
  readonly mobile?: string;
  /** When the account is made (default: now). */
  readonly now?: Date;
}

/**
 * A new account made straight in storage (no code, no password anyone knows), with a unique
 * e-mail and mobile number; resolves to its user id, name and e-mail.
 */
export async function newAccount(options: PersonOptions = {}) {
  seq += 1;
  const name = options.name ?? `Meera Joshi ${seq}`;
  const email = options.email ?? `person${seq}.${randomInt(1e9)}@example.com`;
  const user = await createAccount(
    {
      name,
      email,
      mobile: options.mobile ?? String(6_000_000_000 + randomInt(3_999_999_999)),
      passwordHash: '$scrypt$x',
    },
    options.now ?? new Date(),
  );
  return { userId: user.userId, name, email };
}

/** A new account signed in: its user id, session token (the cookie's value), name and e-mail. */
export async function newSignedInPerson(options: PersonOptions & { readonly staff?: boolean } = {}) {
  const person = await newAccount(options);
  const session = await createSession(person.userId, options.now ?? new Date(), options.staff === true);
  return { ...person, session: session.token };
}
