/**
 * The site header (DECISIONS 25): logo, the four section menus, Contact Us, the cart link and the
 * account control (Sign in, or the user's name with My cart, Purchase history and Sign out), and
 * the login/register dialog it opens.
 *
 * Rendered on the server and hydrated when the browser is idle. Before that (or without
 * JavaScript) every link works, menus open on hover and keyboard focus (CSS :focus-within),
 * the phone menu opens (it is a native popover) and Sign in is a link to /login.
 *
 * Menus follow the disclosure pattern (a button per menu with aria-expanded). Keyboard: Enter or
 * Space toggle a menu, ArrowDown opens it and focuses the first link, ArrowUp/ArrowDown/Home/End
 * move between links, Escape closes and returns focus to the button.
 */
/* eslint-disable jsx-a11y-x/no-redundant-roles -- `list-style: none` drops list semantics in Safari; role="list" restores them. */
import { useStore } from '@nanostores/react';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { accountLinks, headerCopy } from '~/content/ui/account';
import { $accountDialogOpen, openAccountDialog, takeDialogOpener } from '~/stores/account-dialog';
import { $cartCount } from '~/stores/cart';
import { rememberNavItem } from '~/stores/navigation';
import { $user, restoreSession, signOut } from '~/stores/session';
import { useHydrated } from './use-hydrated';
import { Icon } from './icons';
import './site-header.css';

/** A link of the header. */
export interface HeaderLink {
  readonly label: string;
  readonly href: string;
  /** One-line description shown while the link is hovered or focused. */
  readonly summary?: string | undefined;
  /** The page being shown. */
  readonly current: boolean;
}

/** A section menu of the header. */
export interface HeaderMenu {
  /** Id of the menu's panel, e.g. `menu-products`. */
  readonly id: string;
  readonly label: string;
  /** Text in the panel before an item is hovered (menus whose links have summaries). */
  readonly overview?: string | undefined;
  /** One of its links is the page being shown. */
  readonly current: boolean;
  readonly items: readonly HeaderLink[];
}

interface Props {
  /** Accessible name of the logo link, e.g. "Sahyadri Infotech home". */
  homeLabel: string;
  menus: readonly HeaderMenu[];
  contact: HeaderLink;
  /** The logo (an Astro slot). */
  logo?: ReactNode;
}

/** Widths at or below this are the phone layout (product-spec section 9: 600 px). */
const MOBILE_QUERY = '(max-width: 600px)';
/** Pause before a hover-opened menu closes, so a diagonal pointer path does not shut it. */
const HOVER_CLOSE_DELAY_MS = 150;
const ACCOUNT_MENU_ID = 'account-menu';
const ACCOUNT_TRIGGER_ID = 'site-account-trigger';
const PANEL_ITEMS = 'a[href], button:not([disabled])';

const loadAccountDialog = () => import('./account/AccountDialog');
const AccountDialog = lazy(loadAccountDialog);

