import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServerEnv } from '~/server/env';
import { createAccount, forgot, reset, type AccountDeps } from '~/server/domain/auth/accounts';
import type { OutgoingMail } from '~/server/domain/mail';
import { startBlobsServer, type RunningBlobsServer } from '../../../../support/blobs-server';

// Every blob call the server sees, as `operation store/key-prefix`: what work was done, in order.
let calls: string[] = [];
let blobs: RunningBlobsServer;
beforeAll(async () => {
  blobs = await startBlobsServer({
    onRequest: ({ type, url }) => {
      const path = decodeURIComponent(new URL(url, 'http://x').pathname).split('/').slice(2);
      calls.push(`${type} ${path[0] ?? ''}/${(path[1] ?? '').split('/')[0] ?? ''}`);
    },
  });
});
afterAll(async () => {
  await blobs.stop();
});

function depsFor(mails: OutgoingMail[], deferred: (() => Promise<unknown>)[]): AccountDeps {
  return {
    mail: { queue: async (mail) => void mails.push(mail) },
    now: () => new Date('2026-11-24T06:00:00Z'),
    settings: parseServerEnv({ SITE_URL: 'https://sis.example' }),
    after: (task) => deferred.push(task),
  };
}

describe('forgot password answers after the same work, account or not (issue 22, item 2)', () => {
  it('does identical storage work before answering, and mails a code only afterwards, only to an account', async () => {
    await createAccount(
      {
        name: 'Asha Kulkarni',
        email: 'asha.forgot@example.com',
        mobile: '9123456780',
        passwordHash: '$scrypt$x',
      },
      new Date(),
    );
    const run = async (email: string) => {
      const mails: OutgoingMail[] = [];
      const deferred: (() => Promise<unknown>)[] = [];
      calls = [];
      const answer = await forgot({ email, clientCode: 'sispl' }, '192.0.2.9', depsFor(mails, deferred));
      const before = [...calls];
      const mailsBeforeAnswer = mails.length;
      await Promise.all(deferred.map((task) => task()));
      return { answer, before, mailsBeforeAnswer, mails };
    };
    const known = await run('asha.forgot@example.com');
    const unknown = await run('nobody.forgot@example.com');
    expect(known.before).toEqual(unknown.before);
    expect(Object.keys(known.answer)).toEqual(Object.keys(unknown.answer));
    expect([known.mailsBeforeAnswer, unknown.mailsBeforeAnswer]).toEqual([0, 0]);
    expect(unknown.mails).toEqual([]);
    expect(known.mails).toHaveLength(1);

    // The code mailed after the answer resets the password.
    const code = /code: (\d{6})/.exec(known.mails[0]!.text)![1]!;
    const signedIn = await reset(
      { ...known.answer, verificationcode: code, password: 'new-secret1', repassword: 'new-secret1' },
      depsFor([], []),
    );
    expect(signedIn.user.username).toBe('Asha Kulkarni');
  });
});
