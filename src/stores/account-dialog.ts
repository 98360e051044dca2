/**
 * How a signed-out visitor's action asks for an account (DECISIONS 30).
 * STAND-IN written by the shop's browser side (issue10-browser); the accounts branch
 * (issue9-browser) replaces this file with the real one, which opens the sign-in dialog and runs
 * `then` after a successful sign-in. This one goes to `/login?next=<this page>` instead.
 */
import { $user } from '~/stores/session';

/** Runs `then` now if someone is signed in; otherwise asks the visitor to sign in first. */
export function requestSignIn(then?: () => void, _from?: HTMLElement | null): void {
  if ($user.get() !== null) {
    then?.();
    return;
  }
  const next = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/login?next=${encodeURIComponent(next)}`);
}
