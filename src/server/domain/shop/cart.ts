/**
 * The cart (DECISIONS 10, 30): course ids per user; details and prices always from the server's
 * catalogue. A bought course never shows in the cart, even if a checkout was cut short before it
 * removed it, because the cart is read against what the user bought (one record per user).
 */
import { courseById, toCourseSummary } from '~/lib/shared/catalogue';
import type { CartItem } from '~/lib/shared/schemas/shop';
import { Conflict, NotFound } from '~/server/domain/errors';
import { getCart, SKIP, updateCart, type CartRecord } from '~/server/storage/carts';
import { boughtCourseIds } from '~/server/storage/orders';

export const CART_ERRORS = {
  unknownCourse: 'There is no course with this id.',
  alreadyBought: 'You have already bought this course.',
} as const;

/** Ids of the courses a user has bought. */
export function purchasedCourseIds(userId: string): Promise<Set<number>> {
  return boughtCourseIds(userId);
}

/** The cart's courses still for sale and not yet bought, in the order they were added. */
export function cartCourses(cart: CartRecord, purchased: ReadonlySet<number>) {
  return cart.courseIds
    .filter((id) => !purchased.has(id))
    .map((id) => courseById(id))
    .filter((course) => course !== undefined);
}

/** The cart as API answers carry it. */
export async function cartItems(userId: string, cart?: CartRecord): Promise<CartItem[]> {
  const [record, purchased] = await Promise.all([cart ?? getCart(userId), purchasedCourseIds(userId)]);
  return cartCourses(record, purchased).map(toCourseSummary);
}

/** Adds a course; one already in the cart leaves it as it is. 404 unknown course, 409 bought. */
export async function addToCart(userId: string, courseId: number): Promise<CartItem[]> {
  if (!courseById(courseId)) throw new NotFound([CART_ERRORS.unknownCourse]);
  if ((await purchasedCourseIds(userId)).has(courseId)) throw new Conflict([CART_ERRORS.alreadyBought]);
  const cart = await updateCart(userId, (current) =>
    current.courseIds.includes(courseId) ? SKIP : { ...current, courseIds: [...current.courseIds, courseId] },
  );
  return cartItems(userId, cart);
}

/** Removes a course; answers what remains. 404 for an unknown course id. */
export async function removeFromCart(userId: string, courseId: number): Promise<CartItem[]> {
  if (!courseById(courseId)) throw new NotFound([CART_ERRORS.unknownCourse]);
  const cart = await updateCart(userId, (current) =>
    current.courseIds.includes(courseId)
      ? { ...current, courseIds: current.courseIds.filter((id) => id !== courseId) }
      : SKIP,
  );
  return cartItems(userId, cart);
}
