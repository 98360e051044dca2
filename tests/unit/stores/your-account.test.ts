/**
 * Your account's store (DECISIONS 62-63): what each action calls, what it keeps and
 * what it tells the session and the remembered billing.
 */
import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '~/lib/shared/schemas/profile';

type Reply = { status?: number; body?: unknown } | Error;

function stubFetch(...replies: Reply[]) {
  const calls: { path: string; method: string; body: unknown; xsrf: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      calls.push({
        path,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        xsrf: (init.headers as Record<string, string> | undefined)?.['X-XSRF-TOKEN'],
      });
      const reply = replies.shift();
      if (!reply) throw new Error(`Unexpected call ${path}`);
      if (reply instanceof Error) throw reply;
      const status = reply.status ?? 200;
      return new Response(status === 204 ? null : JSON.stringify(reply.body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=t0k' });
  return calls;
}

const session = {
  $user: atom<{ userid: string; username: string } | null>(null),
  renameSignedInUser: vi.fn(),
  forgetSession: vi.fn(),
};
const billing = { rememberBilling: vi.fn(), forgetBilling: vi.fn() };

async function loadStore() {
  vi.resetModules();
  session.$user.set({ userid: 'u-7f3a', username: 'Asha' });
  vi.doMock('~/stores/session', () => session);
  vi.doMock('~/stores/billing', () => billing);
  return import('~/stores/your-account');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const profile: Profile = {
  userid: 'u-7f3a',
  name: 'Asha Kulkarni',
  email: 'asha@example.com',
  mobile: '9876543210',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const saved = { name: 'Asha Kulkarni', country: 'IN', state: '27' };
const pending = { usercode: 'c'.repeat(22), userkey: 'k'.repeat(22) };
const device = {
  id: 'd-1',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-26T10:00:00.000Z',
  device: 'Chrome on Android',
  current: false,
};

describe('your account store', () => {
  it('loads the profile, says when it failed, and remembers its saved billing for the next checkout', async () => {
    const calls = stubFetch(new TypeError('Failed to fetch'), { body: { ...profile, billing: saved } });
    const store = await loadStore();
    await store.loadProfile();
    expect(store.$profileLoadFailed.get()).toBe(true);
    await store.loadProfile();
    expect(store.$profile.get()).toEqual({ ...profile, billing: saved });
    expect(store.$profileLoadFailed.get()).toBe(false);
    expect(billing.rememberBilling).toHaveBeenCalledWith(saved);
    expect(session.renameSignedInUser).toHaveBeenCalledWith('Asha Kulkarni');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/account/profile',
      'GET /api/account/profile',
    ]);
  });

  it('saves the name and mobile, and the header takes the new name', async () => {
    const calls = stubFetch({ body: { ...profile, name: 'Asha K' } });
    const store = await loadStore();
    expect(await store.saveProfile({ name: 'Asha K', mobile: '9876543210' })).toEqual({ ok: true });
    expect(calls[0]).toEqual({
      path: '/api/account/profile',
      method: 'POST',
      body: { name: 'Asha K', mobile: '9876543210' },
      xsrf: 't0k',
    });
    expect(session.renameSignedInUser).toHaveBeenCalledWith('Asha K');
    expect(store.$profile.get()?.name).toBe('Asha K');
  });

  it('forgets the saved billing on the server (billing: null) and on this browser', async () => {
    const calls = stubFetch({ status: 400, body: { errors: ['No.'] } }, { body: profile });
    const store = await loadStore();
    expect(await store.forgetSavedBilling()).toEqual({ ok: false, status: 400, errors: ['No.'] });
    expect(billing.forgetBilling).not.toHaveBeenCalled();
    expect(await store.forgetSavedBilling()).toEqual({ ok: true });
    expect(calls[1]?.body).toEqual({ billing: null });
    expect(billing.forgetBilling).toHaveBeenCalledOnce();
  });

  it('changes the e-mail by a code: asks again with the same address and password, then shows the new address', async () => {
    const again = { usercode: 'd'.repeat(22), userkey: 'e'.repeat(22) };
    const calls = stubFetch(
      { status: 400, body: { errors: ['Your current password is wrong.'] } },
      { body: pending },
      { body: again },
      { body: { ...profile, email: 'new@example.org' } },
    );
    const store = await loadStore();
    const wrong = await store.requestEmailChange({ email: 'new@example.org', password: 'nope' });
    expect(wrong).toEqual({ ok: false, status: 400, errors: ['Your current password is wrong.'] });
    expect(store.$pendingEmailChange.get()).toBeUndefined();
    await store.requestEmailChange({ email: 'new@example.org', password: 'first-pass1' });
    expect(store.$pendingEmailChange.get()).toEqual({
      email: 'new@example.org',
      ...pending,
      sentAt: expect.any(Number),
    });
    expect(await store.resendEmailCode()).toEqual({ ok: true });
    expect(calls[2]?.body).toEqual({ email: 'new@example.org', password: 'first-pass1' });
    expect(await store.verifyEmailChange({ verificationcode: '123456' })).toEqual({ ok: true });
    // The last code sent is the one checked.
    expect(calls[3]).toMatchObject({
      path: '/api/account/email/verify',
      body: { ...again, verificationcode: '123456' },
    });
    expect(store.$pendingEmailChange.get()).toBeUndefined();
    expect(store.$profile.get()?.email).toBe('new@example.org');
    // Nothing pending any more: nothing to send again or verify.
    expect((await store.resendEmailCode()).ok).toBe(false);
    expect((await store.verifyEmailChange({ verificationcode: '123456' })).ok).toBe(false);
  });

  it('reads the devices again after the password changes and after a device is signed out', async () => {
    const calls = stubFetch(
      { body: { userid: 'u-7f3a', username: 'Asha' } },
      { body: [device] },
      { status: 204 },
      { body: [] },
    );
    const store = await loadStore();
    const change = { current: 'first-pass1', password: 'monsoon-ferry-77', repassword: 'monsoon-ferry-77' };
    expect(await store.changePassword(change)).toEqual({ ok: true });
    await vi.waitFor(() => expect(store.$devices.get()).toEqual([device]));
    expect(await store.signOutDevice('others')).toEqual({ ok: true });
    await vi.waitFor(() => expect(store.$devices.get()).toEqual([]));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/account/password',
      'GET /api/account/sessions',
      'POST /api/account/sessions/others/revoke',
      'GET /api/account/sessions',
    ]);
  });

  it('forgets the user on this browser when the server no longer knows the session (401)', async () => {
    stubFetch({ status: 401, body: { errors: ['Please sign in to continue.'] } });
    const store = await loadStore();
    const result = await store.saveProfile({ name: 'Asha', mobile: '9876543210' });
    expect(result).toEqual({ ok: false, status: 401, errors: ['Please sign in to continue.'] });
    expect(session.forgetSession).toHaveBeenCalledOnce();
  });

  it('closes the account: 204, then this browser forgets the user and names the address told', async () => {
    const calls = stubFetch(
      { body: profile },
      { status: 400, body: { errors: ['Your current password is wrong.'] } },
      { status: 204 },
    );
    const store = await loadStore();
    await store.loadProfile();
    expect((await store.closeAccount({ password: 'nope', confirm: 'DELETE' })).ok).toBe(false);
    expect(session.forgetSession).not.toHaveBeenCalled();
    expect(store.$closedAccountEmail.get()).toBeUndefined();
    expect(await store.closeAccount({ password: 'first-pass1', confirm: 'DELETE' })).toEqual({ ok: true });
    expect(calls[2]).toEqual({
      path: '/api/account/delete',
      method: 'POST',
      body: { password: 'first-pass1', confirm: 'DELETE' },
      xsrf: 't0k',
    });
    expect(session.forgetSession).toHaveBeenCalledOnce();
    expect(store.$closedAccountEmail.get()).toBe('asha@example.com');
  });
});
