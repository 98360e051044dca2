import { beforeEach, describe, expect, it } from 'vitest';
import { parseServerEnv } from '~/server/env';
import * as z from 'zod/mini';
import { RegisterRequestSchema, SendCodeRequestSchema } from '~/lib/shared/schemas/account';
import {
  ACCOUNT_ERRORS,
  createAccount,
  forgot,
  login,
  register,
  reset,
  sendCode,
  type AccountDeps,
} from '~/server/domain/auth/accounts';
import { CODE_TTL_MS, MAX_CODE_TRIES, sha256 } from '~/server/domain/auth/codes';
import { hashPassword } from '~/server/domain/auth/passwords';
import { createSession, resolveSession } from '~/server/domain/auth/sessions';
import { FREE_FAILURES } from '~/server/domain/auth/login-limit';
import { RateLimited, Unauthorized, ValidationError, waitInWords } from '~/server/domain/errors';
import type { OutgoingMail } from '~/server/domain/mail';
import { openStore } from '~/server/storage/blob-store';
import { claimIndex, emailIndexKey, findUsersByMobile, STALE_CLAIM_MS } from '~/server/storage/users';
import { useBlobsServer } from '../../../../support/blobs-server';

useBlobsServer();

let clock: Date;
let mails: OutgoingMail[];
let deps: AccountDeps;
let seq = 0;
beforeEach(() => {
  clock = new Date('2026-11-22T06:00:00.000Z');
  mails = [];
  deps = {
    mail: { queue: async (mail) => void mails.push(mail) },
    now: () => clock,
    settings: parseServerEnv({ SITE_URL: 'https://sis.example' }),
  };
});

/** A sign-up with a fresh e-mail and mobile, so tests never meet each other's accounts. */
function signUpInput(overrides: Record<string, string> = {}) {
  seq += 1;
  return z.parse(SendCodeRequestSchema, {
    name: 'Asha Kulkarni',
    mobile: String(9_000_000_000 + seq * 7919),
    email: `asha${seq}@example.com`,
    password: 'teak-lantern-42',
    repassword: 'teak-lantern-42',
    clientCode: 'sispl',
    ...overrides,
  });
}

const codeIn = (mail: OutgoingMail | undefined) => /code: (\d{6})/.exec(mail?.text ?? '')?.[1];
const address = () => `203.0.113.${seq % 250}`;

async function signUp(overrides: Record<string, string> = {}) {
  const input = signUpInput(overrides);
  const pending = await sendCode(input, address(), deps);
  const code = codeIn(mails.at(-1));
  const body = z.parse(RegisterRequestSchema, {
    ...input,
    ...pending,
    verificationcode: code ?? '000000',
    status: 1,
  });
  return { input, pending, code, body };
}

