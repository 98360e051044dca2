/**
 * The page's toaster (sonner), loaded by NotificationsHost when the first toast is raised: toasts
 * that waited are shown as soon as it is mounted, then each as it comes. `SiteToaster` is the one
 * look of every toaster (the page's, and the account dialog's own while it is open).
 */
import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { attachToaster, TOAST_DURATION_MS } from '~/stores/notifications';

/** Bottom-right, 5000 ms, at most four, with a close button (product-spec section 9). */
export function SiteToaster({ id }: { id?: string }) {
  return (
    <Toaster
      {...(id === undefined ? {} : { id })}
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={4}
      closeButton
      richColors
      toastOptions={{ className: 'site-toast' }}
    />
  );
}

export default function Toasts() {
  useEffect(() => attachToaster(({ kind, message, options }) => toast[kind](message, options)), []);
  return <SiteToaster />;
}
