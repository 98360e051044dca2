/**
 * The site header (DECISIONS 25): logo, the four section menus, Contact Us, the cart link and the
 * account control (Sign in, or the user's name with My cart, Purchase history and Sign out), and
 * the login/register dialog it opens.
 *
 * Rendered on the server and hydrated on the visitor's first intent, or at idle when this browser
 * keeps a signed-in user or a cart (`client:intent`, issue 20). Before that (or without
 * JavaScript) every link works, menus open on hover and keyboard focus (CSS :focus-within),
 * the phone menu opens (it is a native popover) and Sign in is a link to /login.
 *
 * Its parts live in `./header/`: the section menus (`NavMenus`, disclosure pattern, state in
 * `useHeaderMenus`), the account control and the cart badge.
 */
import { useStore } from '@nanostores/react';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { accountLinks, headerCopy } from '~/content/ui/account';
import {
  $accountDialogOpen,
  giveUpOnAccountDialog,
  openAccountDialog,
  takeDialogOpener,
} from '~/stores/account-dialog';
import { $cartCount } from '~/stores/cart';
import { rememberNavItem } from '~/stores/navigation';
import { $user, restoreSession } from '~/stores/session';
import { useHydrated } from './use-hydrated';
import { Icon } from './icons';
import AccountControl, { ACCOUNT_TRIGGER_ID } from './header/AccountControl';
import CartBadge from './header/CartBadge';
import NavMenus, { type HeaderLink, type HeaderMenu } from './header/NavMenus';
import { isPhone, MOBILE_QUERY, useHeaderMenus } from './header/use-header-menus';
import './site-header.css';

export type { HeaderLink, HeaderMenu };

interface Props {
  /** Accessible name of the logo link, e.g. "Sahyadri Infotech home". */
  homeLabel: string;
  menus: readonly HeaderMenu[];
  contact: HeaderLink;
  /** The logo (an Astro slot). */
  logo?: ReactNode;
}

const loadAccountDialog = () => import('./account/AccountDialog');

/**
 * The dialog, loaded when first wanted. A load that fails (offline) draws nothing and gives up on
 * the sign-in asked for, which says so (issue 31); the next time the dialog is wanted, its code is
 * asked for again.
 */
function lazyAccountDialog() {
  return lazy<ComponentType<{ onClosed: () => void }>>(() =>
    loadAccountDialog().catch(() => {
      AccountDialog = lazyAccountDialog();
      giveUpOnAccountDialog();
      return { default: () => null };
    }),
  );
}
let AccountDialog = lazyAccountDialog();

function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/** Focuses `element` when it is on the page and shown; says whether it did. */
function focusIfShown(element: HTMLElement | null | undefined): boolean {
  if (!element?.isConnected || !element.checkVisibility()) return false;
  element.focus();
  return true;
}

