/**
 * The cart of the signed-in user (product-spec section 4; what they bought is `orders.ts`). The
 * server is the truth: add, delete and checkout replace the cart with the list the server answers. The cart is
 * cached in localStorage `course` (STYLE 13) while it has courses; an empty answer removes it, so
 * the next page load asks the server again ("a user exists but no cart is held").
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed, onMount, type ReadableAtom } from 'nanostores';
import * as z from '~/lib/shared/zod';
import { checkoutText } from '~/content/ui/shop';
import { ApiError, apiExchange, apiRequest } from '~/lib/client/api';
import { LOCAL_STORAGE_KEYS } from '~/lib/shared/storage-keys';
import { CartSchema, SHOP_CLIENT, type CartItem } from '~/lib/shared/schemas/shop';
import { notifyError, notifySuccess } from '~/stores/notifications';
import { requestSignIn } from '~/stores/account-dialog';
import { forgetPurchases, loadPurchases } from '~/stores/orders';
import { $user } from '~/stores/session';

function decodeCart(text: string): readonly CartItem[] | undefined {
  try {
    const parsed = z.safeParse(CartSchema, JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The cart as last answered by the server: undefined until it is known (nothing cached, not yet
 * loaded), then the list. Only a non-empty list is written to localStorage `course`.
 */
const $cartStore = persistentAtom<readonly CartItem[] | undefined>(LOCAL_STORAGE_KEYS.course, undefined, {
  encode: (items) => (items && items.length > 0 ? JSON.stringify(items) : undefined),
  decode: decodeCart,
});
export const $cart: ReadableAtom<readonly CartItem[] | undefined> = $cartStore;

/** The courses in the cart (empty while unknown). */
export const $cartItems = computed($cart, (items): readonly CartItem[] => items ?? []);

/** How many courses are in the cart (the header's badge). */
export const $cartCount = computed($cart, (items) => items?.length ?? 0);

const $loadFailed = atom(false);
const $pending = atom(false);
const $placed = atom<{ readonly orderNo: string | undefined } | undefined>(undefined);
const $busy = atom<ReadonlySet<number>>(new Set());

/** Whether the cart failed to load (the checkout page offers to try again). */
export const $cartLoadFailed: ReadableAtom<boolean> = $loadFailed;

/** True while a checkout request is in flight (the button is disabled). */
export const $checkoutPending: ReadableAtom<boolean> = $pending;

/** The order this page has just placed (its number from `X-Order-No`, when the server sent it). */
export const $placedOrder: ReadableAtom<{ readonly orderNo: string | undefined } | undefined> = $placed;

/** Course ids with an add or delete in flight. */
export const $cartBusy: ReadableAtom<ReadonlySet<number>> = $busy;

function cartPath(action: string, ...ids: readonly (string | number)[]): string {
  return `/api/Cart/${action}/${[SHOP_CLIENT, ...ids].map((id) => encodeURIComponent(id)).join(',')}`;
}

/** The sentences of a failed call, for a toast. */
function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.messages.join(' ') : String(error);
}

function setBusy(courseId: number, busy: boolean): void {
  const next = new Set($cartBusy.get());
  if (busy) next.add(courseId);
  else next.delete(courseId);
  $busy.set(next);
}

/** 128 random bits in hex (`crypto.randomUUID` exists only on https and localhost). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// The Idempotency-Key of the checkout attempt under way: kept while an answer may have been lost
// (network failure, 5xx, 408, 429), so a retry finishes the same order; a new one for a new cart.
let checkoutKey: string | undefined;
let checkoutRun: Promise<CheckoutResult> | undefined;

/** Replaces the cart with the server's list; a different cart is a new checkout attempt. */
function replaceCart(items: readonly CartItem[]): void {
  const before = $cart.get();
  const same =
    before !== undefined &&
    before.length === items.length &&
    before.every((item, index) => item.id === items[index]?.id);
  if (!same) checkoutKey = undefined;
  $cartStore.set(items);
  $loadFailed.set(false);
}

let cartLoad: Promise<void> | undefined;

/** Loads the signed-in user's cart from the server (one request at a time). */
export function loadCart(): Promise<void> {
  const user = $user.get();
  if (!user) return Promise.resolve();
  cartLoad ??= apiRequest('GET', cartPath('GetCoursesByUserForCart', user.userid), CartSchema)
    .then(replaceCart, (error: unknown) => {
      $loadFailed.set(true);
      // Product-spec section 8: a failed cart load is logged, not toasted.
      console.warn('The cart could not be loaded:', messageOf(error));
    })
    .finally(() => {
      cartLoad = undefined;
    });
  return cartLoad;
}

