/**
 * Paying for the cart (issue 18): Pay sends the billing details and what the page shows, the
 * server starts one payment and answers the gateway's form, which the browser posts. Loaded with
 * the checkout's billing form only, so the cart store that every page with the header loads stays
 * small (issue 20).
 */
import { atom, type ReadableAtom } from 'nanostores';
import * as z from '~/lib/shared/zod';
import { ApiError, apiRequest, failureText } from '~/lib/client/api';
import { postToGateway } from '~/lib/client/gateway-form';
import { currencyOfCountry, sumCents } from '~/lib/shared/money';
import type { BillingRecord } from '~/lib/shared/schemas/billing';
import { CartSchema, CheckoutAnswerSchema, type CartItem } from '~/lib/shared/schemas/shop';
import { refreshOpenBatches } from '~/stores/batches';
import { rememberBilling } from '~/stores/billing';
import { $cartItems, cartLoaded, cartPath, lineCents, showChangedCart } from '~/stores/cart';
import { notifyError } from '~/stores/notifications';
import { rememberPayment } from '~/stores/payment-outcome';
import { $user } from '~/stores/session';

const $pending = atom(false);

/** True from a press of Pay until the page leaves for the gateway (the button is disabled). */
export const $checkoutPending: ReadableAtom<boolean> = $pending;

/** How a press of Pay ended here: the browser is on its way to the gateway, or why not. */
export type PayResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly changed?: boolean; readonly messages?: readonly string[] };

/**
 * What Pay says when the server cannot be reached: at once offline, or after `CHECKOUT_TIMEOUT_MS`.
 * @internal Exported for tests/unit/stores/cart.test.ts, which expects these words.
 */
export const OFFLINE_TEXT =
  'The connection is lost. Nothing was charged: check your connection and press Pay again.';

/**
 * How long Pay waits for the checkout's answer (it creates the gateway's order: a second or two)
 * before saying the connection is lost (issue 28, item 3: not the browser's own wait of 11 s and more).
 * @internal Exported for tests/unit/stores/cart.test.ts, which waits it out.
 */
export const CHECKOUT_TIMEOUT_MS = 8000;

/** 128 random bits in hex (`crypto.randomUUID` exists only on https and localhost). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// The checkout attempt under way: its Idempotency-Key and the cart it pays for (user and courses).
// The key is kept while an answer may have been lost (network failure, 5xx, 408, 429), so a retry
// finishes the same order; another cart or another user is a new attempt with a new key.
let attempt: { readonly key: string; readonly cart: string } | undefined;
let checkoutRun: Promise<PayResult> | undefined;

/** The Idempotency-Key for paying `courseIds` as `userId`: the attempt's, or a new one. */
function keyFor(userId: string, courseIds: readonly number[]): string {
  const cart = `${userId}:${courseIds.join(',')}`;
  if (attempt?.cart !== cart) attempt = { key: newIdempotencyKey(), cart };
  return attempt.key;
}

/** Whether a failed checkout may still have started its payment (then a retry reuses the key). */
function answerMayBeLost(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

/** The cart in a 409 answer (DECISIONS 45), or undefined. */
function cartOf(body: unknown): readonly CartItem[] | undefined {
  const cart = (body as { cart?: unknown } | undefined)?.cart;
  const parsed = z.safeParse(CartSchema, cart);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Pays for the cart the page shows (issue 18): sends the billing details and what the page
 * showed (course ids and total: DECISIONS 45); the server starts one payment (the same
 * `Idempotency-Key` for a retry after a lost answer) and answers the gateway's form, which the
 * browser then posts: the page leaves for the gateway. A cart changed elsewhere comes back with
 * the server's cart (`changed`); the billing details' hints come back as `messages`, and so does
 * being offline (at once); a server not reached, or not answering within `CHECKOUT_TIMEOUT_MS`, is
 * said in a toast: either way nothing was charged. `notice`: the version of the notice shown
 * beside the billing form (DECISIONS 63); `saveBilling`: keep these details on the account for
 * the next checkout, on any device (DECISIONS 62).
 */
export function pay(billing: BillingRecord, notice?: string, saveBilling = false): Promise<PayResult> {
  checkoutRun ??= startPayment(billing, notice, saveBilling).finally(() => {
    checkoutRun = undefined;
  });
  return checkoutRun;
}

async function startPayment(
  billing: BillingRecord,
  notice: string | undefined,
  saveBilling: boolean,
): Promise<PayResult> {
  const user = $user.get();
  if (!user) return { ok: false };
  // Offline, nothing can be charged: said at once, before any wait.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return { ok: false, messages: [OFFLINE_TEXT] };
  }
  $pending.set(true);
  await cartLoaded();
  const shown = $cartItems.get();
  // The total in the currency the billing country pays in (DECISIONS 46).
  const currency = currencyOfCountry(billing.country);
  const expect = {
    courseIds: shown.map((item) => item.id),
    total:
      // Price per seat times seats (DECISIONS 55), as the cart shows it.
      sumCents(shown.map((item) => lineCents(item, currency))) / 100,
    currency,
  };
  const key = keyFor(user.userid, expect.courseIds);
  try {
    const answer = await apiRequest(
      'POST',
      cartPath('checkout', user.userid),
      CheckoutAnswerSchema,
      { ...billing, expect, ...(notice ? { notice } : {}), ...(saveBilling ? { saveBilling } : {}) },
      { headers: { 'Idempotency-Key': key }, timeoutMs: CHECKOUT_TIMEOUT_MS },
    );
    rememberBilling(billing);
    // Coming back without the gateway's answer, the page asks what became of this payment.
    rememberPayment(answer.paymentNo);
    // The page now leaves for the gateway: the button stays busy until it has gone.
    postToGateway(answer.gateway);
    return { ok: true };
  } catch (error) {
    $pending.set(false);
    if (!answerMayBeLost(error)) attempt = undefined;
    const changed = error instanceof ApiError && error.status === 409 ? cartOf(error.body) : undefined;
    if (changed) {
      showChangedCart(changed);
      return { ok: false, changed: true };
    }
    if (error instanceof ApiError && error.status === 400) {
      // A batch that filled or closed is refused here: the cart then shows which (issue 42, item 6).
      void refreshOpenBatches();
      return { ok: false, messages: error.messages };
    }
    // Not reached (or no answer in time): the gateway was never opened, so nothing was charged.
    notifyError(error instanceof ApiError && error.status === 0 ? OFFLINE_TEXT : failureText(error));
    return { ok: false };
  }
}

// Back from the gateway with the browser's Back button, the page may come from the back-forward
// cache as it was left: with Pay still busy. It is not: nothing is on its way.
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) $pending.set(false);
  });
}
