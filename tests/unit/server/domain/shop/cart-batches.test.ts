import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { BATCH_HINTS } from '~/lib/shared/schemas/batch';
import { addBatch, openBatchesOf } from '~/server/domain/shop/batches';
import { addToCart, cartItems, removeFromCart } from '~/server/domain/shop/cart';
import { ValidationError } from '~/server/domain/errors';
import { getBatch, takeSeats } from '~/server/storage/batches';
import { getCart, updateCart } from '~/server/storage/carts';
import { useBlobsServer } from '../../../../support/blobs-server';

useBlobsServer();

const NOW = new Date();
const user = () => `u-${randomUUID()}`;
const choiceOf = (items: { id: number; batchId: string | null; seats: number }[], id: number) => {
  const item = items.find((each) => each.id === id);
  return item && { batchId: item.batchId, seats: item.seats };
};

describe('the cart with batches and seats (issue 31)', () => {
  it('adds the next open batch and 1 seat unless told, and changes the line when told', async () => {
    const buyer = user();
    const [evening, weekend] = await openBatchesOf(4, NOW);
    const added = await addToCart(buyer, 4, {}, NOW);
    expect(choiceOf(added, 4)).toEqual({ batchId: evening!.id, seats: 1 });
    const changed = await addToCart(buyer, 4, { batchId: weekend!.id, seats: 3 }, NOW);
    expect(changed).toHaveLength(1);
    expect(choiceOf(changed, 4)).toEqual({ batchId: weekend!.id, seats: 3 });
    // The same course again with nothing asked leaves the line (and the cart's version) as it is.
    const version = (await getCart(buyer)).version;
    expect(choiceOf(await addToCart(buyer, 4, {}, NOW), 4)).toEqual({ batchId: weekend!.id, seats: 3 });
    expect((await getCart(buyer)).version).toBe(version);
    // Only the seats asked: the line keeps its batch.
    expect(choiceOf(await addToCart(buyer, 4, { seats: 5 }, NOW), 4)).toEqual({
      batchId: weekend!.id,
      seats: 5,
    });
    expect(await removeFromCart(buyer, 4, NOW)).toEqual([]);
    expect((await getCart(buyer)).choices).toEqual({});
  });

  it('refuses a bad seat count and a batch that is unknown, of another course, closed or too full', async () => {
    const buyer = user();
    const [other] = await openBatchesOf(7, NOW);
    for (const seats of [0, 21, 1.5, Number.NaN])
      await expect(addToCart(buyer, 6, { seats }, NOW)).rejects.toThrow(BATCH_HINTS.seatsPerOrder);
    await expect(addToCart(buyer, 6, { batchId: 'b-none' }, NOW)).rejects.toThrow(BATCH_HINTS.id);
    await expect(addToCart(buyer, 6, { batchId: other!.id }, NOW)).rejects.toThrow(BATCH_HINTS.otherCourse);
    const past = await addBatch(
      {
        courseId: 6,
        startsOn: '2020-01-06',
        schedule: 'Mon 10:00-12:00 IST',
        sessions: 4,
        trainer: 'T',
        seats: 5,
      },
      NOW,
    );
    await expect(addToCart(buyer, 6, { batchId: past.id }, NOW)).rejects.toThrow(BATCH_HINTS.closed);
    const small = await addBatch(
      {
        courseId: 6,
        startsOn: '2099-01-05',
        schedule: 'Mon 10:00-12:00 IST',
        sessions: 4,
        trainer: 'T',
        seats: 2,
      },
      NOW,
    );
    await takeSeats(small.id, 'order_x', 1);
    await expect(addToCart(buyer, 6, { batchId: small.id, seats: 2 }, NOW)).rejects.toThrow(BATCH_HINTS.full);
    await expect(addToCart(buyer, 6, { batchId: small.id, seats: 2 }, NOW)).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(await cartItems(buyer, undefined, NOW)).toEqual([]);
    expect(choiceOf(await addToCart(buyer, 6, { batchId: small.id }, NOW), 6)).toEqual({
      batchId: small.id,
      seats: 1,
    });
    expect((await getBatch(small.id))!.claims).toEqual({ order_x: 1 });
  });

  it('reads a cart from before batches as the next open batch and 1 seat', async () => {
    const buyer = user();
    await updateCart(buyer, (cart) => ({ ...cart, courseIds: [8] }));
    const [next] = await openBatchesOf(8, NOW);
    expect(choiceOf(await cartItems(buyer, undefined, NOW), 8)).toEqual({ batchId: next!.id, seats: 1 });
    // Adding it again with nothing asked leaves it so.
    expect(choiceOf(await addToCart(buyer, 8, {}, NOW), 8)).toEqual({ batchId: next!.id, seats: 1 });
  });
});