/**
 * Adds a course to the cart. Signed out, the visitor is asked to sign in first (the dialog's focus
 * returns to `from`) and the course is added once they have (DECISIONS 30). A refusal shows the
 * server's sentence as a toast.
 */
export async function addToCart(courseId: number, from?: HTMLElement | null): Promise<void> {
  const user = $user.get();
  if (!user) {
    requestSignIn(() => void addToCart(courseId), from);
    return;
  }
  if ($cartBusy.get().has(courseId)) return;
  setBusy(courseId, true);
  try {
    // A load started at sign-in must not answer after the add and hide the course again.
    await cartLoad;
    replaceCart(await apiRequest('POST', cartPath('addtocart', courseId, user.userid), CartSchema));
  } catch (error) {
    notifyError(messageOf(error));
    // "You have already bought this course.": show it as bought.
    if (error instanceof ApiError && error.status === 409) void loadPurchases();
  } finally {
    setBusy(courseId, false);
  }
}

/** Deletes a course from the cart; the cart becomes what remains. Returns whether it worked. */
export async function removeFromCart(courseId: number): Promise<boolean> {
  const user = $user.get();
  if (!user || $cartBusy.get().has(courseId)) return false;
  setBusy(courseId, true);
  try {
    await cartLoad;
    replaceCart(await apiRequest('POST', cartPath('deletefromcart', courseId, user.userid), CartSchema));
    return true;
  } catch (error) {
    notifyError(messageOf(error));
    return false;
  } finally {
    setBusy(courseId, false);
  }
}

/** How a checkout ended: the order number from `X-Order-No` (undefined if absent), or failure. */
export type CheckoutResult =
  { readonly ok: true; readonly orderNo: string | undefined } | { readonly ok: false };

/** Whether a failed checkout may still have placed its order (then a retry reuses the key). */
function answerMayBeLost(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * Places the order for the whole cart. A second call while one is in flight gets the same
 * result, and a retry after a lost answer sends the same `Idempotency-Key`, so the server places
 * one order (DECISIONS 11). The cart becomes the server's answer (empty).
 */
export function checkout(): Promise<CheckoutResult> {
  checkoutRun ??= placeOrder().finally(() => {
    checkoutRun = undefined;
    $pending.set(false);
  });
  return checkoutRun;
}

async function placeOrder(): Promise<CheckoutResult> {
  const user = $user.get();
  if (!user) return { ok: false };
  $pending.set(true);
  await cartLoad;
  const key = (checkoutKey ??= newIdempotencyKey());
  try {
    const { data, headers } = await apiExchange(
      'POST',
      cartPath('checkout', user.userid),
      CartSchema,
      undefined,
      {
        headers: { 'Idempotency-Key': key },
      },
    );
    checkoutKey = undefined;
    const orderNo = headers.get('X-Order-No') ?? undefined;
    $placed.set({ orderNo });
    replaceCart(data);
    // The purchases changed: the next reader loads them again.
    forgetPurchases();
    notifySuccess(checkoutText.placedToast);
    return { ok: true, orderNo };
  } catch (error) {
    if (!answerMayBeLost(error)) checkoutKey = undefined;
    notifyError(messageOf(error));
    return { ok: false };
  }
}

/** Forgets the user's cart (`[]`: empty; undefined: unknown until loaded) and purchases. */
function resetShop(cart: readonly CartItem[] | undefined): void {
  checkoutKey = undefined;
  $placed.set(undefined);
  $cartStore.set(cart);
  $loadFailed.set(false);
  forgetPurchases();
}

// While anything shows the cart: restored from the cache at load; loaded by user id when a user
// exists and nothing is cached; emptied at sign-out and loaded again for the next user.
onMount($cart, () => {
  if ($user.get() && $cart.get() === undefined) void loadCart();
  return $user.listen((user, previous) => {
    if (user?.userid === previous?.userid) return;
    resetShop(user ? undefined : []);
    if (user) void loadCart();
  });
});

// A cart belongs to a signed-in user: with nobody signed in (sign-out, an expired session) it
// empties, and so does its cached copy. (Registered after the onMount handlers above, which
// its first `$cart.get()` may run.)
$user.subscribe((user) => {
  if (!user && ($cart.get()?.length ?? 0) > 0) resetShop([]);
});
