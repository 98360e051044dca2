import { afterEach, describe, expect, it, vi } from 'vitest';
import { courses, toCourseSummary } from '~/lib/shared/catalogue';
import { loadStores } from '../../support/browser-stores';

/** A cached cart as the cart store keeps it: the server's CartItems. */
const cachedCart = (...ids: number[]) =>
  JSON.stringify(courses.filter((course) => ids.includes(course.id)).map(toCourseSummary));
/** Only the account calls (the cart store also loads the signed-in user's cart). */
const accountCalls = (calls: readonly { method: string; path: string }[]) =>
  calls.filter((call) => call.path.startsWith('/api/account/'));

const priya = { userid: 'u_8f3kq2', username: 'Priya Deshmukh' };
const ids = { usercode: 'pending_code_0123456789', userkey: 'secret_key_0123456789abcdef' };
const details = {
  name: 'Priya Deshmukh',
  mobile: '9876543210',
  email: 'priya@example.com',
  password: 'teak-lantern-1',
  repassword: 'teak-lantern-1',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('start-up (DECISIONS 18)', () => {
  it('with nobody cached, asks the server nothing', async () => {
    const { session, calls } = await loadStores();
    await session.restoreSession();
    expect(calls).toEqual([]);
    expect(session.$user.get()).toBeNull();
    expect(session.$sessionChecked.get()).toBe(true);
  });

  it("a cached user is confirmed by GET /api/account/me, once per page, and takes the server's name", async () => {
    const { session, calls, local } = await loadStores({
      local: { user: JSON.stringify({ userid: priya.userid, username: 'Old name' }) },
      routes: { 'GET /api/account/me': { status: 200, body: priya } },
    });
    expect(session.$user.get()?.username).toBe('Old name');
    await Promise.all([session.restoreSession(), session.restoreSession()]);
    expect(accountCalls(calls).map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/account/me']);
    expect(session.$user.get()).toEqual(priya);
    expect(JSON.parse(local()['user'] ?? '')).toEqual(priya);
  });

  it('the same user confirmed changes nothing, so nothing renders again (issue 20)', async () => {
    const { session } = await loadStores({
      local: { user: JSON.stringify(priya) },
      routes: { 'GET /api/account/me': { status: 200, body: priya } },
    });
    const changes: unknown[] = [];
    const stop = session.$user.listen((user) => changes.push(user));
    await session.restoreSession();
    stop();
    expect(changes).toEqual([]);
    expect(session.$user.get()).toEqual(priya);
  });

  it('a 401 signs the browser out: the cached user and cart go', async () => {
    const { session, cart, local } = await loadStores({
      local: { user: JSON.stringify(priya), course: cachedCart(3, 5) },
      routes: { 'GET /api/account/me': { status: 401, body: { errors: ['Please sign in to continue.'] } } },
    });
    expect(cart.$cartCount.get()).toBe(2);
    await session.restoreSession();
    expect(session.$user.get()).toBeNull();
    expect(cart.$cartCount.get()).toBe(0);
    expect(local()).not.toHaveProperty('user');
    expect(local()).not.toHaveProperty('course');
  });

  it('a server error or no network keeps the cache and logs the failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { session } = await loadStores({
      local: { user: JSON.stringify(priya) },
      routes: { 'GET /api/account/me': { status: 500, body: { errors: ['Something went wrong.'] } } },
    });
    await session.restoreSession();
    expect(session.$user.get()).toEqual(priya);
    expect(logged).toHaveBeenCalledOnce();
  });

  it('runs in the background: no spinner while it is under way', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const { session, requests } = await loadStores({
      local: { user: JSON.stringify(priya) },
      routes: { 'GET /api/account/me': () => new Promise((resolve) => (answer = resolve)) },
    });
    const restoring = session.restoreSession();
    expect(requests.$isLoading.get()).toBe(false);
    answer({ status: 200, body: priya });
    await restoring;
  });

  it('ignores a malformed cached user', async () => {
    const { session } = await loadStores({ local: { user: '{"userid": 42' } });
    expect(session.$user.get()).toBeNull();
  });
});

