/**
 * The signed-in user, cached in localStorage `user` for display (DECISIONS 4).
 * STAND-IN written by the shop's browser side (issue10-browser) so the cart can be built and
 * tested; the accounts branch (issue9-browser) replaces this file with the real session store
 * (sign-in dialog, `GET /api/account/me`, sign-out that calls `emptyCart()`).
 */
import { persistentAtom } from '@nanostores/persistent';
import * as z from 'zod/mini';
import { LOCAL_STORAGE_KEYS } from '~/lib/shared/storage-keys';

const SessionUserSchema = z.object({ userid: z.string(), username: z.string() });

/** The user as the browser caches it: an opaque id and the name given at sign-up. */
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** The signed-in user, or undefined when signed out. */
export const $user = persistentAtom<SessionUser | undefined>(LOCAL_STORAGE_KEYS.user, undefined, {
  encode: (user) => (user ? JSON.stringify(user) : undefined),
  decode: (text) => {
    try {
      const parsed = z.safeParse(SessionUserSchema, JSON.parse(text));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  },
});

/**
 * Asks the visitor to sign in, then runs `then`. This stand-in goes to `/login?next=<this page>`
 * (the real store opens the sign-in dialog and runs `then` after a successful sign-in).
 */
export function requestSignIn(then?: () => void): void {
  void then;
  const next = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/login?next=${encodeURIComponent(next)}`);
}
