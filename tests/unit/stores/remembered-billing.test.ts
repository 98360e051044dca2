/** The billing details a browser remembers (DECISIONS 37): whose they are, and only theirs. */
import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountUser } from '~/lib/shared/schemas/account-user';

const KEY = 'billing';
const ASHA: AccountUser = { userid: 'u-7f3a', username: 'Asha' };
const RAVI: AccountUser = { userid: 'u-9c21', username: 'Ravi' };
const ASHAS_BILLING = {
  name: 'Asha Rao',
  country: 'IN',
  state: '27',
  address: '1 MG Road',
  city: 'Pune',
  postalCode: '411001',
};

async function loadStore(signedIn: AccountUser | null) {
  vi.resetModules();
  const user = atom<AccountUser | null>(signedIn);
  vi.doMock('~/stores/session', () => ({ $user: user }));
  const persistent = await import('@nanostores/persistent');
  persistent.useTestStorageEngine();
  persistent.cleanTestStorage();
  persistent.setTestStorageKey(KEY, JSON.stringify({ userId: ASHA.userid, billing: ASHAS_BILLING }));
  const store = await import('~/stores/remembered-billing');
  return { store, user, stored: () => persistent.getTestStorage()[KEY] };
}

afterEach(() => vi.doUnmock('~/stores/session'));

describe('remembered billing', () => {
  it("gives the signed-in user's details and their country's currency first", async () => {
    const { store, stored } = await loadStore(ASHA);
    expect(store.$rememberedBilling.get()).toEqual(ASHAS_BILLING);
    expect(store.$likelyCurrency.get()).toBe('INR');
    expect(stored()).toBeDefined();
  });

  it('forgets them on this browser when their owner signs out or another account signs in', async () => {
    const signedOut = await loadStore(ASHA);
    signedOut.user.set(null);
    expect(signedOut.stored()).toBeUndefined();

    const other = await loadStore(RAVI);
    expect(other.store.$rememberedBilling.get()).toBeUndefined();
    expect(other.stored()).toBeUndefined();
  });
});
