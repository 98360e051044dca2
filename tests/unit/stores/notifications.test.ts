import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const { notifyError, notifySuccess, notifyWarning, showToastsIn } = await import('~/stores/notifications');

beforeEach(() => vi.clearAllMocks());

describe('toasts', () => {
  it('go to the page toaster by default', () => {
    notifySuccess('Mail has been send Successfully.');
    notifyError('Fail to send Mail.');
    expect(toast.success).toHaveBeenCalledWith('Mail has been send Successfully.', {});
    expect(toast.error).toHaveBeenCalledWith('Fail to send Mail.', {});
  });

  it("go to an open modal dialog's own toaster while it has claimed it (the page is inert behind it)", () => {
    const release = showToastsIn('account-dialog');
    notifyWarning('Invalid Credentials.!');
    expect(toast.warning).toHaveBeenCalledWith('Invalid Credentials.!', { toasterId: 'account-dialog' });
    release();
    notifyWarning('Invalid Credentials.!');
    expect(toast.warning).toHaveBeenLastCalledWith('Invalid Credentials.!', {});
  });
});
