/**
 * Toasts and the loading spinner. Every island renders this; only the first one mounted on a page
 * shows it, so a page with two forms still has one toaster and one spinner.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '~/stores/notifications';
import { $isLoading } from '~/stores/requests';
import './notifications.css';

let hostClaimed = false;

export default function NotificationsHost() {
  const [isHost, setIsHost] = useState(false);
  const $loading = useStore($isLoading);

  useEffect(() => {
    if (hostClaimed) return undefined;
    hostClaimed = true;
    setIsHost(true);
    return () => {
      hostClaimed = false;
    };
  }, []);

  if (!isHost) return null;
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
      <p className="visually-hidden" role="status" aria-live="polite">
        {$loading ? 'Please wait, sending…' : ''}
      </p>
    </>
  );
}