describe('sign-up with an e-mailed code', () => {
  it('mails a 6-digit code and creates the account from the stored details', async () => {
    const { input, code, body } = await signUp();
    expect(code).toMatch(/^[1-9]\d{5}$/);
    expect(mails.at(-1)?.to).toEqual([input.email]);
    // The body's sign-up fields are validated but the stored ones are used.
    const signedIn = await register({ ...body, name: 'Someone Else' }, deps);
    expect(signedIn.user.username).toBe('Asha Kulkarni');
    expect(signedIn.user.userid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await resolveSession(signedIn.session.token, clock)).toMatchObject({
      userId: signedIn.user.userid,
    });
  });

  it('mails an unproved address no text the requester chose: not even the name (issue 22, item 4)', async () => {
    const lure = '\u2800\u2800URGENT: account blocked. Call 0000 or visit evil.example/kyc';
    const input = signUpInput({ name: `Asha ${lure}` });
    await sendCode(input, address(), deps);
    const mail = mails.at(-1)!;
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('Asha');
      expect(part).not.toContain('URGENT');
      expect(part).not.toContain('evil.example');
    }
    expect(mail.text).toMatch(/^Hello,/);
    // The same for the mail an already-registered address gets.
    await sendCode({ ...signUpInput({ name: lure }), email: input.email }, address(), deps);
    expect(mails.at(-1)!.text).not.toContain('URGENT');
  });

  it('refuses a wrong code, and voids the code after 5 wrong tries', async () => {
    const { body, code } = await signUp();
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 1; i < MAX_CODE_TRIES; i += 1) {
      await expect(register({ ...body, verificationcode: wrong }, deps)).rejects.toThrow(
        ACCOUNT_ERRORS.wrongCode,
      );
    }
    await expect(register({ ...body, verificationcode: wrong }, deps)).rejects.toThrow(
      ACCOUNT_ERRORS.tooManyTries,
    );
    await expect(register(body, deps)).rejects.toThrow(ACCOUNT_ERRORS.tooManyTries);
  });

  it('refuses an expired code', async () => {
    const { body } = await signUp();
    clock = new Date(clock.getTime() + CODE_TTL_MS);
    await expect(register(body, deps)).rejects.toThrow(ACCOUNT_ERRORS.wrongCode);
  });

  it('voids the previous code when a new one is sent for the same e-mail', async () => {
    const first = await signUp();
    const second = await sendCode(first.input, address(), deps);
    await expect(register(first.body, deps)).rejects.toThrow(ACCOUNT_ERRORS.wrongCode);
    const secondCode = codeIn(mails.at(-1));
    expect(
      (await register({ ...first.body, ...second, verificationcode: secondCode! }, deps)).user.username,
    ).toBe('Asha Kulkarni');
  });

  it('a code works once, and needs its userkey', async () => {
    const { body } = await signUp();
    await expect(register({ ...body, userkey: 'x'.repeat(32) }, deps)).rejects.toThrow(
      ACCOUNT_ERRORS.wrongCode,
    );
    await register(body, deps);
    await expect(register(body, deps)).rejects.toThrow(ACCOUNT_ERRORS.wrongCode);
  });

  it('for a registered e-mail answers the same shape, mails no code, and register fails like a wrong code', async () => {
    const first = await signUp();
    await register(first.body, deps);
    const again = await sendCode({ ...first.input, mobile: '9123456789' }, address(), deps);
    expect(Object.keys(again).sort()).toEqual(['usercode', 'userkey']);
    expect(codeIn(mails.at(-1))).toBeUndefined();
    expect(mails.at(-1)?.text).toContain('already has an account');
    await expect(
      register({ ...first.body, ...again, verificationcode: first.code! }, deps),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('lets any number of accounts hold one mobile number: five throwaway ones never lock its owner out (DECISIONS 42)', async () => {
    const number = signUpInput().mobile;
    const throwaways = [];
    for (let holder = 1; holder <= 5; holder += 1) {
      clock = new Date(clock.getTime() + 60_000);
      const next = await signUp({
        mobile: number,
        password: 'throwaway-pass-1',
        repassword: 'throwaway-pass-1',
      });
      throwaways.push((await register(next.body, deps)).user.userid);
    }
    clock = new Date(clock.getTime() + 60_000);
    const owner = await signUp({ mobile: number });
    const signedUp = await register(owner.body, deps);
    expect(signedUp.user.username).toBe('Asha Kulkarni');
    // Newest of the holders: the owner signs in by mobile, and by e-mail.
    for (const id of [number, owner.input.email]) {
      const signedIn = await login(
        { mobile: id, password: 'teak-lantern-42', clientCode: 'sispl' },
        address(),
        deps,
      );
      expect(signedIn.user.userid).toBe(signedUp.user.userid);
    }
    // A sign-in by mobile tries the five newest holders: the oldest throwaway is no longer one of them.
    const throwawayIn = (
      await login({ mobile: number, password: 'throwaway-pass-1', clientCode: 'sispl' }, address(), deps)
    ).user.userid;
    expect(throwaways.slice(1)).toContain(throwawayIn);
    expect((await findUsersByMobile(number)).map((user) => user.userId)).toEqual([
      ...throwaways.slice(1),
      signedUp.user.userid,
    ]);
  });

  it('signs the oldest holder of a busy number in by e-mail, however many joined after', async () => {
    const first = await signUp({ password: 'first-holder-9', repassword: 'first-holder-9' });
    const { user } = await register(first.body, deps);
    for (let holder = 2; holder <= 7; holder += 1) {
      clock = new Date(clock.getTime() + 60_000);
      await register((await signUp({ mobile: first.input.mobile })).body, deps);
    }
    await expect(
      login({ mobile: first.input.mobile, password: 'first-holder-9', clientCode: 'sispl' }, address(), deps),
    ).rejects.toBeInstanceOf(Unauthorized);
    const byEmail = await login(
      { mobile: first.input.email, password: 'first-holder-9', clientCode: 'sispl' },
      address(),
      deps,
    );
    expect(byEmail.user.userid).toBe(user.userid);
  });
});

describe('guessing codes has a daily budget (issue 22, item 7)', () => {
  const guessUntilVoid = async (body: z.output<typeof RegisterRequestSchema>, code: string | undefined) => {
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < MAX_CODE_TRIES; i += 1)
      await register({ ...body, verificationcode: wrong }, deps).catch(() => undefined);
  };
  const waitOf = (error: unknown) => (error instanceof RateLimited ? error.retryAfterSeconds : 0);

  it('after a voided code the address waits 5 minutes for the next, then 10, and so on', async () => {
    const first = await signUp();
    await guessUntilVoid(first.body, first.code);
    expect(waitOf(await sendCode(first.input, address(), deps).catch((e: unknown) => e))).toBe(300);
    clock = new Date(clock.getTime() + 300_000);
    const second = await sendCode(first.input, address(), deps);
    const body = { ...first.body, ...second };
    await guessUntilVoid(body, codeIn(mails.at(-1)));
    expect(waitOf(await sendCode(first.input, address(), deps).catch((e: unknown) => e))).toBe(600);
  });

  it('lets a college lab of 60 sign up from one address in an hour, and tells one e-mail asking too often how long to wait (issue 42, item 7)', async () => {
    const lab = '198.51.100.7';
    for (let seat = 0; seat < 60; seat += 1) {
      clock = new Date(clock.getTime() + 55_000);
      await sendCode(signUpInput(), lab, deps);
    }
    const input = signUpInput();
    for (let i = 0; i < 5; i += 1) await sendCode(input, lab, deps);
    const refused = await sendCode(input, lab, deps).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimited);
    const wait = (refused as RateLimited).retryAfterSeconds;
    expect((refused as RateLimited).messages).toEqual([
      `Too many attempts in a short time. Please try again in ${waitInWords(wait)}.`,
    ]);
    expect(waitInWords(wait)).toMatch(/^(a minute|\d+ minutes|an hour)$/);
  });

  it('gives one address at most 10 codes a day, whatever the hour', async () => {
    const input = signUpInput();
    clock = new Date('2026-11-23T00:00:00.000Z');
    const results: unknown[] = [];
    for (let i = 0; i < 11; i += 1) {
      // Two an hour: well inside the hourly limit.
      if (i % 2 === 0) clock = new Date(clock.getTime() + 60 * 60 * 1000);
      results.push(await sendCode(input, address(), deps).catch((e: unknown) => e));
    }
    expect(results.slice(0, 10).every((result) => !(result instanceof Error))).toBe(true);
    expect(results[10]).toBeInstanceOf(RateLimited);
  });

  it('20 parallel resets with one right code: exactly one succeeds (issue 17, item 3)', async () => {
    const { input, body } = await signUp();
    await register(body, deps);
    const pending = await forgot({ email: input.email, clientCode: 'sispl' }, address(), deps);
    const code = codeIn(mails.at(-1))!;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        reset(
          { ...pending, verificationcode: code, password: 'monsoon-kite-9', repassword: 'monsoon-kite-9' },
          deps,
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('passwords (DECISIONS 43)', () => {
  it('refuses a commonly used password at sign-up and at reset, before anything is stored or a code spent', async () => {
    const before = mails.length;
    for (const common of ['password1', 'Qwerty123', 'iloveyou1']) {
      const error = await sendCode(
        signUpInput({ password: common, repassword: common }),
        address(),
        deps,
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).messages).toEqual(['This password is too common. Choose another.']);
    }
    expect(mails).toHaveLength(before);
    const { input, body } = await signUp();
    await register(body, deps);
    const pending = await forgot({ email: input.email, clientCode: 'sispl' }, address(), deps);
    const code = codeIn(mails.at(-1))!;
    await expect(
      reset({ ...pending, verificationcode: code, password: '12345678', repassword: '12345678' }, deps),
    ).rejects.toThrow('This password is too common. Choose another.');
    // The code was not spent: a good password still goes through with it.
    const signedIn = await reset(
      { ...pending, verificationcode: code, password: 'monsoon-kite-8', repassword: 'monsoon-kite-8' },
      deps,
    );
    expect(signedIn.user.username).toBe('Asha Kulkarni');
  });
});

describe('a mobile index stored before numbers were shared', () => {
  it('still signs its holder in by mobile, and takes more holders', async () => {
    const { input, body } = await signUp();
    const { user } = await register(body, deps);
    // The record as the unique index wrote it: one user id.
    await openStore('users').update(`by-mobile/${input.mobile}`, z.any(), () => ({
      userId: user.userid,
      claimedAt: clock.toISOString(),
    }));
    const signedIn = await login(
      { mobile: input.mobile, password: 'teak-lantern-42', clientCode: 'sispl' },
      address(),
      deps,
    );
    expect(signedIn.user.userid).toBe(user.userid);
    const next = await signUp({ mobile: input.mobile });
    await register(next.body, deps);
    expect((await findUsersByMobile(input.mobile)).map((holder) => holder.email)).toEqual([
      input.email,
      next.input.email,
    ]);
  });
});

describe('unique e-mail and mobile under concurrency', () => {
  it('50 parallel registrations of one e-mail make exactly one account', async () => {
    const passwordHash = await hashPassword('teak-lantern-42');
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        createAccount(
          { name: 'Race', email: 'race@example.com', mobile: String(8_000_000_000 + i), passwordHash },
          clock,
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const winner = results.find((result) => result.status === 'fulfilled');
    const signedIn = await login(
      { mobile: 'race@example.com', password: 'teak-lantern-42', clientCode: 'sispl' },
      '198.51.100.1',
      deps,
    );
    expect(signedIn.user.userid).toBe(winner?.status === 'fulfilled' ? winner.value.userId : undefined);
    // The losers gave their places among the mobile's holders back: one account holds it.
    expect(await findUsersByMobile(winner?.status === 'fulfilled' ? winner.value.mobile : '')).toHaveLength(
      1,
    );
    expect(await findUsersByMobile('8000000001')).toHaveLength(
      winner?.status === 'fulfilled' && winner.value.mobile === '8000000001' ? 1 : 0,
    );
  });

  it('50 parallel registrations of one mobile make 50 accounts, the number naming the five newest', async () => {
    const passwordHash = await hashPassword('teak-lantern-42');
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        createAccount(
          { name: 'Race', email: `mobile-race-${i}@example.com`, mobile: '7000000000', passwordHash },
          clock,
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(50);
    expect(await findUsersByMobile('7000000000')).toHaveLength(5);
  });
});

describe('sign-in', () => {
  it('accepts the e-mail (any case) or the mobile number, and refuses the same way for a wrong password or an unknown user', async () => {
    const { input, body } = await signUp();
    await register(body, deps);
    for (const id of [input.email.toUpperCase(), input.mobile]) {
      const signedIn = await login(
        { mobile: id, password: 'teak-lantern-42', clientCode: 'sispl' },
        address(),
        deps,
      );
      expect(signedIn.user.username).toBe('Asha Kulkarni');
    }
    for (const attempt of [
      { mobile: input.email, password: 'wrong-password' },
      { mobile: 'nobody@example.com', password: 'teak-lantern-42' },
      { mobile: '12345', password: 'teak-lantern-42' },
    ]) {
      const error = await login({ ...attempt, clientCode: 'sispl' }, address(), deps).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Unauthorized);
      expect((error as Unauthorized).messages).toEqual(['Wrong e-mail, mobile number or password.']);
    }
  });

  it('counts wrong passwords per account whichever identifier names it, with waits that grow', async () => {
    const { input, body } = await signUp();
    await register(body, deps);
    const attempt = (id: string, password: string) =>
      login({ mobile: id, password, clientCode: 'sispl' }, `198.51.100.${seq % 200}`, deps).catch(
        (e: unknown) => e,
      );
    // Ten free wrong tries, by e-mail and by mobile alike.
    for (let i = 0; i < FREE_FAILURES; i += 1) {
      expect(await attempt(i % 2 ? input.mobile : input.email, 'wrong-password')).toBeInstanceOf(
        Unauthorized,
      );
    }
    const waits: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const error = await attempt(input.mobile, 'wrong-password');
      expect(error).toBeInstanceOf(RateLimited);
      waits.push((error as RateLimited).retryAfterSeconds);
      // While it waits, even the right password is not tried, by either identifier.
      expect(await attempt(input.email, 'teak-lantern-42')).toBeInstanceOf(RateLimited);
      clock = new Date(clock.getTime() + waits.at(-1)! * 1000);
    }
    expect(waits).toEqual([30, 60, 120]);
    // After the wait, the right password signs in and the count starts again.
    expect(
      ((await attempt(input.email, 'teak-lantern-42')) as { user: { username: string } }).user.username,
    ).toBe('Asha Kulkarni');
    expect(await attempt(input.mobile, 'wrong-password')).toBeInstanceOf(Unauthorized);
  });

  it('limits an unknown identifier the same way, so the answers never tell it apart', async () => {
    const id = `nobody-${seq}@example.com`;
    for (let i = 0; i < FREE_FAILURES; i += 1) {
      expect(
        await login({ mobile: id, password: 'x', clientCode: 'sispl' }, `198.51.100.${i + 10}`, deps).catch(
          (e: unknown) => e,
        ),
      ).toBeInstanceOf(Unauthorized);
    }
    const error = await login(
      { mobile: id, password: 'x', clientCode: 'sispl' },
      '198.51.100.99',
      deps,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).retryAfterSeconds).toBe(30);
  });
});

describe('password reset', () => {
  it('mails a code only for an existing account, but answers the same shape', async () => {
    const { input, body } = await signUp();
    await register(body, deps);
    const before = mails.length;
    const unknown = await forgot({ email: 'nobody-here@example.com', clientCode: 'sispl' }, address(), deps);
    expect(Object.keys(unknown).sort()).toEqual(['usercode', 'userkey']);
    expect(mails).toHaveLength(before);
    const known = await forgot({ email: input.email, clientCode: 'sispl' }, address(), deps);
    expect(Object.keys(known).sort()).toEqual(['usercode', 'userkey']);
    expect(mails).toHaveLength(before + 1);
    await expect(
      reset(
        { ...unknown, verificationcode: '123456', password: 'monsoon-kite-7', repassword: 'monsoon-kite-7' },
        deps,
      ),
    ).rejects.toThrow(ACCOUNT_ERRORS.wrongCode);
  });

  it('sets the new password, revokes every other session and signs in', async () => {
    const { input, body } = await signUp();
    const { user } = await register(body, deps);
    const old = await createSession(user.userid, clock);
    const pending = await forgot({ email: input.email, clientCode: 'sispl' }, address(), deps);
    const code = codeIn(mails.at(-1))!;
    const signedIn = await reset(
      { ...pending, verificationcode: code, password: 'monsoon-kite-7', repassword: 'monsoon-kite-7' },
      deps,
    );
    expect(signedIn.user.userid).toBe(user.userid);
    expect(await resolveSession(old.token, clock)).toBeUndefined();
    expect(await resolveSession(signedIn.session.token, clock)).toBeDefined();
    await expect(
      login({ mobile: input.email, password: 'teak-lantern-42', clientCode: 'sispl' }, address(), deps),
    ).rejects.toThrow(Unauthorized);
    expect(
      (await login({ mobile: input.email, password: 'monsoon-kite-7', clientCode: 'sispl' }, address(), deps))
        .user.userid,
    ).toBe(user.userid);
  });
});

describe('an account creation cut short by a crash', () => {
  it('blocks its e-mail only until the claim is stale, then the address can be registered', async () => {
    const passwordHash = await hashPassword('teak-lantern-42');
    // A crash after the e-mail index, before the record: the index names an account that never came.
    await claimIndex(emailIndexKey(sha256('crashed@example.com')), 'never-written-user-id', clock);
    const details = { name: 'After', email: 'crashed@example.com', mobile: '6000000001', passwordHash };
    await expect(createAccount(details, clock)).rejects.toBeInstanceOf(ValidationError);
    const later = new Date(clock.getTime() + STALE_CLAIM_MS);
    expect((await createAccount(details, later)).email).toBe('crashed@example.com');
  });
});
