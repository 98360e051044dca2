/**
 * Commonly used passwords (DECISIONS 43): the list zxcvbn-ts keeps (about 49,000 passwords seen
 * in breaches), checked on the server only, so the browser never downloads it. Read into a set
 * on first use.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { ACCOUNT_HINTS } from '~/lib/shared/schemas/account';
import { ValidationError } from '~/server/domain/errors';

let common: ReadonlySet<string> | undefined;

/** True when `password` (in any case) is on the list of commonly used passwords. */
function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.normalize('NFKC').toLowerCase());
}

/** Refuses a new password that is on the list, with the hint the form shows. */
export function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new ValidationError([ACCOUNT_HINTS.passwordCommon]);
}
