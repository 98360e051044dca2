/**
 * Accounts (API.md, section Accounts; DECISIONS 4-9, 27-29, 42-43): sign-up with an e-mailed
 * code, sign-in with e-mail or mobile, password reset. No answer reveals whether an e-mail is
 * registered. Plain inputs, typed errors; mail, the clock and the settings are handed in by the
 * handler. One module per job, gathered here for the handlers:
 * - `account-deps.ts`: the error sentences, the dependencies, signing a user in;
 * - `account-limits.ts`: rate limits of code requests and sign-ins;
 * - `code-requests.ts`: opening a code request and spending its code;
 * - `sign-up.ts`, `sign-in.ts` (wrong passwords: `login-limit.ts`), `password-reset.ts`.
 */
export { ACCOUNT_ERRORS, accountDeps, type AccountDeps } from '~/server/domain/auth/account-deps';
export { createAccount, register, sendCode } from '~/server/domain/auth/sign-up';
export { currentUser, login } from '~/server/domain/auth/sign-in';
export { forgot, reset } from '~/server/domain/auth/password-reset';
