/**
 * Toasts and the loading spinner, mounted once per page by the base layout; hydrated only when a
 * store needs it (the first toast or request) or the previous page left a message (issue 20).
 * Islands raise toasts through src/stores/notifications.ts and count requests through
 * src/stores/requests.ts; this host shows both. The spinner is here from the start; the toaster
 * (sonner) is loaded with the first toast.
 */
import { useStore } from '@nanostores/react';
import { layoutText } from '~/content/ui/site';
import { lazy, Suspense, useEffect } from 'react';
import { $toastsWanted, showFlash } from '~/stores/notifications';
import { $isLoading } from '~/stores/requests';
import { useHydrated } from './use-hydrated';
import './notifications.css';

const Toasts = lazy(() => import('./Toasts'));

export default function NotificationsHost() {
  // Hydrated by a request already under way: the first render is still the server's (no spinner).
  const hydrated = useHydrated();
  const loading = useStore($isLoading) && hydrated;
  const toastsWanted = useStore($toastsWanted);
  // What the previous page left to say (a sign-out, a sign-in that opened this page).
  useEffect(showFlash, []);
  return (
    <>
      {toastsWanted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <div className="loading-overlay" hidden={!loading}>
        <div className="line-scale-party" aria-hidden="true">
          <span />
          <span />
          <span />
          <span />
          <span />
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {loading ? layoutText.pleaseWait : ''}
      </p>
    </>
  );
}
