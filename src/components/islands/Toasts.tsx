/**
 * The page's toaster (sonner), loaded by NotificationsHost when the first toast is raised: toasts
 * that waited are shown as soon as it is mounted, then each as it comes.
 */
import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { attachToaster, TOAST_DURATION_MS } from '~/stores/notifications';

export default function Toasts() {
  useEffect(() => attachToaster(({ kind, message, options }) => toast[kind](message, options)), []);
  return (
    <Toaster
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={4}
      closeButton
      richColors
      toastOptions={{ className: 'site-toast' }}
    />
  );
}
