/**
 * The path parameters of the cart calls (API.md): `{clientCode}` must be `sispl` (400) and
 * `{userId}` the session's user (403): the browser never picks whose cart it touches.
 *
 * Their `config.path` patterns spell each mixed-case word both ways, `/api/(Cart|cart)/...`.
 * Netlify's local router (@netlify/functions-dev, `npm run dev`) tests a route against the
 * lower-cased request path, while `context.params` comes from the pattern applied to the path as
 * sent (`/api/Cart/...`, as the original site's calls have it). So a pattern written only as
 * `/api/Cart/...` is never routed there (the call falls to `/api/*`, a 404) and one written only
 * in lower case is routed but yields no parameters. `npm start`'s router ignores case, and
 * production's is not ours to see: the alternatives work with each. They add unnamed groups (`0`,
 * `1`) to `params`, which nothing reads. tests/unit/functions/shop.test.ts routes every call as
 * @netlify/functions-dev does.
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
