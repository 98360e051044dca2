import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_HINTS,
  ContactFieldsSchema,
  ContactRequestSchema,
  normaliseIndianPhone,
} from '~/lib/shared/schemas/contact';

const valid = {
  name: 'Asha Kulkarni',
  phone: '9876543210',
  email: 'asha@example.com',
  message: 'Please send a quote for the inventory system.',
  client: 'sis',
};

const messagesFor = (input: unknown) => {
  const result = ContactRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('contact schema: the rules of product-spec section 5 and DECISIONS 22-23', () => {
  it('accepts a valid message and normalises it', () => {
    expect(ContactRequestSchema.parse({ ...valid, name: '  Asha  ', email: ' Asha@Example.COM ' })).toEqual({
      ...valid,
      name: 'Asha',
      phone: '+919876543210',
    });
  });

  it.each([
    ['9876543210', '+919876543210'],
    ['+919876543210', '+919876543210'],
    ['+91-9876543210', '+919876543210'],
    ['09876543210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['98765 432 10', '+919876543210'],
    ['+91 98765-43210', '+919876543210'],
    ['+91--9876543210', '+919876543210'],
  ])('phone %s is stored as %s', (input, stored) => {
    expect(ContactRequestSchema.parse({ ...valid, phone: input }).phone).toBe(stored);
  });

  it.each(['', '   '])('phone %j: "Phone is required."', (phone) => {
    expect(messagesFor({ ...valid, phone })).toEqual([CONTACT_HINTS.phone]);
  });

  it.each(['98765', '987654321', '98765432101', '+92 9876543210', '00 9876543210', 'phone', '+91'])(
    'phone %j: told what a phone number looks like, not that it is missing (DECISIONS 22)',
    (phone) => {
      expect(messagesFor({ ...valid, phone })).toEqual([
        'Enter a 10-digit phone number (it may start with +91 or 0).',
      ]);
    },
  );

  it('requires a name, an e-mail and a message, with the spec hints', () => {
    expect(messagesFor({ ...valid, name: '   ' })).toEqual([CONTACT_HINTS.name]);
    expect(messagesFor({ ...valid, message: '\n\t' })).toEqual([CONTACT_HINTS.message]);
    expect(messagesFor({ ...valid, email: '' })).toEqual([CONTACT_HINTS.email]);
  });

  it.each([
    'asha',
    'asha@',
    '@example.com',
    'asha@example',
    'asha@example.c',
    `asha@example.${'c'.repeat(64)}`,
    'a b@example.com',
    'asha@example.c0m',
  ])('e-mail %j gets the hint', (email) => {
    expect(messagesFor({ ...valid, email })).toEqual([CONTACT_HINTS.email]);
  });

  it.each(['priya@acme.solutions', 'asha@example.international', 'ravi@mail.example.co.in'])(
    'takes %s: any final label of 2 to 63 letters (DECISIONS 23)',
    (email) => {
      expect(ContactFieldsSchema.parse({ ...valid, email }).email).toBe(email);
    },
  );

  it('lower-cases capitals instead of rejecting them (DECISIONS 23)', () => {
    expect(ContactFieldsSchema.parse({ ...valid, email: 'ASHA@EXAMPLE.IN' }).email).toBe('asha@example.in');
  });

  it('reports every invalid field at once', () => {
    expect(messagesFor({ ...valid, name: '', phone: '1', email: 'x', message: '' }).sort()).toEqual(
      [CONTACT_HINTS.name, CONTACT_HINTS.phoneInvalid, CONTACT_HINTS.email, CONTACT_HINTS.message].sort(),
    );
  });

  it('refuses another client code, unknown fields and over-long text', () => {
    expect(messagesFor({ ...valid, client: 'sispl' })).toEqual(['This form belongs to another site.']);
    expect(messagesFor({ ...valid, admin: true }).length).toBe(1);
    expect(messagesFor({ ...valid, message: 'x'.repeat(5001) })).toEqual([
      'Message is too long (5000 characters at most).',
    ]);
  });

  it('answers the hints, not library wording, when fields are missing', () => {
    expect(messagesFor({ client: 'sis' }).sort()).toEqual(
      [CONTACT_HINTS.name, CONTACT_HINTS.phone, CONTACT_HINTS.email, CONTACT_HINTS.message].sort(),
    );
  });

  it.each([
    ['a bidi override', 'Asha\u202Eevil'],
    ['a zero-width space', 'As\u200Bha'],
    ['a line break', 'Asha\nBcc: x@example.com'],
    ['a control character', 'Asha\u0007'],
  ])('refuses %s in the name and the e-mail with a plain sentence', (_label, value) => {
    expect(messagesFor({ ...valid, name: value })).toEqual([
      'Name can only contain letters, digits, spaces and punctuation.',
    ]);
    expect(messagesFor({ ...valid, email: `${value}@example.com` })).toContain(
      'E-mail can only contain letters, digits, spaces and punctuation.',
    );
  });

  it('keeps only line breaks of the invisible characters in a message', () => {
    const parsed = ContactRequestSchema.parse({
      ...valid,
      message: 'Line one\r\nLine\u202E two\u200B\tend\u0000',
    });
    expect(parsed.message).toBe('Line one\nLine two end');
  });

  it('never accepts a phone that is not 10 digits after the prefix (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (phone) => {
        const stored = normaliseIndianPhone(phone);
        return stored === undefined || /^\+91\d{10}$/.test(stored);
      }),
    );
  });

  it('never throws on arbitrary input, only answers messages (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const result = ContactRequestSchema.safeParse(input);
        return result.success || result.error.issues.every((issue) => typeof issue.message === 'string');
      }),
    );
  });
});
