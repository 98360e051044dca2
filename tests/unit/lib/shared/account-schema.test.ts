import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  ACCOUNT_HINTS,
  internationalMobile,
  LoginRequestSchema,
  parseSignInId,
  RegisterRequestSchema,
  ResetRequestSchema,
  SendCodeRequestSchema,
  VerificationFieldsSchema,
} from '~/lib/shared/schemas/account';

const valid = {
  name: 'Asha Kulkarni',
  mobile: '9876543210',
  email: 'asha@example.com',
  password: 'teak-lantern-1',
  repassword: 'teak-lantern-1',
  clientCode: 'sispl',
};

const messagesFor = (schema: z.ZodMiniType, input: unknown) => {
  const result = z.safeParse(schema, input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('sign-up rules (product-spec section 5)', () => {
  it('accepts valid details, trims the name and lower-cases the e-mail as typed', () => {
    expect(
      z.parse(SendCodeRequestSchema, { ...valid, name: '  Asha  ', email: 'Asha@Example.COM' }),
    ).toMatchObject({
      name: 'Asha',
      email: 'asha@example.com',
    });
  });

  it.each([
    ['+91 98765 43210', '9876543210'],
    ['098765-43210', '9876543210'],
    ['98765 43210', '9876543210'],
  ])(
    'takes the mobile %j as typed and keeps its 10 digits %s, never cut short (DECISIONS 24)',
    (mobile, kept) => {
      expect(z.parse(SendCodeRequestSchema, { ...valid, mobile }).mobile).toBe(kept);
    },
  );

  it.each([
    ['an empty name', { name: ' ' }, [ACCOUNT_HINTS.name]],
    [
      'a name with a bidi override',
      { name: 'Asha\u202E' },
      ['Name can only contain letters, digits, spaces and punctuation.'],
    ],
    ['a 9-digit mobile', { mobile: '987654321' }, [ACCOUNT_HINTS.mobile]],
    ['an 11-digit mobile', { mobile: '98765432100' }, [ACCOUNT_HINTS.mobile]],
    ['a mobile with letters', { mobile: '98765abcde' }, [ACCOUNT_HINTS.mobile]],
    ['an e-mail with a 64-letter ending', { email: `a@example.${'x'.repeat(64)}` }, [ACCOUNT_HINTS.email]],
    ['an e-mail without @', { email: 'asha.example.com' }, [ACCOUNT_HINTS.email]],
    ['a 7-character password', { password: 'lantern', repassword: 'lantern' }, [ACCOUNT_HINTS.password]],
    ['a re-password that differs', { repassword: 'teak-lantern-2' }, [ACCOUNT_HINTS.mismatch]],
    ['an empty re-password', { repassword: '' }, [ACCOUNT_HINTS.repassword]],
    ['another client code', { clientCode: 'sis' }, [ACCOUNT_HINTS.clientCode]],
  ])('refuses %s with its hint', (_label, change, messages) => {
    expect(messagesFor(SendCodeRequestSchema, { ...valid, ...change })).toEqual(messages);
  });

  it('answers hints, not library wording, for an empty body', () => {
    expect(messagesFor(SendCodeRequestSchema, {}).sort()).toEqual(
      [
        ACCOUNT_HINTS.name,
        ACCOUNT_HINTS.mobile,
        ACCOUNT_HINTS.email,
        ACCOUNT_HINTS.password,
        ACCOUNT_HINTS.repassword,
        ACCOUNT_HINTS.clientCode,
      ].sort(),
    );
  });

  it('limits the verification code to 10 characters and requires it', () => {
    expect(messagesFor(VerificationFieldsSchema, { verificationcode: '' })).toEqual([
      ACCOUNT_HINTS.verificationCode,
    ]);
    expect(messagesFor(VerificationFieldsSchema, { verificationcode: '12345678901' })).toEqual([
      ACCOUNT_HINTS.verificationCodeTooLong,
    ]);
    expect(messagesFor(VerificationFieldsSchema, { verificationcode: '123456' })).toEqual([]);
  });

  it('register needs the pending ids and the code besides the sign-up fields', () => {
    const ids = { usercode: 'a'.repeat(32), userkey: 'b'.repeat(32), verificationcode: '123456', status: 1 };
    expect(messagesFor(RegisterRequestSchema, { ...valid, ...ids })).toEqual([]);
    expect(messagesFor(RegisterRequestSchema, { ...valid, ...ids, usercode: '../x' })).toEqual([
      ACCOUNT_HINTS.pendingCode,
    ]);
    expect(
      messagesFor(ResetRequestSchema, {
        usercode: ids.usercode,
        userkey: ids.userkey,
        verificationcode: ids.verificationcode,
        password: 'abcdefgh',
        repassword: 'abcdefgi',
      }),
    ).toEqual([ACCOUNT_HINTS.mismatch]);
  });
});

describe('sign-in rules', () => {
  it('needs both fields', () => {
    expect(messagesFor(LoginRequestSchema, { mobile: '', password: '', clientCode: 'sispl' })).toEqual([
      ACCOUNT_HINTS.signInId,
      ACCOUNT_HINTS.signInPassword,
    ]);
  });

  it('reads the identifier as an e-mail or a 10-digit mobile', () => {
    expect(parseSignInId(' Asha@Example.com ')).toEqual({ email: 'asha@example.com' });
    expect(parseSignInId('98765 43210')).toEqual({ mobile: '9876543210' });
    expect(parseSignInId('12345')).toBeUndefined();
    expect(parseSignInId('asha@')).toBeUndefined();
  });

  it('takes a mobile number from outside India in international form (DECISIONS 52)', () => {
    const parsed = (mobile: string) => z.safeParse(SendCodeRequestSchema, { ...valid, mobile });
    expect(parsed('+1 415 555 0134').data?.mobile).toBe('+14155550134');
    expect(parsed('+44 (20) 7946-0958').data?.mobile).toBe('+442079460958');
    // Indian numbers stay ten digits, however typed.
    expect(parsed('+91 98765 43210').data?.mobile).toBe('9876543210');
    for (const wrong of ['+1234567', '+1234567890123456', '1 415 555 0134', '+1 415 555 O134'])
      expect(messagesFor(SendCodeRequestSchema, { ...valid, mobile: wrong })).toEqual([ACCOUNT_HINTS.mobile]);
    expect(parseSignInId('+1 415-555-0134')).toEqual({ mobile: '+14155550134' });
    expect(internationalMobile('9876543210')).toBe('+919876543210');
    expect(internationalMobile('+14155550134')).toBe('+14155550134');
  });
});
