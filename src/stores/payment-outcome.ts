/**
 * What became of the payment this tab started (issue 28, item 3; API.md `GET
 * /api/payments/{paymentNo}/status`). Pay remembers the payment's number in this tab's session
 * storage before it leaves for the gateway; a checkout page that comes back without the gateway's
 * answer (Back, a reload, a lost connection) asks the server instead of offering Pay again:
 * confirming while the gateway has not told us, then the order, the refund or the failure.
 * Small and loaded with the checkout page's island (the pay action is loaded with the billing form).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { ApiError, apiRequest } from '~/lib/client/api';
import { SESSION_STORAGE_KEYS } from '~/lib/shared/storage-keys';
import { PAYMENT_NO_PATTERN, PaymentStatusSchema } from '~/lib/shared/schemas/payment-status';

/** What the checkout page shows of the payment it started. */
export type PaymentOutcome =
  /** No payment of this tab to follow: the cart as usual. */
  | { readonly state: 'none' }
  /** Asking the server: 'We are confirming your payment.' */
  | { readonly state: 'confirming' }
  /** `message`: a payment of this checkout was refunded (a second one), in the server's words. */
  | { readonly state: 'placed'; readonly orderNo: string; readonly message?: string }
  | { readonly state: 'refunded'; readonly message: string; readonly orderNo?: string }
  | { readonly state: 'failed'; readonly message: string }
  /** The gateway has not told us of a payment while we asked: paid or not, the buyer chooses. */
  | { readonly state: 'unconfirmed' };

const $outcome = atom<PaymentOutcome>({ state: 'none' });

/** What became of this tab's payment, as the checkout page shows it. */
export const $paymentOutcome: ReadableAtom<PaymentOutcome> = $outcome;

/** How often and how long the page asks while the gateway has not told us of a payment. */
export const STATUS_POLL = { intervalMs: 1500, tries: 8 } as const;

const KEY = SESSION_STORAGE_KEYS.payment;
const FALLBACK_FAILED = 'Your payment did not go through. Nothing was charged.';
const FALLBACK_REFUNDED = 'Your payment was refunded in full.';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Remembers the payment this tab is leaving to make (called before the page posts to the gateway). */
export function rememberPayment(paymentNo: string): void {
  storage()?.setItem(KEY, paymentNo);
}

/** The payment this tab started and has not yet seen the end of, if any. */
export function rememberedPayment(): string | undefined {
  const paymentNo = storage()?.getItem(KEY) ?? undefined;
  return paymentNo && PAYMENT_NO_PATTERN.test(paymentNo) ? paymentNo : undefined;
}

/**
 * How the buyer came back to the checkout page (see `returnOf`): what the address says; `refunded`
 * is an order placed and this payment, a second one, refunded.
 */
export type ReturnKind = 'placed' | 'refunded' | 'failed' | 'cancelled' | undefined;

// Each follow is one run; a later one (bfcache, Back to the cart) makes the earlier one stop.
let run = 0;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether `followPayment(returned)` asks the server: a payment is remembered, and the address says
 * neither that it was placed nor that the buyer cancelled it.
 */
function asksOnReturn(returned: ReturnKind): boolean {
  return rememberedPayment() !== undefined && returned !== 'placed' && returned !== 'cancelled';
}

/**
 * What the checkout page shows of this tab's payment, back as `returned` says: the outcome
 * followed so far, or 'confirming' while a remembered payment is still to be asked about. The
 * page renders once before it can start `followPayment`; it showed the address's 'did not go
 * through' (an alert, with focus) or the cart with a live Pay in that render, for a payment
 * refused and returned too (issue 42, item 11).
 */
export function outcomeShown(outcome: PaymentOutcome, returned: ReturnKind): PaymentOutcome {
  return outcome.state === 'none' && asksOnReturn(returned) ? { state: 'confirming' } : outcome;
}

/**
 * Follows this tab's payment when the checkout page opens or comes back (bfcache): nothing to
 * follow when none is remembered, the gateway said it was placed or the buyer cancelled it;
 * otherwise the server is asked until it knows (`STATUS_POLL`; after the gateway's failure, until
 * it answers, which the page shows when the server knows no more), and the outcome is shown. A
 * payment whose end is shown is forgotten, so the cart is the cart again on the next visit.
 */
export async function followPayment(returned: ReturnKind): Promise<void> {
  const paymentNo = rememberedPayment();
  if (!paymentNo || !asksOnReturn(returned)) {
    if (paymentNo) storage()?.removeItem(KEY);
    $outcome.set({ state: 'none' });
    return;
  }
  const mine = ++run;
  $outcome.set({ state: 'confirming' });
  // The gateway said it failed, or that this payment was refunded: its first answer decides, for
  // the refund or the order the server may know of, in its words. A lost answer is asked again,
  // as when polling: the gateway's 'failed' is also what a refused payment comes back with.
  const once = returned === 'failed' || returned === 'refunded';
  for (let tried = 0; tried < STATUS_POLL.tries; tried += 1) {
    if (tried > 0) await wait(STATUS_POLL.intervalMs);
    if (mine !== run) return;
    let status;
    try {
      status = await apiRequest(
        'GET',
        `/api/payments/${encodeURIComponent(paymentNo)}/status`,
        PaymentStatusSchema,
        undefined,
        { background: true },
      );
    } catch (error) {
      // Not the buyer's (another account signed in) or unknown: nothing to follow.
      if (error instanceof ApiError && (error.status === 404 || error.status === 401)) {
        storage()?.removeItem(KEY);
        if (mine === run) $outcome.set({ state: 'none' });
        return;
      }
      continue;
    }
    if (mine !== run) return;
    if (status.state === 'waiting') {
      if (once) break;
      continue;
    }
    storage()?.removeItem(KEY);
    if (status.state === 'placed' && status.orderNo) {
      $outcome.set({
        state: 'placed',
        orderNo: status.orderNo,
        ...(status.message ? { message: status.message } : {}),
      });
    } else if (status.state === 'refunded') {
      $outcome.set({
        state: 'refunded',
        message: status.message ?? FALLBACK_REFUNDED,
        ...(status.orderNo ? { orderNo: status.orderNo } : {}),
      });
    } else {
      $outcome.set({ state: 'failed', message: status.message ?? FALLBACK_FAILED });
    }
    return;
  }
  if (mine !== run) return;
  if (once) {
    storage()?.removeItem(KEY);
    $outcome.set({ state: 'none' });
  } else {
    $outcome.set({ state: 'unconfirmed' });
  }
}

/** The buyer chose to see the cart again after an unconfirmed, failed or refunded payment. */
export function backToCart(): void {
  run += 1;
  storage()?.removeItem(KEY);
  $outcome.set({ state: 'none' });
}
