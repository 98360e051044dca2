/**
 * The cart (DECISIONS 10, 30, 54, 55): course ids per user, each with the batch and seats chosen;
 * details and prices always from the server's catalogue. A bought course never shows in the cart,
 * even if a checkout was cut short before it removed it, because the cart is read against what
 * the user bought (one record per user).
 */
import { courseById, toCourseSummary } from '~/lib/shared/catalogue';
import type { Course } from '~/lib/shared/schemas/course';
import { BATCH_HINTS, SeatsSchema, type Batch } from '~/lib/shared/schemas/batch';
import type { CartItem } from '~/lib/shared/schemas/shop';
import * as z from '~/lib/shared/zod';
import { Conflict, NotFound, ValidationError } from '~/server/domain/errors';
import { allBatches, BATCH_ERRORS, defaultBatchOf, openBatchesByCourse } from '~/server/domain/shop/batches';
import { isBatchOpen } from '~/lib/shared/batch-schedule';
import { getCart, SKIP, updateCart, type CartChoice, type CartRecord } from '~/server/storage/carts';
import { boughtCourseIds } from '~/server/storage/orders';
import { toBatch } from '~/server/storage/batches';

export const CART_ERRORS = {
  unknownCourse: 'There is no course with this id.',
  alreadyBought: 'You have already bought this course.',
} as const;

/** Ids of the courses a user has bought. */
export function purchasedCourseIds(userId: string): Promise<Set<number>> {
  return boughtCourseIds(userId);
}

/** A course in the cart with the batch (null: none open) and seats it is for. */
export interface CartLine {
  readonly course: Course;
  readonly batchId: string | null;
  readonly seats: number;
}

/** The cart's courses still for sale and not yet bought, in the order they were added. */
function cartCourses(cart: CartRecord, purchased: ReadonlySet<number>): Course[] {
  return cart.courseIds
    .filter((id) => !purchased.has(id))
    .map((id) => courseById(id))
    .filter((course) => course !== undefined);
}

/**
 * The cart's lines with their batch and seats. A line added before batches existed takes its
 * course's next open batch and 1 seat (the batches are listed only when such a line is there).
 */
export async function cartLines(
  cart: CartRecord,
  purchased: ReadonlySet<number>,
  now: Date,
): Promise<CartLine[]> {
  const inCart = cartCourses(cart, purchased);
  const choiceOf = (course: Course): CartChoice | undefined => cart.choices?.[String(course.id)];
  const open = inCart.every(choiceOf) ? undefined : await openBatchesByCourse(now);
  return inCart.map((course) => {
    const choice = choiceOf(course);
    return {
      course,
      batchId: choice?.batchId ?? defaultBatchOf(open?.get(course.id) ?? [])?.id ?? null,
      seats: choice?.seats ?? 1,
    };
  });
}

/** The cart as API answers carry it. */
export async function cartItems(userId: string, cart?: CartRecord, now = new Date()): Promise<CartItem[]> {
  const [record, purchased] = await Promise.all([cart ?? getCart(userId), purchasedCourseIds(userId)]);
  return (await cartLines(record, purchased, now)).map((line) => ({
    ...toCourseSummary(line.course),
    batchId: line.batchId,
    seats: line.seats,
  }));
}

/** What a buyer asks for when adding a course (`?batch=&seats=`); either may be left out. */
export interface CartChoiceRequest {
  readonly batchId?: string | undefined;
  readonly seats?: number | undefined;
}

/**
 * The batch a course is added with: the one asked for (400 when it is not a batch of this course,
 * is closed, or has fewer seats left than asked), else the next open one (400 when none is open).
 */
async function batchFor(
  courseId: number,
  batchId: string | undefined,
  seats: number,
  now: Date,
): Promise<Batch> {
  const all = await allBatches(now);
  if (batchId === undefined) {
    const next = defaultBatchOf(
      all.filter((record) => record.courseId === courseId && isBatchOpen(record, now)).map(toBatch),
    );
    if (!next) throw new ValidationError([BATCH_ERRORS.noOpenBatch]);
    return next;
  }
  const record = all.find((each) => each.id === batchId);
  if (!record) throw new ValidationError([BATCH_HINTS.id]);
  if (record.courseId !== courseId) throw new ValidationError([BATCH_HINTS.otherCourse]);
  if (!isBatchOpen(record, now)) throw new ValidationError([BATCH_HINTS.closed]);
  const batch = toBatch(record);
  if (batch.seatsLeft < seats) throw new ValidationError([BATCH_HINTS.full]);
  return batch;
}

/**
 * Adds a course with a batch and seats (defaults: the line's own choice when the course is in the
 * cart already, else the next open batch and 1 seat); a course already in the cart with another
 * batch or seat count has its line changed, the same course with nothing new is left as it is.
 * 404 unknown course, 409 bought, 400 a bad seat count or batch.
 */
export async function addToCart(
  userId: string,
  courseId: number,
  request: CartChoiceRequest = {},
  now = new Date(),
): Promise<CartItem[]> {
  if (!courseById(courseId)) throw new NotFound([CART_ERRORS.unknownCourse]);
  if (request.seats !== undefined && !z.safeParse(SeatsSchema, request.seats).success)
    throw new ValidationError([BATCH_HINTS.seatsPerOrder]);
  if ((await purchasedCourseIds(userId)).has(courseId)) throw new Conflict([CART_ERRORS.alreadyBought]);
  const current = await getCart(userId);
  const inCart = current.courseIds.includes(courseId);
  const chosen = current.choices?.[String(courseId)];
  let choice: CartChoice | undefined;
  if (!inCart || request.batchId !== undefined || request.seats !== undefined) {
    const seats = request.seats ?? chosen?.seats ?? 1;
    const batchId = request.batchId ?? chosen?.batchId;
    // A line keeping its batch with another seat count is checked against that batch too.
    choice = { batchId: (await batchFor(courseId, batchId, seats, now)).id, seats };
  }
  const cart = await updateCart(userId, (stored) => {
    const has = stored.courseIds.includes(courseId);
    const before = stored.choices?.[String(courseId)];
    if (
      has &&
      (choice === undefined || (before?.batchId === choice.batchId && before.seats === choice.seats))
    )
      return SKIP;
    if (!has && choice === undefined) return SKIP;
    return {
      ...stored,
      courseIds: has ? stored.courseIds : [...stored.courseIds, courseId],
      ...(choice ? { choices: { ...stored.choices, [String(courseId)]: choice } } : {}),
    };
  });
  return cartItems(userId, cart, now);
}

/** Removes a course (and its choice); answers what remains. 404 for an unknown course id. */
export async function removeFromCart(
  userId: string,
  courseId: number,
  now = new Date(),
): Promise<CartItem[]> {
  if (!courseById(courseId)) throw new NotFound([CART_ERRORS.unknownCourse]);
  const cart = await updateCart(userId, (current) => {
    if (!current.courseIds.includes(courseId)) return SKIP;
    const choices = { ...current.choices };
    delete choices[String(courseId)];
    return { ...current, courseIds: current.courseIds.filter((id) => id !== courseId), choices };
  });
  return cartItems(userId, cart, now);
}
