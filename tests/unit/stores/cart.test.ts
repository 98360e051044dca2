import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadStores } from '../../support/browser-stores';

afterEach(() => vi.unstubAllGlobals());

describe('$cartCount', () => {
  it('counts the cached cart of a signed-in user', async () => {
    const { cart } = await loadStores({
      local: {
        user: JSON.stringify({ userid: 'u1', username: 'A' }),
        course: JSON.stringify([{ id: 1 }, { id: 2 }]),
      },
    });
    expect(cart.$cartCount.get()).toBe(2);
  });

  it('is 0 and the cached cart goes when nobody is signed in', async () => {
    const { cart, local } = await loadStores({ local: { course: JSON.stringify([{ id: 1 }]) } });
    expect(cart.$cartCount.get()).toBe(0);
    expect(local()).not.toHaveProperty('course');
  });

  it('ignores a malformed cached cart', async () => {
    const { cart } = await loadStores({
      local: { user: JSON.stringify({ userid: 'u1', username: 'A' }), course: '[{"id":"x"},{"id":4},' },
    });
    expect(cart.$cartCount.get()).toBe(0);
  });
});
