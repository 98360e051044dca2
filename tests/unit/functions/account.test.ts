import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStore } from '~/server/storage/blob-store';
import { getQueuedMail } from '~/server/storage/mail-queue';
import forgotHandler, { config as forgotConfig } from '../../../netlify/functions/account-forgot.mts';
import loginHandler, { config as loginConfig } from '../../../netlify/functions/account-login.mts';
import logoutHandler, { config as logoutConfig } from '../../../netlify/functions/account-logout.mts';
import meHandler, { config as meConfig } from '../../../netlify/functions/account-me.mts';
import registerHandler, { config as registerConfig } from '../../../netlify/functions/account-register.mts';
import resetHandler, { config as resetConfig } from '../../../netlify/functions/account-reset.mts';
import sendcodeHandler, { config as sendcodeConfig } from '../../../netlify/functions/account-sendcode.mts';
import { browserHeaders } from '../../support/browser-headers';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';

type Handler = (request: Request) => Promise<Response>;
let ip = 0;

async function call(
  handler: Handler,
  path: string,
  body?: unknown,
  options: { session?: string; method?: string } = {},
) {
  return handler(
    new Request(`http://localhost${path}`, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers: {
        'content-type': 'application/json',
        ...(await browserHeaders(options.session)),
        'x-nf-client-connection-ip': `192.0.2.${(ip = (ip % 250) + 1)}`,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    }),
  );
}

const sessionOf = (response: Response) =>
  /(?:^|,\s*)session=([^;]*)/.exec(response.headers.getSetCookie().join(', '))?.[1];

async function codeOf(key: string): Promise<string> {
  const mail = await getQueuedMail(key);
  return /code: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
}

let n = 0;
function person() {
  n += 1;
  return {
    name: 'Ravi Patil',
    mobile: String(9_100_000_000 + n),
    email: `ravi${n}@example.in`,
    password: 'teak-lantern-42',
    repassword: 'teak-lantern-42',
    clientCode: 'sispl',
  };
}

/** Signs a new person up through the endpoints; resolves to their details, user and session token. */
async function signUp() {
  const details = person();
  const pending = (await (await call(sendcodeHandler, '/api/account/sendcode', details)).json()) as {
    usercode: string;
    userkey: string;
  };
  const verificationcode = await codeOf(`account-sign-up-${pending.usercode}`);
  const response = await call(registerHandler, '/api/account/register', {
    ...details,
    ...pending,
    verificationcode,
    status: 1,
  });
  return {
    details,
    response,
    user: (await response.json()) as { userid: string; username: string },
    session: sessionOf(response)!,
  };
}

let blobs: RunningBlobsServer;
beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  blobs = await startBlobsServer();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await blobs.stop();
});