describe('sign-in', () => {
  it('posts e-mail or mobile, password and the client code with the XSRF token; stores {userid, username}', async () => {
    const { session, calls, local, requests } = await loadStores({
      cookie: 'XSRF-TOKEN=tok%2Den',
      routes: { 'POST /api/account/login': { status: 200, body: { ...priya, extra: 'ignored' } } },
    });
    const signingIn = session.signIn({ mobile: 'priya@example.com', password: 'teak-lantern-1' });
    expect(requests.$isLoading.get()).toBe(true);
    expect(await signingIn).toEqual({ ok: true });
    expect(calls[0]?.body).toEqual({
      mobile: 'priya@example.com',
      password: 'teak-lantern-1',
      clientCode: 'sispl',
    });
    expect(calls[0]?.headers['X-XSRF-TOKEN']).toBe('tok-en');
    expect(session.$user.get()).toEqual(priya);
    expect(JSON.parse(local()['user'] ?? '')).toEqual(priya);
  });

  it("wrong credentials: status 401 and 'Wrong e-mail, mobile number or password.', nobody signed in", async () => {
    const { session } = await loadStores({
      routes: { 'POST /api/account/login': { status: 401, body: { errors: ['Anything the server says.'] } } },
    });
    expect(await session.signIn({ mobile: '9876543210', password: 'nope' })).toEqual({
      ok: false,
      status: 401,
      errors: ['Wrong e-mail, mobile number or password.'],
    });
    expect(session.$user.get()).toBeNull();
  });

  it("other failures keep the server's sentences (e.g. 429)", async () => {
    const { session } = await loadStores({
      routes: {
        'POST /api/account/login': { status: 429, body: { errors: ['Too many tries. Wait a minute.'] } },
      },
    });
    expect(await session.signIn({ mobile: '9876543210', password: 'x' })).toEqual({
      ok: false,
      status: 429,
      errors: ['Too many tries. Wait a minute.'],
    });
  });
});

