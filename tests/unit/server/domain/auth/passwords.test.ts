import { beforeAll, describe, expect, it } from 'vitest';
import {
  hashPassword,
  needsRehash,
  PASSWORD_COST,
  usePasswordCost,
  verifyPassword,
} from '~/server/domain/auth/passwords';

// The one test file that pays the production cost (tests/unit/setup.ts lowers it for the rest).
beforeAll(() => usePasswordCost(PASSWORD_COST));

describe('passwords', () => {
  it('hashes with scrypt at OWASP cost in a PHC string with a fresh salt each time', async () => {
    const [a, b] = await Promise.all([hashPassword('secret123'), hashPassword('secret123')]);
    expect(a).toMatch(
      new RegExp(`^\\$scrypt\\$ln=${PASSWORD_COST.ln},r=8,p=1\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}$`),
    );
    expect(a).not.toBe(b);
    expect(PASSWORD_COST).toEqual({ ln: 17, r: 8, p: 1 });
  });

  it('verifies the right password only, and never a malformed hash', async () => {
    const stored = await hashPassword('secret123');
    expect(await verifyPassword('secret123', stored)).toBe(true);
    expect(await verifyPassword('secret124', stored)).toBe(false);
    expect(await verifyPassword('secret123', 'plain-text')).toBe(false);
    expect(await verifyPassword('secret123', stored.replace('ln=17', 'ln=30'))).toBe(false);
  });

  it('asks for a rehash when a hash was made at another cost', async () => {
    const stored = await hashPassword('secret123');
    expect(needsRehash(stored)).toBe(false);
    expect(needsRehash(stored.replace('ln=17', 'ln=16'))).toBe(true);
    expect(needsRehash('garbage')).toBe(true);
  });
});
