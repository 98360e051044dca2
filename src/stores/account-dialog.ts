/**
 * The login/register dialog: whether it is open and which form it shows. Sign-in or sign-up is
 * remembered in localStorage `logintype` ('true' = sign-in, product-spec section 4); the
 * password-reset form is a detour from sign-in and is not remembered.
 *
 * `requestSignIn(then)` is how a signed-out visitor's action (Add to cart) asks for an account:
 * it opens the dialog and runs `then` once they are signed in (DECISIONS 30).
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed, type ReadableAtom } from 'nanostores';
import { accountMessages } from '~/content/ui/account';
import { askForIsland, HEADER_NEEDED, ISLAND_FAILED } from '~/lib/client/events';
import { LOCAL_STORAGE_KEYS } from '~/lib/shared/storage-keys';
import { notifyError } from '~/stores/notifications';
import { $pendingCode, $user, cancelPendingCode } from '~/stores/session';

/** The forms the dialog and /login show. */
export type AccountView = 'signin' | 'signup' | 'forgot';

/** `logintype` as stored: 'true' for sign-in, 'false' for sign-up. */
const $loginType = persistentAtom<'true' | 'false'>(LOCAL_STORAGE_KEYS.loginType, 'true', {
  encode: (value) => value,
  decode: (stored) => (stored === 'false' ? 'false' : 'true'),
});

const $forgot = atom(false);
const $open = atom(false);

/** The form shown: sign-in, sign-up or password reset. */
export const $accountView: ReadableAtom<AccountView> = computed(
  [$loginType, $forgot, $pendingCode],
  (loginType, forgot, pending) => {
    // A reload during step 2 of a reset comes back to that step.
    if (forgot || pending?.purpose === 'reset') return 'forgot';
    return loginType === 'false' ? 'signup' : 'signin';
  },
);

/** True while the dialog is open. */
export const $accountDialogOpen: ReadableAtom<boolean> = $open;

const $shown = atom(false);

/**
 * True while the dialog is on screen: asked for (`$accountDialogOpen`) and drawn, which waits for
 * the header island's code the first time (Add to cart stays busy until then, issue 31).
 */
export const $accountDialogShown: ReadableAtom<boolean> = $shown;

/** The dialog tells when it is drawn or gone. */
export function markAccountDialogShown(shown: boolean): void {
  $shown.set(shown);
}

let opener: HTMLElement | null = null;
let afterSignIn: (() => void) | undefined;

/** Shows `view` (in the dialog and on /login). Leaving a reset drops its pending code. */
export function showAccountView(view: AccountView): void {
  if (view !== 'forgot' && $pendingCode.get()?.purpose === 'reset') cancelPendingCode();
  $forgot.set(view === 'forgot');
  if (view !== 'forgot') $loginType.set(view === 'signin' ? 'true' : 'false');
}

/**
 * Opens the dialog on `view` (default: the remembered sign-in or sign-up). `from` is the control
 * that opened it; focus goes back there when the dialog closes.
 */
export function openAccountDialog(view?: AccountView, from?: HTMLElement | null): void {
  // The dialog lives in the header island, which hydrates on intent: this is one (issue 20).
  askForIsland(HEADER_NEEDED);
  if (view) showAccountView(view);
  opener = from ?? (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null));
  $open.set(true);
}

/** Closes the dialog. A pending `requestSignIn` that did not end in a sign-in is dropped. */
export function closeAccountDialog(): void {
  $open.set(false);
  afterSignIn = undefined;
  // The reset detour ends with the dialog (unless a code is on its way: then it reopens there).
  if ($pendingCode.get()?.purpose !== 'reset') $forgot.set(false);
}

/** The control that opened the dialog, once: the dialog hands focus back to it. */
export function takeDialogOpener(): HTMLElement | null {
  const element = opener;
  opener = null;
  return element;
}

/**
 * Runs `then` now if someone is signed in; otherwise opens the sign-in dialog and runs `then`
 * right after a sign-in (or sign-up, or reset) succeeds. Closing the dialog drops it.
 */
export function requestSignIn(then?: () => void, from?: HTMLElement | null): void {
  if ($user.get() !== null) {
    then?.();
    return;
  }
  openAccountDialog('signin', from);
  afterSignIn = then;
  if (!$shown.get()) waitForDialog();
}

/**
 * How long an action's sign-in waits for the dialog to be drawn (milliseconds). The first time,
 * the dialog's code comes with the header island: 5.4-5.7 s on a slow phone network (400 kbps,
 * issue 31); a load that never ends must still end the wait.
 * @internal Exported for tests/unit/stores/account-dialog.test.ts, which waits it out.
 */
export const DIALOG_WAIT_MS = 20_000;

let waiting: ReturnType<typeof setTimeout> | undefined;

function stopWaiting(): void {
  clearTimeout(waiting);
  waiting = undefined;
}

function waitForDialog(): void {
  stopWaiting();
  waiting = setTimeout(giveUpOnAccountDialog, DIALOG_WAIT_MS);
}

/**
 * The dialog's code did not come (offline, a chunk that failed or never finished loading) while
 * the dialog is asked for and not drawn: the request is dropped, so the control that asked (Add to
 * cart) is itself again, and the visitor is told in plain words.
 */
export function giveUpOnAccountDialog(): void {
  stopWaiting();
  if ($shown.get() || !$open.get()) return;
  closeAccountDialog();
  notifyError(accountMessages.dialogDidNotLoad);
}

$shown.listen((shown) => {
  if (shown) stopWaiting();
});
$open.listen((open) => {
  if (!open) stopWaiting();
});
// The header island could not load: no need to wait out the delay.
if (typeof window !== 'undefined')
  window.addEventListener(ISLAND_FAILED, (event) => {
    if (event instanceof CustomEvent && event.detail === HEADER_NEEDED) giveUpOnAccountDialog();
  });

$user.listen((user) => {
  if (user === null) return;
  const then = afterSignIn;
  afterSignIn = undefined;
  $forgot.set(false);
  // Signed in: the dialog opens on sign-in next time (product-spec section 4).
  if ($loginType.get() !== 'true') $loginType.set('true');
  then?.();
});