describe('sign-up with an e-mailed code', () => {
  it('sendcode keeps {usercode, userkey} in sessionStorage; register sends details, code, ids and status 1', async () => {
    const { session, calls, sessionStorage } = await loadStores({
      routes: {
        'POST /api/account/sendcode': { status: 200, body: ids },
        'POST /api/account/register': { status: 201, body: priya },
      },
    });
    expect(await session.sendSignUpCode(details)).toEqual({ ok: true });
    expect(calls[0]?.body).toEqual({ ...details, clientCode: 'sispl' });
    expect(session.$pendingCode.get()).toEqual({
      ...ids,
      purpose: 'register',
      email: details.email,
      sentAt: expect.any(Number),
    });
    expect(JSON.parse(sessionStorage.getItem('usercode') ?? '')).toMatchObject(ids);

    expect(await session.verifySignUp({ verificationcode: '123456' })).toEqual({ ok: true });
    expect(calls[1]?.body).toEqual({
      ...details,
      ...ids,
      verificationcode: '123456',
      status: 1,
      clientCode: 'sispl',
    });
    expect(session.$user.get()).toEqual(priya);
    expect(session.$pendingCode.get()).toBeNull();
    expect(sessionStorage.getItem('usercode')).toBeNull();
  });

  it('a reload during the code step keeps the pending ids; register then sends them without the details', async () => {
    const { session, calls } = await loadStores({
      session: { usercode: JSON.stringify({ ...ids, purpose: 'register', email: details.email }) },
      routes: { 'POST /api/account/register': { status: 201, body: priya } },
    });
    expect(session.$pendingCode.get()?.usercode).toBe(ids.usercode);
    expect(await session.verifySignUp({ verificationcode: '654321' })).toEqual({ ok: true });
    expect(calls[0]?.body).toEqual({ ...ids, verificationcode: '654321', status: 1, clientCode: 'sispl' });
  });

  it('send-code and register errors come back as a list; the code step stays', async () => {
    const { session } = await loadStores({
      routes: {
        'POST /api/account/sendcode': { status: 400, body: { errors: ['Valid email is required.'] } },
      },
    });
    expect(await session.sendSignUpCode(details)).toEqual({
      ok: false,
      status: 400,
      errors: ['Valid email is required.'],
    });
    expect(session.$pendingCode.get()).toBeNull();
  });

  it('a wrong code keeps the pending ids so the visitor can try again', async () => {
    const { session } = await loadStores({
      session: { usercode: JSON.stringify({ ...ids, purpose: 'register', email: details.email }) },
      routes: {
        'POST /api/account/register': {
          status: 400,
          body: { errors: ['The verification code is wrong or has expired.'] },
        },
      },
    });
    const result = await session.verifySignUp({ verificationcode: '000000' });
    expect(result).toMatchObject({ ok: false, errors: ['The verification code is wrong or has expired.'] });
    expect(session.$pendingCode.get()).not.toBeNull();
  });

  it('Cancel forgets the pending code; verifying without one asks to start again (no call)', async () => {
    const { session, calls, sessionStorage } = await loadStores({
      session: { usercode: JSON.stringify({ ...ids, purpose: 'register', email: details.email }) },
    });
    session.cancelPendingCode();
    expect(sessionStorage.getItem('usercode')).toBeNull();
    expect(await session.verifySignUp({ verificationcode: '123456' })).toMatchObject({
      ok: false,
      status: 0,
    });
    expect(calls).toEqual([]);
  });

  it('a malformed pending code in sessionStorage is ignored', async () => {
    const { session } = await loadStores({ session: { usercode: '{"usercode":1}' } });
    expect(session.$pendingCode.get()).toBeNull();
  });
});

describe('forgot password (DECISIONS 28)', () => {
  it('e-mail, then code and new password twice, then signed in', async () => {
    const { session, calls } = await loadStores({
      routes: {
        'POST /api/account/forgot': { status: 200, body: ids },
        'POST /api/account/reset': { status: 200, body: priya },
      },
    });
    expect(await session.requestPasswordReset({ email: 'priya@example.com' })).toEqual({ ok: true });
    expect(calls[0]?.body).toEqual({ email: 'priya@example.com', clientCode: 'sispl' });
    expect(session.$pendingCode.get()).toMatchObject({ purpose: 'reset' });
    // A sign-up code step cannot use a reset's ids.
    expect(await session.verifySignUp({ verificationcode: '1' })).toMatchObject({ ok: false, status: 0 });

    const reset = { verificationcode: '123456', password: 'monsoon-kite-7', repassword: 'monsoon-kite-7' };
    expect(await session.resetPassword(reset)).toEqual({ ok: true });
    expect(accountCalls(calls).at(-1)).toMatchObject({ body: { ...ids, ...reset } });
    expect(session.$user.get()).toEqual(priya);
    expect(session.$pendingCode.get()).toBeNull();
  });
});