describe('account endpoints (API.md, Accounts)', () => {
  it('are routed at the paths of API.md', () => {
    expect(
      [meConfig, sendcodeConfig, registerConfig, loginConfig, logoutConfig, forgotConfig, resetConfig].map(
        (c) => c.path,
      ),
    ).toEqual([
      '/api/account/me',
      '/api/account/sendcode',
      '/api/account/register',
      '/api/account/login',
      '/api/account/logout',
      '/api/account/forgot',
      '/api/account/reset',
    ]);
  });

  it('sign-up: sendcode 200 {usercode, userkey}, register 201 {userid, username} with an HttpOnly session cookie', async () => {
    const { response, user } = await signUp();
    expect(response.status).toBe(201);
    expect(user).toEqual({ userid: expect.any(String), username: 'Ravi Patil' });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);
  });

  it('me: 200 for the session user, 401 when signed out', async () => {
    const { user, session } = await signUp();
    const me = await call(meHandler, '/api/account/me', undefined, { session });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(user);
    const out = await call(meHandler, '/api/account/me');
    expect(out.status).toBe(401);
    expect(await out.json()).toEqual({ errors: [expect.any(String)] });
  });

  it('register with a wrong code: 400 with the sentence of API.md', async () => {
    const details = person();
    const pending = await (await call(sendcodeHandler, '/api/account/sendcode', details)).json();
    const response = await call(registerHandler, '/api/account/register', {
      ...details,
      ...pending,
      verificationcode: '000000',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: ['The verification code is wrong or has expired.'] });
  });

  it('register with a mobile another account holds: 201 like any sign-up, and each holder signs in by it with their own password', async () => {
    const first = await signUp();
    const details = {
      ...person(),
      mobile: first.details.mobile,
      password: 'other-secret9',
      repassword: 'other-secret9',
    };
    const pending = (await (await call(sendcodeHandler, '/api/account/sendcode', details)).json()) as {
      usercode: string;
    };
    const verificationcode = await codeOf(`account-sign-up-${pending.usercode}`);
    const response = await call(registerHandler, '/api/account/register', {
      ...details,
      ...pending,
      verificationcode,
    });
    expect(response.status).toBe(201);
    const second = (await response.json()) as { userid: string };
    for (const [password, userid] of [
      ['teak-lantern-42', first.user.userid],
      ['other-secret9', second.userid],
    ]) {
      const signedIn = await call(loginHandler, '/api/account/login', {
        mobile: first.details.mobile,
        password,
        clientCode: 'sispl',
      });
      expect(signedIn.status).toBe(200);
      expect(((await signedIn.json()) as { userid: string }).userid).toBe(userid);
    }
  });

  it('login: 200 with a cookie by e-mail or mobile; 401 Wrong e-mail, mobile number or password. otherwise', async () => {
    const { details, user } = await signUp();
    for (const id of [details.email, details.mobile]) {
      const response = await call(loginHandler, '/api/account/login', {
        mobile: id,
        password: 'teak-lantern-42',
        clientCode: 'sispl',
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(user);
      expect(sessionOf(response)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    for (const body of [
      { mobile: details.email, password: 'wrong-one', clientCode: 'sispl' },
      { mobile: 'unknown@example.in', password: 'teak-lantern-42', clientCode: 'sispl' },
    ]) {
      const response = await call(loginHandler, '/api/account/login', body);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ errors: ['Wrong e-mail, mobile number or password.'] });
    }
  });

  it('logout: 204, revokes the session and clears the cookie; 204 also when signed out', async () => {
    const { session } = await signUp();
    const response = await call(logoutHandler, '/api/account/logout', undefined, { session, method: 'POST' });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().find((c) => c.startsWith('session='))).toMatch(/Max-Age=0/);
    expect((await call(meHandler, '/api/account/me', undefined, { session })).status).toBe(401);
    expect((await call(logoutHandler, '/api/account/logout', undefined, { method: 'POST' })).status).toBe(
      204,
    );
  });

  it('forgot + reset: same answer for unknown e-mails; reset signs in and revokes other sessions', async () => {
    const { details, session: old } = await signUp();
    const unknown = await call(forgotHandler, '/api/account/forgot', {
      email: 'no-one@example.in',
      clientCode: 'sispl',
    });
    const known = await call(forgotHandler, '/api/account/forgot', {
      email: details.email,
      clientCode: 'sispl',
    });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    const pending = (await known.json()) as { usercode: string; userkey: string };
    expect(Object.keys((await unknown.json()) as object).sort()).toEqual(Object.keys(pending).sort());
    const verificationcode = await codeOf(`account-reset-${pending.usercode}`);
    const response = await call(resetHandler, '/api/account/reset', {
      ...pending,
      verificationcode,
      password: 'brand-new-1',
      repassword: 'brand-new-1',
    });
    expect(response.status).toBe(200);
    expect(sessionOf(response)).toBeDefined();
    expect((await call(meHandler, '/api/account/me', undefined, { session: old })).status).toBe(401);
    expect(
      (await call(meHandler, '/api/account/me', undefined, { session: sessionOf(response)! })).status,
    ).toBe(200);
  });

  it('refuses a POST without the XSRF token with 403', async () => {
    const response = await sendcodeHandler(
      new Request('http://localhost/api/account/sendcode', {
        method: 'POST',
        body: JSON.stringify(person()),
      }),
    );
    expect(response.status).toBe(403);
  });

  it('answers sendcode and forgot 429 with Retry-After for one e-mail asked too often', async () => {
    const details = person();
    for (let i = 0; i < 5; i += 1)
      expect(
        (await call(forgotHandler, '/api/account/forgot', { email: details.email, clientCode: 'sispl' }))
          .status,
      ).toBe(200);
    const response = await call(forgotHandler, '/api/account/forgot', {
      email: details.email,
      clientCode: 'sispl',
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('1,000 malformed bodies to each POST endpoint', () => {
  const stores = ['users', 'account-codes', 'sessions'] as const;
  const snapshot = async () => Promise.all(stores.map(async (name) => (await openStore(name).list()).length));
  const field = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.constant(null),
    fc.boolean(),
    fc.object(),
    fc.array(fc.string()),
  );
  const keys = [
    'name',
    'mobile',
    'email',
    'password',
    'repassword',
    'clientCode',
    'verificationcode',
    'usercode',
    'userkey',
    'status',
  ];
  const malformed = fc.oneof(
    fc.string(),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.dictionary(fc.constantFrom(...keys), field).map((value) => JSON.stringify(value)),
    fc.constantFrom('', '{', 'null', '[]', '{"clientCode":"sispl"}', '{"__proto__":{"x":1}}', '\u0000'),
  );

  it.each([
    ['sendcode', sendcodeHandler],
    ['register', registerHandler],
    ['login', loginHandler],
    ['forgot', forgotHandler],
    ['reset', resetHandler],
    ['logout', logoutHandler],
  ] as const)(
    '%s: never a 5xx, only plain sentences, nothing stored',
    async (name, handler) => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(malformed, async (body) => {
          const response = await call(handler, `/api/account/${name}`, body, { method: 'POST' });
          expect(response.status).toBeLessThan(500);
          if (response.status === 204) return;
          expect(response.status).toBe(400);
          const json = (await response.json()) as { errors: string[] };
          for (const message of json.errors) expect(message).not.toMatch(/Invalid input|expected|received/);
        }),
        { numRuns: 1000 },
      );
      expect(await snapshot()).toEqual(before);
    },
    60_000,
  );
});
