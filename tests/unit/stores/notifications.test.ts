import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const { notifyError, notifySuccess, notifyWarning, showToastsIn } = await import('~/stores/notifications');

beforeEach(() => vi.clearAllMocks());

describe('toasts', () => {
  it('go to the page toaster by default', () => {
    notifySuccess('Your message has been sent. We will get back to you soon.');
    notifyError('Your message could not be sent. Please try again.');
    expect(toast.success).toHaveBeenCalledWith(
      'Your message has been sent. We will get back to you soon.',
      {},
    );
    expect(toast.error).toHaveBeenCalledWith('Your message could not be sent. Please try again.', {});
  });

  it("go to an open modal dialog's own toaster while it has claimed it (the page is inert behind it)", () => {
    const release = showToastsIn('account-dialog');
    notifyWarning('Wrong e-mail, mobile number or password.');
    expect(toast.warning).toHaveBeenCalledWith('Wrong e-mail, mobile number or password.', {
      toasterId: 'account-dialog',
    });
    release();
    notifyWarning('Wrong e-mail, mobile number or password.');
    expect(toast.warning).toHaveBeenLastCalledWith('Wrong e-mail, mobile number or password.', {});
  });
});
