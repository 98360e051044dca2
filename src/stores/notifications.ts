/**
 * Toasts for every island (sonner). Islands call these actions; the one mounted
 * `NotificationsHost` shows them bottom-right for 5000 ms, newest in front (DECISIONS 20).
 * Sonner is not imported here: the host loads it when the first toast is raised (`$toastsWanted`;
 * issue 20: a page nobody touches, or whose requests all go well, downloads no toaster). Until
 * the host is attached, toasts wait in a queue and `NOTIFICATIONS_NEEDED` is dispatched on
 * window, which hydrates the host (`client:intent`).
 *
 * While a modal dialog is open the rest of the page is inert and sits under the dialog's
 * backdrop, so a toast there could be neither seen clearly nor announced. A modal dialog
 * therefore mounts its own toaster and claims it with `showToastsIn`; toasts go to the most
 * recently claimed toaster until it is released.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { askForIsland, NOTIFICATIONS_NEEDED } from '~/lib/client/events';
import { SESSION_STORAGE_KEYS } from '~/lib/shared/storage-keys';

/** How long a toast stays, in milliseconds (product-spec section 9). */
export const TOAST_DURATION_MS = 5000;

const claimedToasters: string[] = [];

/** Sends toasts to the toaster with this `id` until the returned function is called. */
export function showToastsIn(toasterId: string): () => void {
  claimedToasters.push(toasterId);
  return () => {
    const index = claimedToasters.lastIndexOf(toasterId);
    if (index >= 0) claimedToasters.splice(index, 1);
  };
}

function target(): { toasterId?: string } {
  const toasterId = claimedToasters.at(-1);
  return toasterId === undefined ? {} : { toasterId };
}

export { NOTIFICATIONS_NEEDED };

/** One toast, as the host shows it. */
export interface ToastRequest {
  readonly kind: 'success' | 'error' | 'warning';
  readonly message: string;
  readonly options: { toasterId?: string };
}

let show: ((toast: ToastRequest) => void) | undefined;
const waiting: ToastRequest[] = [];
const $wanted = atom(false);

/**
 * True once a toast has been raised: the host then loads the toaster (sonner), which a page whose
 * requests all go well never downloads (the spinner needs none of it).
 */
export const $toastsWanted: ReadableAtom<boolean> = $wanted;

function raise(toast: ToastRequest): void {
  if (show) return show(toast);
  waiting.push(toast);
  $wanted.set(true);
  // Asks for the host (a page that has not needed it yet has not hydrated it).
  askForIsland(NOTIFICATIONS_NEEDED);
}

/**
 * The mounted host shows toasts through `shower` from now on, the waiting ones first; returns
 * the function that detaches it.
 */
export function attachToaster(shower: (toast: ToastRequest) => void): () => void {
  show = shower;
  for (const toast of waiting.splice(0)) shower(toast);
  return () => {
    if (show === shower) show = undefined;
  };
}

export function notifySuccess(message: string): void {
  raise({ kind: 'success', message, options: target() });
}

export function notifyError(message: string): void {
  raise({ kind: 'error', message, options: target() });
}

/** A warning the visitor can act on (product-spec section 8). */
export function notifyWarning(message: string): void {
  raise({ kind: 'warning', message, options: target() });
}

const FLASH_KEY = SESSION_STORAGE_KEYS.flash;

/**
 * Says `message` on the page itself, even while a dialog holds the toasts: for what the visitor
 * sees once the dialog has closed ("Account created. Welcome, Ravi.").
 */
export function notifyOnPage(message: string): void {
  raise({ kind: 'success', message, options: {} });
}

/** Keeps `message` for the next page this tab opens (the current one is about to leave). */
export function flashOnNextPage(message: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // Storage refused (private mode, quota): the message is lost, nothing else.
  }
}

/** Shows, once, the message the previous page left (called when the toaster is mounted). */
export function showFlash(): void {
  let message: string | null;
  try {
    message = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
  } catch {
    return;
  }
  if (message) notifyOnPage(message);
}
