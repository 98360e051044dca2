/**
 * Toasts for every island (sonner). Islands call these actions; the one mounted
 * `NotificationsHost` shows them bottom-right for 5000 ms, newest in front (DECISIONS 20).
 *
 * While a modal dialog is open the rest of the page is inert and sits under the dialog's
 * backdrop, so a toast there could be neither seen clearly nor announced. A modal dialog
 * therefore mounts its own toaster and claims it with `showToastsIn`; toasts go to the most
 * recently claimed toaster until it is released.
 */
import { toast } from 'sonner';

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

export function notifySuccess(message: string): void {
  toast.success(message, target());
}

export function notifyError(message: string): void {
  toast.error(message, target());
}

/** A warning the visitor can act on, e.g. 'Invalid Credentials.!' (product-spec section 8). */
export function notifyWarning(message: string): void {
  toast.warning(message, target());
}
