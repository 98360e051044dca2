import { expect, it, vi } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { createAccount } from '~/server/domain/auth/accounts';
import { addToCart } from '~/server/domain/shop/cart';
import { type CheckoutDeps, type CheckoutResult } from '~/server/domain/shop/checkout';
import { purchaseHistory } from '~/server/domain/shop/orders';
import type * as CheckoutStorage from '~/server/storage/checkouts';
import { cartVersionOfKey } from '~/server/storage/checkouts';
import { useBlobsServer } from '../../../../support/blobs-server';
import { paidCheckout } from '../../../../support/paid-checkout';

// Interleavings of two requests that a test cannot time with Promise.all: the storage read of
// an Idempotency-Key is wrapped so that the other request runs in between.
vi.mock('~/server/storage/checkouts', async (importOriginal) => {
  const actual = await importOriginal<typeof CheckoutStorage>();
  return { ...actual, cartVersionOfKey: vi.fn(actual.cartVersionOfKey) };
});

useBlobsServer();

const deps: CheckoutDeps = {
  mail: { queue: async () => {} },
  now: () => new Date('2026-11-22T06:00:00.000Z'),
  siteUrl: 'https://sis.example',
};

it('a request with a key its twin binds and uses up while it looks answers the same order', async () => {
  const user = await createAccount(
    { name: 'Ravi', email: 'ravi@example.com', mobile: '7000000001', passwordHash: '$scrypt$x' },
    new Date(),
  );
  await addToCart(user.userId, courses[0]!.id);
  const actual = await vi.importActual<typeof CheckoutStorage>('~/server/storage/checkouts');
  let twin: CheckoutResult | undefined;
  // The late request finds the key unbound; then its twin places the order and empties the cart.
  vi.mocked(cartVersionOfKey).mockImplementationOnce(async (userId, keyHash) => {
    const seen = await actual.cartVersionOfKey(userId, keyHash);
    twin = await paidCheckout(user.userId, 'one-click', deps);
    return seen;
  });
  const late = await paidCheckout(user.userId, 'one-click', deps);
  expect(twin).toBeDefined();
  expect(late).toEqual(twin);
  expect(await purchaseHistory(user.userId)).toHaveLength(1);
});
