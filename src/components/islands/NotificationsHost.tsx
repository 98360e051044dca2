/**
 * Toasts and the loading spinner, mounted once per page by the base layout (hydrated when the
 * browser is idle). Islands raise toasts through src/stores/notifications.ts and count requests
 * through src/stores/requests.ts; this host shows both.
 */
import { useStore } from '@nanostores/react';
import { Toaster } from 'sonner';
import { layoutText } from '~/content/ui/site';
import { useEffect } from 'react';
import { showFlash, TOAST_DURATION_MS } from '~/stores/notifications';
import { $isLoading } from '~/stores/requests';
import './notifications.css';

export default function NotificationsHost() {
  const $loading = useStore($isLoading);
  // What the previous page left to say (a sign-out, a sign-in that opened this page).
  useEffect(showFlash, []);
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
