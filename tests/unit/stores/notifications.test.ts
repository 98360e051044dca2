import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToastRequest } from '~/stores/notifications';

const {
  $toastsWanted,
  attachToaster,
  notifyError,
  notifySuccess,
  notifyWarning,
  showToastsIn,
  NOTIFICATIONS_NEEDED,
} = await import('~/stores/notifications');

const shown: ToastRequest[] = [];
beforeEach(() => {
  shown.length = 0;
});

describe('toasts', () => {
  it('wait for the host, ask for it once per toast, then reach it in order (issue 20: no toaster until one is needed)', () => {
    const asked = vi.fn();
    vi.stubGlobal('window', { dispatchEvent: asked });
    // The toaster (sonner) is not wanted until a toast is raised: the spinner alone never loads it.
    expect($toastsWanted.get()).toBe(false);
    notifySuccess('Your message has been sent. We will get back to you soon.');
    expect(asked).toHaveBeenCalledWith(expect.objectContaining({ type: NOTIFICATIONS_NEEDED }));
    expect($toastsWanted.get()).toBe(true);
    const detach = attachToaster((toast) => shown.push(toast));
    notifyError('Your message could not be sent. Please try again.');
    expect(shown).toEqual([
      { kind: 'success', message: 'Your message has been sent. We will get back to you soon.', options: {} },
      { kind: 'error', message: 'Your message could not be sent. Please try again.', options: {} },
    ]);
    expect(asked).toHaveBeenCalledTimes(1);
    detach();
    vi.unstubAllGlobals();
  });

  it("go to an open modal dialog's own toaster while it has claimed it (the page is inert behind it)", () => {
    const detach = attachToaster((toast) => shown.push(toast));
    const release = showToastsIn('account-dialog');
    notifyWarning('Wrong e-mail, mobile number or password.');
    release();
    notifyWarning('Wrong e-mail, mobile number or password.');
    expect(shown.map((toast) => toast.options)).toEqual([{ toasterId: 'account-dialog' }, {}]);
    detach();
  });
});