function isPhone(): boolean {
  return window.matchMedia(MOBILE_QUERY).matches;
}

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

  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [summary, setSummary] = useState<{ menu: string; text: string } | null>(null);
  const [phoneMenuOpen, setPhoneMenuOpen] = useState(false);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const hoverOpened = useRef<string | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);

  const closeAll = useCallback(() => {
    hoverOpened.current = null;
    setOpenMenu(null);
  }, []);

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
    if (item === hovered) hoverOpened.current = menuId;
    setOpenMenu(menuId);
  }, [hydrated]);

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

  const panelItems = (menuId: string): HTMLElement[] => {
    const panel = document.getElementById(menuId);
    return panel ? [...panel.querySelectorAll<HTMLElement>(PANEL_ITEMS)] : [];
  };

  const toggleMenu = (menuId: string) => {
    if (hoverOpened.current === menuId) {
      // The pointer opened it; a click pins it open instead of closing it.
      hoverOpened.current = null;
      return;
    }
    setOpenMenu((current) => (current === menuId ? null : menuId));
  };

  const onTriggerKey = (event: KeyboardEvent, menuId: string) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    // The panel must be shown before its first link can take focus.
    flushSync(() => setOpenMenu(menuId));
    panelItems(menuId)[0]?.focus();
  };

  const onPanelKey = (event: KeyboardEvent<HTMLElement>, menuId: string) => {
    const trigger = event.currentTarget.querySelector<HTMLButtonElement>('[aria-controls]');
    // Keys on the button itself are onTriggerKey's; only Escape is shared.
    if (event.target === trigger && event.key !== 'Escape') return;
    if (event.key === 'Escape' && openMenu === menuId) {
      // Close this menu only; the phone menu (a popover) stays open around it.
      event.preventDefault();
      event.stopPropagation();
      hoverOpened.current = null;
      setOpenMenu(null);
      trigger?.focus();
      return;
    }
    const items = panelItems(menuId);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    const target = {
      ArrowDown: items[(index + 1) % items.length],
      ArrowUp: items[(index - 1 + items.length) % items.length],
      Home: items[0],
      End: items[items.length - 1],
    }[event.key];
    if (target) {
      event.preventDefault();
      target.focus();
    }
  };

  const onHover = (event: PointerEvent, menuId: string, entering: boolean) => {
    if (event.pointerType !== 'mouse' || isPhone()) return;
    window.clearTimeout(closeTimer.current);
    if (entering) {
      if (openMenu === menuId) return;
      hoverOpened.current = menuId;
      setOpenMenu(menuId);
    } else {
      setSummary(null);
      if (hoverOpened.current !== menuId) return;
      closeTimer.current = window.setTimeout(() => {
        hoverOpened.current = null;
        setOpenMenu((current) => (current === menuId ? null : current));
      }, HOVER_CLOSE_DELAY_MS);
    }
  };

  const onItemBlur = (event: FocusEvent<HTMLElement>, menuId: string) => {
    const next = event.relatedTarget as Node | null;
    if (next === null || event.currentTarget.contains(next)) return;
    setSummary(null);
    setOpenMenu((current) => (current === menuId ? null : current));
  };

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

  const accountOpen = openMenu === ACCOUNT_MENU_ID;

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
        <ul className="site-nav__list" role="list">
          {menus.map((menu) => {
            const hasSummaries = menu.items.some((item) => item.summary);
            const expanded = openMenu === menu.id;
            return (
              // Delegated: keys, focus and hover of the menu's button and links (the disclosure pattern).
              // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
              <li
                key={menu.id}
                className="site-nav__item"
                data-menu
                onKeyDown={(event) => onPanelKey(event, menu.id)}
                onPointerEnter={(event) => onHover(event, menu.id, true)}
                onPointerLeave={(event) => onHover(event, menu.id, false)}
                onBlur={(event) => onItemBlur(event, menu.id)}
              >
                <button
                  className={`site-nav__trigger${menu.current ? ' is-current' : ''}`}
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={menu.id}
                  data-menu-trigger
                  onClick={() => toggleMenu(menu.id)}
                  onKeyDown={(event) => onTriggerKey(event, menu.id)}
                >
                  {menu.label}
                  <Chevron />
                </button>
                <div
                  id={menu.id}
                  className={`site-nav__panel${hasSummaries ? ' site-nav__panel--described' : ''}`}
                  data-menu-panel
                >
                  <ul className="site-nav__links" role="list">
                    {menu.items.map((item) => {
                      const summaryId = `${menu.id}-${item.href.split('/').pop() ?? ''}`;
                      const showSummary = item.summary
                        ? () => setSummary({ menu: menu.id, text: item.summary ?? '' })
                        : undefined;
                      return (
                        <li key={item.href}>
                          <a
                            className="site-nav__link"
                            href={item.href}
                            aria-current={item.current ? 'page' : undefined}
                            aria-describedby={item.summary ? summaryId : undefined}
                            data-nav-link={item.label}
                            data-summary={item.summary}
                            onPointerEnter={showSummary}
                            onFocus={showSummary}
                          >
                            {item.label}
                          </a>
                          {item.summary && (
                            <span id={summaryId} className="visually-hidden">
                              {item.summary}
                            </span>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                  {hasSummaries && (
                    <p className="site-nav__desc" data-menu-desc data-overview={menu.overview ?? ''}>
                      {summary?.menu === menu.id ? summary.text : menu.overview}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
          <li className="site-nav__item">
            <a
              className="site-nav__trigger"
              href={contact.href}
              aria-current={contact.current ? 'page' : undefined}
              data-nav-link={contact.label}
            >
              {contact.label}
            </a>
          </li>
        </ul>

        {user === null ? (
          <a
            className="button button--primary site-header__account"
            href={accountLinks.login}
            data-nav-link="Login"
            aria-haspopup={hydrated ? 'dialog' : undefined}
            onClick={onSignInClick}
            // Fetch the dialog's code as soon as the visitor heads for the button.
            onPointerEnter={() => void loadAccountDialog()}
            onFocus={() => void loadAccountDialog()}
          >
            <PersonIcon />
            <span className="site-header__account-label">{headerCopy.signIn}</span>
          </a>
        ) : (
          // Delegated: keys and focus of the account button and its links, as in the section menus.
          // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions
          <div
            className="site-nav__item site-header__account-item"
            onKeyDown={(event) => onPanelKey(event, ACCOUNT_MENU_ID)}
            onBlur={(event) => onItemBlur(event, ACCOUNT_MENU_ID)}
          >
            <button
              id={ACCOUNT_TRIGGER_ID}
              className="button site-header__account site-header__account--user"
              type="button"
              aria-expanded={accountOpen}
              aria-controls={ACCOUNT_MENU_ID}
              onClick={() => toggleMenu(ACCOUNT_MENU_ID)}
              onKeyDown={(event) => onTriggerKey(event, ACCOUNT_MENU_ID)}
            >
              <span className="site-header__avatar" aria-hidden="true">
                {firstName(user.username).charAt(0).toUpperCase() || '?'}
              </span>
              {/* Named by its content, "Account: <full name>", which holds the visible first name (WCAG 2.5.3). */}
              <span className="visually-hidden">{headerCopy.accountMenuPrefix}</span>
              <span className="site-header__account-label">{firstName(user.username)}</span>
              <span className="visually-hidden">{user.username.slice(firstName(user.username).length)}</span>
              {cartCount > 0 && (
                <span className="site-header__badge site-header__badge--account" aria-hidden="true">
                  {cartCount > 99 ? '99+' : cartCount}
                </span>
              )}
              <Chevron />
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
                {user.staff === true && (
                  <li>
                    <a
                      className="site-nav__link"
                      href={accountLinks.console}
                      data-nav-link={headerCopy.console}
                    >
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
        )}
      </nav>

      <a className="site-header__cart" href={accountLinks.cart} data-nav-link={headerCopy.myCart}>
        <CartIcon />
        <span className="visually-hidden">{headerCopy.cartLink(cartCount)}</span>
        {cartCount > 0 && (
          <span className="site-header__badge" aria-hidden="true">
            {cartCount > 99 ? '99+' : cartCount}
          </span>
        )}
      </a>

      {dialogLoaded && (
        <Suspense fallback={null}>
          <AccountDialog onClosed={restoreFocus} />
        </Suspense>
      )}
    </div>
  );
}

/** The first word of a name, for the narrow account button; the menu shows the whole name. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

function Chevron() {
  return <Icon name="chevronDown" className="site-nav__chevron" />;
}

function PersonIcon() {
  return <Icon name="person" />;
}

function CartIcon() {
  return <Icon name="headerCart" />;
}
