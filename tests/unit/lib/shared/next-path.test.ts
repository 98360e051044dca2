import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from '~/lib/shared/next-path';

describe('safeNextPath (DECISIONS 26: same-site paths only)', () => {
  it.each([
    ['/checkout', '/checkout'],
    ['/invoice?id=SIS-2627-000001', '/invoice?id=SIS-2627-000001'],
    ['/courses/react-fundamentals#outline', '/courses/react-fundamentals#outline'],
    ['/who-we-are/../checkout', '/checkout'],
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
  ])('keeps %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['//evil.com'],
    ['//evil.com/checkout'],
    ['https://evil.com/'],
    ['http:/evil.com'],
    ['javascript:alert(1)'],
    ['evil.com'],
    ['checkout'],
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    [' /checkout'],
    ['/login'],
    ['/login?next=/login'],
    [`/${'a'.repeat(2001)}`],
  ])('refuses %j', (raw) => {
    expect(safeNextPath(raw)).toBe('/');
    expect(safeNextPath(raw, '/home')).toBe('/home');
  });
});

describe('safeNextPath after dot segments (issue 22, item 1: open redirect)', () => {
  it.each([
    ['/.//evil.example/phish', '/evil.example/phish'],
    ['/..//x', '/x'],
    ['/a/..//x', '/x'],
    ['/a/../..//evil.example', '/evil.example'],
    ['/././/evil.example?q=1#f', '/evil.example?q=1#f'],
  ])('keeps %s on this site as %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it('never gives a path that a browser resolves to another origin', () => {
    const inputs = [
      '/.//evil.example',
      '/..//x',
      '/a/..//x',
      '/%2e//evil.example',
      '/.%2f/evil.example',
      '/..///x',
    ];
    for (const raw of inputs) {
      const next = safeNextPath(raw);
      expect(new URL(next, 'https://www.example.in/login').origin, raw).toBe('https://www.example.in');
    }
  });
});

describe('loginPathFor', () => {
  it('names the page to come back to, encoded; none for home or a refused path', () => {
    expect(loginPathFor('/checkout')).toBe('/login?next=%2Fcheckout');
    expect(loginPathFor('/invoice?id=A-1')).toBe('/login?next=%2Finvoice%3Fid%3DA-1');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('//evil.com')).toBe('/login');
  });
});
