/** The navigation item the visitor clicked last, kept in localStorage `navfor` (product-spec section 3). */
import { persistentAtom } from '@nanostores/persistent';
import { LOCAL_STORAGE_KEYS } from '~/lib/shared/storage-keys';

/** Label of the last clicked header link (e.g. `Training`), or undefined. */
const $stored = persistentAtom<string | undefined>(LOCAL_STORAGE_KEYS.navFor, undefined, { listen: false });

/** Remembers a clicked header link by its label. */
export function rememberNavItem(label: string): void {
  try {
    $stored.set(label);
  } catch {
    // Storage can be disabled (private mode, policy); navigation must still work.
  }
}
