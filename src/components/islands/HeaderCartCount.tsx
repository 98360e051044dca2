/**
 * The number of courses in the cart, on the header's cart link (DECISIONS 25): the link's name
 * ("My cart, 2 courses") and its badge. The link itself is the server's (`SiteHeader.astro`), so
 * it works, and pointing at it loads nothing (issue 42, item 2); this island hydrates at idle when
 * this browser keeps a signed-in user or a cart, or when someone signs in on the page (`SIGNED_IN`).
 */
import { useStore } from '@nanostores/react';
import { headerCopy } from '~/content/ui/account';
import { $cartCount } from '~/stores/cart';
import { useHydrated } from './use-hydrated';
import CartBadge from './header/CartBadge';
import './header/header-account.css';

export default function HeaderCartCount() {
  const hydrated = useHydrated();
  const $count = useStore($cartCount);
  // Until hydrated, what the server rendered: an empty cart.
  const count = hydrated ? $count : 0;
  return (
    <>
      <span className="visually-hidden">{headerCopy.cartLink(count)}</span>
      <CartBadge count={count} />
    </>
  );
}
