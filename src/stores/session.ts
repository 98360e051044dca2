/**
 * The signed-in user, cached in localStorage `user` for display (DECISIONS 4).
 * STAND-IN written by the shop's browser side (issue10-browser) so the cart can be built and
 * tested; the accounts branch (issue9-browser) replaces this file with the real session store
 * (`GET /api/account/me` at start-up, sign-in, sign-up, sign-out). Same shape: `$user` is the
 * user or null.
 */
import { persistentAtom } from '@nanostores/persistent';
import type { ReadableAtom } from 'nanostores';
import * as z from 'zod/mini';
import { LOCAL_STORAGE_KEYS } from '~/lib/shared/storage-keys';

const SessionUserSchema = z.object({ userid: z.string(), username: z.string() });

/** The user as the browser caches it: an opaque id and the name given at sign-up. */
export type SessionUser = z.infer<typeof SessionUserSchema>;

const $storedUser = persistentAtom<SessionUser | null>(LOCAL_STORAGE_KEYS.user, null, {
  encode: (user) => (user ? JSON.stringify(user) : undefined),
  decode: (text) => {
    try {
      const parsed = z.safeParse(SessionUserSchema, JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
});

/** The signed-in user, or null when signed out. */
export const $user: ReadableAtom<SessionUser | null> = $storedUser;
