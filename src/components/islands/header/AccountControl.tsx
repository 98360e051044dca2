/**
 * The header's account control: Sign in (a link to /login that opens the dialog once hydrated),
 * or the signed-in user's button with its menu: My cart, Purchase history, My courses, Your account,
 * Console for staff, Sign out. The menu is a disclosure that the header's `<site-menus>` opens and
 * closes, as it does the section menus (keys, hover, one menu at a time: `site-menus.ts`).
 */
/* eslint-disable jsx-a11y-x/no-redundant-roles -- `list-style: none` drops list semantics in Safari; role="list" restores them. */
import type { MouseEvent } from 'react';
import { accountLinks, headerCopy } from '~/content/ui/account';
import type { AccountUser } from '~/lib/shared/schemas/account-user';
import { signOut } from '~/stores/session';
import { Icon } from '../icons';
import CartBadge from './CartBadge';

const ACCOUNT_MENU_ID = 'account-menu';
export const ACCOUNT_TRIGGER_ID = 'site-account-trigger';

/** The first word of a name, for the narrow account button; the menu shows the whole name. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export default function AccountControl({
  user,
  cartCount,
  hydrated,
  onSignInClick,
  onSignInIntent,
}: {
  user: AccountUser | null;
  cartCount: number;
  hydrated: boolean;
  onSignInClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** The visitor heads for Sign in: fetch the dialog's code now. */
  onSignInIntent: () => void;
}) {
  if (user === null) {
    return (
      <a
        className="button button--primary site-header__account"
        href={accountLinks.login}
        data-nav-link="Login"
        aria-haspopup={hydrated ? 'dialog' : undefined}
        onClick={onSignInClick}
        onPointerEnter={onSignInIntent}
        onFocus={onSignInIntent}
      >
        <Icon name="person" />
        <span className="site-header__account-label">{headerCopy.signIn}</span>
      </a>
    );
  }
  const first = firstName(user.username);
  return (
    <div className="site-nav__item site-header__account-item">
      <button
        id={ACCOUNT_TRIGGER_ID}
        className="button site-header__account site-header__account--user"
        type="button"
        // Closed when drawn; `<site-menus>` keeps it from then on (React never changes it again).
        aria-expanded="false"
        aria-controls={ACCOUNT_MENU_ID}
      >
        <span className="site-header__avatar" aria-hidden="true">
          {first.charAt(0).toUpperCase() || '?'}
        </span>
        {/* Named by its content, "Account: <full name>", which holds the visible first name (WCAG 2.5.3). */}
        <span className="visually-hidden">{headerCopy.accountMenuPrefix}</span>
        <span className="site-header__account-label">{first}</span>
        <span className="visually-hidden">{user.username.slice(first.length)}</span>
        <CartBadge count={cartCount} onAccount />
        <Icon name="chevronDown" className="site-nav__chevron" />
      </button>
      <div id={ACCOUNT_MENU_ID} className="site-nav__panel site-header__account-panel">
        <p className="site-header__account-name">{user.username}</p>
        <ul className="site-nav__links" role="list">
          <li>
            <a className="site-nav__link" href={accountLinks.cart} data-nav-link={headerCopy.myCart}>
              {headerCopy.myCart}
              {cartCount > 0 && <span className="site-header__count">{cartCount}</span>}
            </a>
          </li>
          <li>
            <a
              className="site-nav__link"
              href={accountLinks.purchaseHistory}
              data-nav-link={headerCopy.purchaseHistory}
            >
              {headerCopy.purchaseHistory}
            </a>
          </li>
          <li>
            <a className="site-nav__link" href={accountLinks.myCourses} data-nav-link={headerCopy.myCourses}>
              {headerCopy.myCourses}
            </a>
          </li>
          <li>
            <a
              className="site-nav__link"
              href={accountLinks.yourAccount}
              data-nav-link={headerCopy.yourAccount}
            >
              {headerCopy.yourAccount}
            </a>
          </li>
          {user.staff === true && (
            <li>
              <a className="site-nav__link" href={accountLinks.console} data-nav-link={headerCopy.console}>
                {headerCopy.console}
              </a>
            </li>
          )}
          <li>
            <button
              type="button"
              className="site-nav__link site-header__signout"
              onClick={() => void signOut()}
            >
              {headerCopy.signOut}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
