/**
 * The signed-in user's cart, cached in localStorage `course` (product-spec section 3). The shop
 * issue fills it (load, add, delete, checkout); for now the header reads `$cartCount` and the
 * cart empties itself whenever nobody is signed in (sign-out, an expired session).
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { LOCAL_STORAGE_KEYS } from '~/lib/shared/storage-keys';
import { $user } from '~/stores/session';

/** A line of the cart; the shop issue replaces this with the shared `CartItem` schema. */
export interface CartLine {
  /** Course id. */
  readonly id: number;
}

function decodeCart(stored: string): readonly CartLine[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value)
      ? value.filter((line): line is CartLine => typeof (line as CartLine | null)?.id === 'number')
      : [];
  } catch {
    return [];
  }
}

/** The cart's lines; an empty cart is not stored at all. */
export const $cart = persistentAtom<readonly CartLine[]>(LOCAL_STORAGE_KEYS.course, [], {
  encode: (lines) => (lines.length === 0 ? undefined : JSON.stringify(lines)),
  decode: decodeCart,
});

/** How many courses are in the cart (the header's badge). */
export const $cartCount = computed($cart, (lines) => lines.length);

/** Empties the cart and removes its cached copy (`course`). */
export function clearCart(): void {
  $cart.set([]);
}

// A cart belongs to a signed-in user: when nobody is (sign-out, a 401 at start-up), it empties.
$user.subscribe((user) => {
  if (user === null && $cart.get().length > 0) clearCart();
});