export default function SiteHeader({ homeLabel, menus, contact, logo }: Props) {
  const hydrated = useHydrated();
  const $storedUser = useStore($user);
  const $storedCartCount = useStore($cartCount);
  const $dialogOpen = useStore($accountDialogOpen);
  // Until hydrated, show what the server rendered: signed out, empty cart.
  const user = hydrated ? $storedUser : null;
  const cartCount = hydrated ? $storedCartCount : 0;

  const menuState = useHeaderMenus();
  const { closeAll, adopt } = menuState;
  const [phoneMenuOpen, setPhoneMenuOpen] = useState(false);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const setPhoneMenu = useCallback((open: boolean) => {
    const nav = navRef.current;
    if (!nav || nav.matches(':popover-open') === open) return;
    if (open) nav.showPopover();
    else nav.hidePopover();
  }, []);

  // Who is signed in: the server's answer replaces the cached name (DECISIONS 18).
  useEffect(() => {
    void restoreSession();
  }, []);

  // Until now CSS opened a menu under the pointer or around the focus; keep that one open, before
  // the first paint without the CSS fallback, so hydrating never shuts a menu someone is using.
  useLayoutEffect(() => {
    if (!hydrated) return;
    const items = [...(navRef.current?.querySelectorAll<HTMLElement>('[data-menu]') ?? [])];
    const hovered = isPhone() ? undefined : items.find((item) => item.matches(':hover'));
    const focused = items.find((item) => item.contains(document.activeElement));
    const trigger = focused?.querySelector('[aria-controls]');
    // Focus on a link of the panel, or on a button that a click (not the keyboard) focused.
    const inUse =
      focused && (document.activeElement !== trigger || !trigger?.matches(':focus-visible'))
        ? focused
        : undefined;
    const item = hovered ?? inUse;
    const menuId = item?.querySelector('[aria-controls]')?.getAttribute('aria-controls');
    if (!item || !menuId) return;
    adopt(menuId, item === hovered);
  }, [hydrated, adopt]);

  useEffect(() => {
    if ($dialogOpen) setDialogLoaded(true);
  }, [$dialogOpen]);

  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    const nav = navRef.current;
    nav?.addEventListener(
      'toggle',
      (event) => {
        const open = (event as ToggleEvent).newState === 'open';
        setPhoneMenuOpen(open);
        if (!open) closeAll();
      },
      { signal },
    );
    // A click outside closes the desktop menus; the phone menu closes itself (popover light dismiss).
    document.addEventListener(
      'click',
      (event) => {
        const target = event.target as Node | null;
        if (!nav?.parentElement?.contains(target)) closeAll();
      },
      { signal },
    );
    document.addEventListener('keydown', (event) => event.key === 'Escape' && closeAll(), { signal });
    window.matchMedia(MOBILE_QUERY).addEventListener(
      'change',
      () => {
        setPhoneMenu(false);
        closeAll();
      },
      { signal },
    );
    return () => abort.abort();
  }, [closeAll, setPhoneMenu]);

  const onBarClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-nav-link]');
    if (!link) return;
    rememberNavItem(link.dataset['navLink'] ?? link.pathname);
    // On phones the menu closes after a nav click (product-spec section 2); wider, only menus close.
    if (isPhone()) setPhoneMenu(false);
    closeAll();
  };

  const onSignInClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Ctrl/Cmd-click and the like still open /login in a new tab.
    if (isModifiedClick(event)) return;
    event.preventDefault();
    openAccountDialog(undefined, event.currentTarget);
  };

  /** After the dialog: focus goes back to its opener, or to what replaced it (signed in). */
  const restoreFocus = useCallback(() => {
    const opener = takeDialogOpener();
    if (focusIfShown(opener)) return;
    if (focusIfShown(document.getElementById(ACCOUNT_TRIGGER_ID))) return;
    focusIfShown(toggleRef.current);
  }, []);

  return (
    // Delegated: a click on any nav link inside remembers it (`navfor`); the links stay the controls.
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-static-element-interactions
    <div className="container site-header__bar" data-ready={hydrated ? '' : undefined} onClick={onBarClick}>
      <a className="site-header__logo" href="/" aria-label={homeLabel} data-nav-link="Home">
        {logo}
      </a>

      {/* The Popover API opens the phone menu without JavaScript, with light dismiss and Escape. */}
      <button
        ref={toggleRef}
        className="site-header__toggle"
        type="button"
        popoverTarget="site-nav"
        aria-expanded={hydrated ? phoneMenuOpen : undefined}
        data-nav-toggle
      >
        <span className="site-header__toggle-icon" aria-hidden="true">
          <span />
        </span>
        <span className="site-header__toggle-label">{headerCopy.menuButton}</span>
      </button>

      <nav
        ref={navRef}
        id="site-nav"
        className="site-nav"
        aria-label={headerCopy.navigationLabel}
        popover="auto"
      >
        <NavMenus menus={menus} contact={contact} state={menuState} />
        <AccountControl
          user={user}
          cartCount={cartCount}
          hydrated={hydrated}
          state={menuState}
          onSignInClick={onSignInClick}
          // Fetch the dialog's code as soon as the visitor heads for the button.
          onSignInIntent={() => void loadAccountDialog()}
        />
      </nav>

      <a className="site-header__cart" href={accountLinks.cart} data-nav-link={headerCopy.myCart}>
        <Icon name="headerCart" />
        <span className="visually-hidden">{headerCopy.cartLink(cartCount)}</span>
        <CartBadge count={cartCount} />
      </a>

      {dialogLoaded && (
        <Suspense fallback={null}>
          <AccountDialog onClosed={restoreFocus} />
        </Suspense>
      )}
    </div>
  );
}