describe('Send the code again (issue 42, item 6)', () => {
  const newIds = { usercode: 'pending_code_second_0123', userkey: 'secret_key_second_0123456789ab' };
  /** Answers the first call with `ids`, every later one with `newIds`. */
  const firstThenNew = () => {
    let answered = 0;
    return async () => ({ status: 200, body: (answered += 1) === 1 ? ids : newIds });
  };

  it('sign-up sends the same details again; the new ids (and when) replace the old', async () => {
    const { session, calls } = await loadStores({
      routes: { 'POST /api/account/sendcode': firstThenNew() },
    });
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    await session.sendSignUpCode(details, 'v2');
    now.mockReturnValue(1_061_000);
    expect(await session.resendSignUpCode()).toEqual({ ok: true });
    expect(calls.map((call) => call.body)).toEqual([
      { ...details, notice: 'v2', clientCode: 'sispl' },
      { ...details, notice: 'v2', clientCode: 'sispl' },
    ]);
    expect(session.$pendingCode.get()).toEqual({
      ...newIds,
      purpose: 'register',
      email: details.email,
      sentAt: 1_061_000,
    });
  });

  it('sign-up after a reload has no details to send: it says so and asks nothing', async () => {
    const { session, calls } = await loadStores({
      session: { usercode: JSON.stringify({ ...ids, purpose: 'register', email: details.email }) },
    });
    expect(await session.resendSignUpCode()).toEqual({
      ok: false,
      status: 0,
      errors: [
        'This page was reloaded, so it no longer has your sign-up details. Press Cancel and send them again for a new code.',
      ],
    });
    expect(calls).toEqual([]);
    expect(session.$pendingCode.get()?.usercode).toBe(ids.usercode);
  });

  it('a reset asks again for the same address; a 429 comes back with its sentence and keeps the code step', async () => {
    const limited = 'Too many attempts in a short time. Please try again in 12 minutes.';
    let answered = 0;
    const { session, calls } = await loadStores({
      routes: {
        'POST /api/account/forgot': async () =>
          (answered += 1) === 1 ? { status: 200, body: ids } : { status: 429, body: { errors: [limited] } },
      },
    });
    await session.requestPasswordReset({ email: 'priya@example.com' });
    expect(await session.resendResetCode()).toEqual({ ok: false, status: 429, errors: [limited] });
    expect(calls.map((call) => call.body)).toEqual([
      { email: 'priya@example.com', clientCode: 'sispl' },
      { email: 'priya@example.com', clientCode: 'sispl' },
    ]);
    expect(session.$pendingCode.get()).toMatchObject({ ...ids, purpose: 'reset' });
  });
});

describe('sign-out (product-spec section 4)', () => {
  it('revokes the session, removes user, course and billing details, empties the cart and goes home', async () => {
    const { session, cart, calls, local } = await loadStores({
      local: {
        user: JSON.stringify(priya),
        course: cachedCart(1),
        billing: JSON.stringify({
          userId: priya.userid,
          billing: { name: 'Priya', country: 'IN', state: '27' },
        }),
      },
      routes: { 'POST /api/account/logout': { status: 204 } },
    });
    const navigate = vi.fn();
    await session.signOut(navigate);
    expect(accountCalls(calls).map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/account/logout',
    ]);
    expect(local()).toEqual({});
    expect(cart.$cartCount.get()).toBe(0);
    expect(session.$user.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('signs out locally even when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { session } = await loadStores({
      local: { user: JSON.stringify(priya) },
      routes: { 'POST /api/account/logout': { status: 503, body: { errors: ['Down.'] } } },
    });
    const navigate = vi.fn();
    await session.signOut(navigate);
    expect(session.$user.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });
});

describe('the account page (DECISIONS 62-63)', () => {
  it('a saved name replaces the cached one, staff mark kept', async () => {
    const { session, local } = await loadStores({
      local: { user: JSON.stringify({ ...priya, staff: true }) },
    });
    session.renameSignedInUser('Priya D');
    expect(session.$user.get()).toEqual({ ...priya, username: 'Priya D', staff: true });
    expect(JSON.parse(local()['user'] ?? '')).toEqual({ ...priya, username: 'Priya D', staff: true });
  });

  it('a closed account is forgotten here with no call and no new page: user, cart and billing go', async () => {
    const { session, cart, calls, local } = await loadStores({
      local: {
        user: JSON.stringify(priya),
        course: cachedCart(1),
        billing: JSON.stringify({
          userId: priya.userid,
          billing: { name: 'Priya', country: 'IN', state: '27' },
        }),
      },
    });
    session.forgetSession();
    expect(accountCalls(calls)).toEqual([]);
    expect(session.$user.get()).toBeNull();
    expect(cart.$cartCount.get()).toBe(0);
    expect(local()).toEqual({});
  });
});
