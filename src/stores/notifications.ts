/**
 * Toasts for every island (sonner). Islands call these actions; the one mounted
 * `NotificationsHost` shows them bottom-right for 5000 ms, newest in front (DECISIONS 20).
 */
import { toast } from 'sonner';

/** How long a toast stays, in milliseconds (product-spec section 9). */
export const TOAST_DURATION_MS = 5000;

export function notifySuccess(message: string): void {
  toast.success(message);
}

export function notifyError(message: string): void {
  toast.error(message);
}
