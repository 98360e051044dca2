import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadStores } from '../../support/browser-stores';

const priya = { userid: 'u_8f3kq2', username: 'Priya Deshmukh' };
const ids = { usercode: 'pending_code_0123456789', userkey: 'secret_key_0123456789abcdef' };

afterEach(() => vi.unstubAllGlobals());

describe('dialog view and logintype (product-spec section 4)', () => {
  it("opens on sign-in by default; logintype 'false' remembers sign-up", async () => {
    const first = await loadStores();
    expect(first.dialog.$accountView.get()).toBe('signin');
    first.dialog.showAccountView('signup');
    expect(first.local()['logintype']).toBe('false');

    const reloaded = await loadStores({ local: { logintype: 'false' } });
    expect(reloaded.dialog.$accountView.get()).toBe('signup');
    reloaded.dialog.showAccountView('signin');
    expect(reloaded.local()['logintype']).toBe('true');
  });

  it('the password reset is a detour: not remembered, and it ends with the dialog', async () => {
    const { dialog, local } = await loadStores({ local: { logintype: 'false' } });
    dialog.openAccountDialog('forgot');
    expect(dialog.$accountView.get()).toBe('forgot');
    expect(local()['logintype']).toBe('false');
    dialog.closeAccountDialog();
    expect(dialog.$accountView.get()).toBe('signup');
  });

  it('a reload during the reset code step comes back to it', async () => {
    const { dialog } = await loadStores({
      session: { usercode: JSON.stringify({ ...ids, purpose: 'reset', email: 'p@example.com' }) },
    });
    expect(dialog.$accountView.get()).toBe('forgot');
    // Leaving the reset drops its code.
    dialog.showAccountView('signin');
    expect(dialog.$accountView.get()).toBe('signin');
  });

  it('a successful registration sets sign-in mode', async () => {
    const { dialog, session, local } = await loadStores({
      local: { logintype: 'false' },
      session: { usercode: JSON.stringify({ ...ids, purpose: 'register', email: 'p@example.com' }) },
      routes: { 'POST /api/account/register': { status: 201, body: priya } },
    });
    await session.verifySignUp({ verificationcode: '123456' });
    expect(local()['logintype']).toBe('true');
    expect(dialog.$accountView.get()).toBe('signin');
  });
});

describe('requestSignIn (DECISIONS 30)', () => {
  it('signed out: opens the sign-in dialog and runs the action once signed in', async () => {
    const { dialog, session } = await loadStores({
      local: { logintype: 'false' },
      routes: { 'POST /api/account/login': { status: 200, body: priya } },
    });
    const addToCart = vi.fn();
    dialog.requestSignIn(addToCart, null);
    expect(dialog.$accountDialogOpen.get()).toBe(true);
    expect(dialog.$accountView.get()).toBe('signin');
    expect(addToCart).not.toHaveBeenCalled();
    await session.signIn({ mobile: 'priya@example.com', password: 'teak-lantern-1' });
    expect(addToCart).toHaveBeenCalledOnce();
    dialog.closeAccountDialog();
    expect(addToCart).toHaveBeenCalledOnce();
  });

  it('closing the dialog without signing in drops the action', async () => {
    const { dialog, session } = await loadStores({
      routes: { 'POST /api/account/login': { status: 200, body: priya } },
    });
    const addToCart = vi.fn();
    dialog.requestSignIn(addToCart, null);
    dialog.closeAccountDialog();
    await session.signIn({ mobile: 'priya@example.com', password: 'teak-lantern-1' });
    expect(addToCart).not.toHaveBeenCalled();
  });

  it('signed in: runs the action at once, no dialog', async () => {
    const { dialog } = await loadStores({ local: { user: JSON.stringify(priya) } });
    const addToCart = vi.fn();
    dialog.requestSignIn(addToCart, null);
    expect(addToCart).toHaveBeenCalledOnce();
    expect(dialog.$accountDialogOpen.get()).toBe(false);
  });

  it('hands the opener back once, for focus', async () => {
    const { dialog } = await loadStores();
    const opener = { focus: vi.fn() } as unknown as HTMLElement;
    dialog.openAccountDialog(undefined, opener);
    expect(dialog.takeDialogOpener()).toBe(opener);
    expect(dialog.takeDialogOpener()).toBeNull();
  });
});

describe("requestSignIn when the dialog's code does not come (issue 31)", () => {
  /** The stores of a signed-out page, with a window for the islands' events and a toaster. */
  async function signedOutPage() {
    vi.stubGlobal('window', new EventTarget());
    const stores = await loadStores({ routes: { 'POST /api/account/login': { status: 200, body: priya } } });
    const toasts: string[] = [];
    (await import('~/stores/notifications')).attachToaster((toast) => toasts.push(toast.message));
    const events = await import('~/lib/client/events');
    return { ...stores, toasts, events };
  }
  const saysWhy = 'The sign-in form could not be loaded. Check your connection and try again.';

  afterEach(() => vi.useRealTimers());

  it('gives up after DIALOG_WAIT_MS: the request is dropped and the visitor told', async () => {
    vi.useFakeTimers();
    const { dialog, session, toasts } = await signedOutPage();
    const addToCart = vi.fn();
    dialog.requestSignIn(addToCart, null);
    vi.advanceTimersByTime(dialog.DIALOG_WAIT_MS - 1);
    expect(dialog.$accountDialogOpen.get()).toBe(true);
    expect(toasts).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(dialog.$accountDialogOpen.get()).toBe(false);
    expect(toasts).toEqual([saysWhy]);
    // A sign-in later (the dialog came after all, or /login) does not add behind the visitor's back.
    vi.useRealTimers();
    await session.signIn({ mobile: 'priya@example.com', password: 'teak-lantern-1' });
    expect(addToCart).not.toHaveBeenCalled();
  });

  it('a dialog drawn in time is not given up on, however long the visitor takes', async () => {
    vi.useFakeTimers();
    const { dialog, toasts } = await signedOutPage();
    dialog.requestSignIn(vi.fn(), null);
    vi.advanceTimersByTime(5_700);
    dialog.markAccountDialogShown(true);
    vi.advanceTimersByTime(dialog.DIALOG_WAIT_MS * 3);
    expect(dialog.$accountDialogOpen.get()).toBe(true);
    expect(toasts).toEqual([]);
  });

  it("the header island's failed load ends the wait at once; another island's does not", async () => {
    const { dialog, toasts, events } = await signedOutPage();
    dialog.requestSignIn(vi.fn(), null);
    window.dispatchEvent(new CustomEvent(events.ISLAND_FAILED, { detail: events.NOTIFICATIONS_NEEDED }));
    expect(dialog.$accountDialogOpen.get()).toBe(true);
    window.dispatchEvent(new CustomEvent(events.ISLAND_FAILED, { detail: events.HEADER_NEEDED }));
    expect(dialog.$accountDialogOpen.get()).toBe(false);
    expect(toasts).toEqual([saysWhy]);
    // A failure while the dialog is not asked for says nothing.
    window.dispatchEvent(new CustomEvent(events.ISLAND_FAILED, { detail: events.HEADER_NEEDED }));
    expect(toasts).toHaveLength(1);
  });
});
