/**
 * The path parameters of the cart calls (API.md): `{clientCode}` must be `sispl` (400) and
 * `{userId}` the session's user (403): the browser never picks whose cart it touches.
 */
import { SHOP_CLIENT } from '~/lib/shared/schemas/shop';
import type { SessionUser } from '~/server/domain/auth/sessions';
import { CART_ERRORS } from '~/server/domain/shop/cart';
import { Forbidden, NotFound, ValidationError } from '~/server/domain/errors';

/** Checks `clientCode` and, when the path has one, that `userId` is the signed-in user. */
export function checkShopParams(params: Readonly<Record<string, string>>, user: SessionUser): void {
  if (params['clientCode'] !== SHOP_CLIENT)
    throw new ValidationError(['This request belongs to another site.']);
  if (params['userId'] !== undefined && params['userId'] !== user.userId) {
    throw new Forbidden(['You can only see and change your own cart and orders.']);
  }
}

/** The `{courseId}` parameter as a number; NotFound when it cannot name a course. */
export function courseIdParam(params: Readonly<Record<string, string>>): number {
  const id = Number(params['courseId']);
  if (!/^\d{1,9}$/.test(params['courseId'] ?? '') || !Number.isSafeInteger(id)) {
    throw new NotFound([CART_ERRORS.unknownCourse]);
  }
  return id;
}
