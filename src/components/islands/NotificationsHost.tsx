/**
 * Toasts and the loading spinner, mounted once per page by the base layout; hydrated only when a
 * store needs it (the first toast or request) or the previous page left a message (issue 20). Islands raise toasts through src/stores/notifications.ts and count requests
 * through src/stores/requests.ts; this host shows both.
 */
import { useStore } from '@nanostores/react';
import { toast, Toaster } from 'sonner';
import { layoutText } from '~/content/ui/site';
import { useEffect } from 'react';
import { attachToaster, showFlash, TOAST_DURATION_MS } from '~/stores/notifications';
import { $isLoading } from '~/stores/requests';
import './notifications.css';

export default function NotificationsHost() {
  const $loading = useStore($isLoading);
  // Toasts raised before this host hydrated are shown now; then each as it comes. Then what the
  // previous page left to say (a sign-out, a sign-in that opened this page).
  useEffect(() => {
    const detach = attachToaster(({ kind, message, options }) => toast[kind](message, options));
    showFlash();
    return detach;
  }, []);
  return (
    <>
      <Toaster
        position="bottom-right"
        duration={TOAST_DURATION_MS}
        visibleToasts={4}
        closeButton
        richColors
        toastOptions={{ className: 'site-toast' }}
      />
      <div className="loading-overlay" hidden={!$loading}>
        <div className="line-scale-party" aria-hidden="true">
          <span />
          <span />
          <span />
          <span />
          <span />
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {$loading ? layoutText.pleaseWait : ''}
      </p>
    </>
  );
}
