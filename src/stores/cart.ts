/**
 * The cart of the signed-in user (product-spec section 4; what they bought is `orders.ts`). The
 * server is the truth: add, delete and checkout replace the cart with the list the server answers. The cart is
 * cached in localStorage `course` (STYLE 13) while it has courses; an empty answer removes it, so
 * the next page load asks the server again ("a user exists but no cart is held"). Paying for it is
 * `payment.ts`, loaded with the checkout's billing form only (issue 20: every page with the header
 * loads this module).
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed, onMount, type ReadableAtom } from 'nanostores';
import * as z from '~/lib/shared/zod';
import { ApiError, apiRequest, failureText } from '~/lib/client/api';
import { LOCAL_STORAGE_KEYS } from '~/lib/shared/storage-keys';
import { centsFromUsd, type Cents, type Currency } from '~/lib/shared/money';
import { CartSchema, SHOP_CLIENT, type CartItem } from '~/lib/shared/schemas/shop';
import { notifyError } from '~/stores/notifications';
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
const $busy = atom<ReadonlySet<number>>(new Set());

/** Whether the cart failed to load (the checkout page offers to try again). */
export const $cartLoadFailed: ReadableAtom<boolean> = $loadFailed;

const $changedCount = atom(0);

/**
 * How many times Pay met a cart changed elsewhere (DECISIONS 45); the page shows the server's
 * cart with 'Your cart changed. Check it and continue.' while it is above 0.
 */
export const $cartChanged: ReadableAtom<number> = $changedCount;

/** Course ids with an add or delete in flight. */
export const $cartBusy: ReadableAtom<ReadonlySet<number>> = $busy;

/**
 * What a cart line costs in `currency`, in minor units: the price per seat times its seats
 * (DECISIONS 55; the server's checkout charges the same).
 */
export function lineCents(item: CartItem, currency: Currency): Cents {
  return centsFromUsd(currency === 'INR' ? item.discountedFeesInr : item.discountedFees) * item.seats;
}

/** `/api/Cart/{action}/sispl,{ids}`: the cart API's path for an action. */
export function cartPath(action: string, ...ids: readonly (string | number)[]): string {
  return `/api/Cart/${action}/${[SHOP_CLIENT, ...ids].map((id) => encodeURIComponent(id)).join(',')}`;
}

function setBusy(courseId: number, busy: boolean): void {
  const next = new Set($cartBusy.get());
  if (busy) next.add(courseId);
  else next.delete(courseId);
  $busy.set(next);
}

/** Replaces the cart with the server's list (the same list as shown changes nothing: no render). */
function replaceCart(items: readonly CartItem[]): void {
  if (JSON.stringify(items) !== JSON.stringify($cart.get())) $cartStore.set(items);
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
      console.warn('The cart could not be loaded:', failureText(error));
    })
    .finally(() => {
      cartLoad = undefined;
    });
  return cartLoad;
}

/** The batch and seats of a cart line (DECISIONS 54-55); without a batch the server takes the next open one. */
export interface LineChoice {
  readonly batchId?: string | undefined;
  readonly seats?: number | undefined;
}

/** `addtocart`'s query: `?batch={batchId}&seats={n}` (API.md), only what was chosen. */
function addQuery(choice: LineChoice | undefined): string {
  const query = new URLSearchParams();
  if (choice?.batchId) query.set('batch', choice.batchId);
  if (choice?.seats !== undefined) query.set('seats', String(choice.seats));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * Adds a course to the cart, in the batch and with the seats chosen (none: the next open batch,
 * 1 seat). Signed out, the visitor is asked to sign in first (the dialog's focus returns to
 * `from`) and the course is added once they have (DECISIONS 30). A refusal shows the server's
 * sentence as a toast.
 */
export async function addToCart(
  courseId: number,
  from?: HTMLElement | null,
  choice?: LineChoice,
): Promise<void> {
  const user = $user.get();
  if (!user) {
    requestSignIn(() => void addToCart(courseId, undefined, choice), from);
    return;
  }
  if ($cartBusy.get().has(courseId)) return;
  setBusy(courseId, true);
  try {
    // A load started at sign-in must not answer after the add and hide the course again.
    await cartLoad;
    const path = cartPath('addtocart', courseId, user.userid) + addQuery(choice);
    replaceCart(await apiRequest('POST', path, CartSchema));
  } catch (error) {
    notifyError(failureText(error));
    // "You have already bought this course.": show it as bought.
    if (error instanceof ApiError && error.status === 409) void loadPurchases();
  } finally {
    setBusy(courseId, false);
  }
}

/**
 * Changes a cart line's batch or seats (adding a course already in the cart with another batch or
 * seat count changes that line, API.md). Returns whether it worked; a refusal ('This batch is
 * full. Choose another batch.') is shown as a toast and the line stays as the server has it.
 */
export async function changeCartLine(courseId: number, choice: LineChoice): Promise<boolean> {
  const user = $user.get();
  if (!user || $cartBusy.get().has(courseId)) return false;
  setBusy(courseId, true);
  try {
    await cartLoad;
    const path = cartPath('addtocart', courseId, user.userid) + addQuery(choice);
    replaceCart(await apiRequest('POST', path, CartSchema));
    return true;
  } catch (error) {
    notifyError(failureText(error));
    return false;
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
    notifyError(failureText(error));
    return false;
  } finally {
    setBusy(courseId, false);
  }
}

/** Waits for a cart load under way, if any (what Pay charges is the cart as loaded). */
export function cartLoaded(): Promise<void> {
  return cartLoad ?? Promise.resolve();
}

/**
 * Shows the server's cart after Pay met a cart changed elsewhere (DECISIONS 45): the page shows it
 * with 'Your cart changed. Check it and continue.'
 */
export function showChangedCart(items: readonly CartItem[]): void {
  replaceCart(items);
  $changedCount.set($changedCount.get() + 1);
}

/** Forgets the user's cart (`[]`: empty; undefined: unknown until loaded) and purchases. */
function resetShop(cart: readonly CartItem[] | undefined): void {
  $cartStore.set(cart);
  $loadFailed.set(false);
  forgetPurchases();
}

// While anything shows the cart: restored from the cache at load, then loaded from the server when
// a user exists; emptied at sign-out and loaded again for the next user.
onMount($cart, () => {
  // The cached copy shows at once; the server's cart replaces it (it may have changed on another
  // device: issue 23, item 1), so the header's count and the checkout follow the server.
  if ($user.get()) void loadCart();
  const stopUser = $user.listen((user, previous) => {
    if (user?.userid === previous?.userid) return;
    resetShop(user ? undefined : []);
    if (user) void loadCart();
  });
  // Another tab emptied the cart (an order placed there removes the cached copy): this tab's cart
  // is unknown again, and asked for, instead of 'Loading your cart…' for ever (issue 28, item 3).
  const stopUnknown = $cartStore.listen((items) => {
    if (items !== undefined) return;
    // After a load under way, if the cart is still unknown then.
    void cartLoaded().then(() => {
      if ($cartStore.get() === undefined && $user.get()) void loadCart();
    });
  });
  return () => {
    stopUser();
    stopUnknown();
  };
});

// A cart belongs to a signed-in user: with nobody signed in (sign-out, an expired session) it
// empties, and so does its cached copy. (Registered after the onMount handlers above, which
// its first `$cart.get()` may run.)
$user.subscribe((user) => {
  if (!user && ($cart.get()?.length ?? 0) > 0) resetShop([]);
});
