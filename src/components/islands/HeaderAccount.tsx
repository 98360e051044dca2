/**
 * The header's account control (DECISIONS 25): Sign in, or the signed-in user's button with its
 * menu (My cart, Purchase history, My courses, Your account, Console for staff, Sign out), and the
 * login/register dialog it opens (DECISIONS 26).
 *
 * An island of its own inside the header's navigation (issue 42, item 2): React loads when the
 * visitor heads for the control (`client:intent`), when a store asks for the dialog (Add to cart
 * signed out: `HEADER_NEEDED`), or at idle when this browser keeps a signed-in user or a cart, so
 * their name shows untouched. Until then Sign in is a link to /login. The account menu opens and
 * closes like the section menus, by the bar's `<site-menus>` (`SiteHeader.astro`).
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import {
  $accountDialogOpen,
  giveUpOnAccountDialog,
  openAccountDialog,
  takeDialogOpener,
} from '~/stores/account-dialog';
import { $cartCount } from '~/stores/cart';
import { $user, restoreSession } from '~/stores/session';
import { useHydrated } from './use-hydrated';
import AccountControl, { ACCOUNT_TRIGGER_ID } from './header/AccountControl';
import './header/header-account.css';

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

export default function HeaderAccount() {
  const hydrated = useHydrated();
  const $storedUser = useStore($user);
  const $storedCartCount = useStore($cartCount);
  const $dialogOpen = useStore($accountDialogOpen);
  // Until hydrated, show what the server rendered: signed out, empty cart.
  const user = hydrated ? $storedUser : null;
  const cartCount = hydrated ? $storedCartCount : 0;
  const [dialogLoaded, setDialogLoaded] = useState(false);

  // Who is signed in: the server's answer replaces the cached name (DECISIONS 18).
  useEffect(() => {
    void restoreSession();
  }, []);

  useEffect(() => {
    if ($dialogOpen) setDialogLoaded(true);
  }, [$dialogOpen]);

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
    focusIfShown(document.querySelector<HTMLElement>('[data-nav-toggle]'));
  }, []);

  return (
    <>
      <AccountControl
        user={user}
        cartCount={cartCount}
        hydrated={hydrated}
        onSignInClick={onSignInClick}
        // Fetch the dialog's code as soon as the visitor heads for the button.
        onSignInIntent={() => void loadAccountDialog()}
      />
      {/*
       * In <body>, not here in the navigation: on a phone that is a popover, hidden (and a dialog
       * in it with it) when Add to cart asks for the dialog, and kept open behind a dialog opened
       * inside it. From outside, opening the dialog closes it, as before this was an island.
       */}
      {dialogLoaded &&
        createPortal(
          <Suspense fallback={null}>
            <AccountDialog onClosed={restoreFocus} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
