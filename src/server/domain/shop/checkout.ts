/**
 * Checkout (DECISIONS 11, 31, 32, 36, 38): a payment for the cart at the catalogue's prices of
 * that moment, and once the gateway confirms it, one order. It spans several blobs and is written
 * so that a crash between any two steps loses nothing and a retry finishes the same order
 * (docs/checkout.md gives the order and why):
 *
 * 1. `started`:  the checkout record of this cart version (lines priced now, buyer, billing) and
 *    its gateway order (`payableCheckout`); the payment confirmed, its reference (`placePaidOrder`);
 * 2. `numbered`: the order number, claimed by a create-only write of its own record, then noted on
 *    the checkout;
 * 3. `listed`:   the order's marker in the buyer's history;
 * 4. `ordered`:  the order itself (from here on it exists);
 * 5. `mailed`:   the confirmation e-mail, queued once by its idempotency key;
 * 6. `emptied`:  the bought courses leave the cart (the cart remembers this checkout);
 * 7. `completed`: the checkout is marked done.
 */
import type { CartItem } from '~/lib/shared/schemas/shop';
import { sha256 } from '~/server/domain/auth/codes';
import { centsFromUsd, currencyOfCountry, isWholeCents, type Currency } from '~/lib/shared/money';
import {
  BILLING_HINTS,
  billingNeedsAddress,
  type Billing,
  type BillingRecord,
} from '~/lib/shared/schemas/billing';
import { invoiceTotals, placeOfSupplyOf, taxRatesOf } from '~/lib/shared/tax';
import { CartChanged, NotFound, Unauthorized, ValidationError } from '~/server/domain/errors';
import type { MailQueue } from '~/server/domain/mail-queue';
import { cartItems, cartLines, purchasedCourseIds } from '~/server/domain/shop/cart';
import { toInvoice } from '~/server/domain/shop/invoice';
import type { ExchangeRate } from '~/server/domain/payments/exchange-rate';
import { renderOrderConfirmation } from '~/server/domain/shop/order-mail';
import { linePricesIn, linesIn, totalIn } from '~/server/domain/shop/prices';
import { financialYearOf } from '~/lib/shared/dates';
import { formatOrderNo, seriesOf } from '~/server/domain/shop/order-numbers';
import { getCart, SKIP, updateCart } from '~/server/storage/carts';
import { getBatch, toBatch } from '~/server/storage/batches';
import { isBatchOpen } from '~/lib/shared/batch-schedule';
import { BATCH_HINTS } from '~/lib/shared/schemas/batch';
import { BATCH_ERRORS } from '~/server/domain/shop/batches';
import {
  bindGatewayOrder,
  bindKey,
  cartVersionOfKey,
  checkoutOfGatewayOrder,
  checkoutIdOf,
  getCheckout,
  startCheckout,
  updateCheckout,
  type Checkout,
} from '~/server/storage/checkouts';
import { assignNumber } from '~/server/storage/counters';
import { saveOrder, saveOrderMarker, type Order } from '~/server/storage/orders';
import { getUser } from '~/server/storage/users';
import { saveEnrolment, type EnrolmentRecord } from '~/server/storage/enrolments';

/** The steps of a checkout, in the order they are written. */
export const CHECKOUT_STEPS = [
  'started',
  'numbered',
  'listed',
  'ordered',
  'mailed',
  'emptied',
  'completed',
] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const CHECKOUT_ERRORS = {
  empty: 'Your cart is empty',
  changed: 'Your cart changed. Check it and continue.',
} as const;

/** What a checkout needs from the outside world. */
export interface CheckoutDeps {
  readonly mail: MailQueue;
  readonly now: () => Date;
  /** The site's origin, for the invoice link in the e-mail. */
  readonly siteUrl: string;
  /**
   * Called with each enrolment a placed order saved (issue 31), every time the order is placed
   * again too: the enrolment mails, queued once by their idempotency keys.
   */
  readonly enrolled?: (enrolment: EnrolmentRecord) => Promise<void>;
  /** Called after each step; tests throw from it to simulate a crash there. */
  readonly afterStep?: (step: CheckoutStep) => void;
}

/** The outcome: the order's number and the cart as it is afterwards (empty). */
export interface CheckoutResult {
  readonly orderNo: string;
  readonly cart: CartItem[];
}

/** Finds or starts the checkout this request belongs to. */
async function findOrStartCheckout(
  userId: string,
  keyHash: string | undefined,
  deps: CheckoutDeps,
): Promise<Checkout | { readonly done: string }> {
  // The cart is read before the key: a request with this key that emptied the cart bound the key
  // first, so whoever sees the emptied cart then finds the key's checkout (not 'Your cart is empty').
  const cart = await getCart(userId);
  const keyed = keyHash === undefined ? undefined : await cartVersionOfKey(userId, keyHash);
  if (keyed !== undefined) {
    const checkout = await getCheckout(userId, keyed);
    if (checkout) return checkout;
  }
  // A checkout of this very cart version that was cut short is finished, not started again.
  let checkout = await getCheckout(userId, cart.version);
  if (!checkout) {
    const lines = await cartLines(cart, await purchasedCourseIds(userId), deps.now());
    if (lines.length === 0) {
      // The same request again after it emptied the cart (no key, cart unchanged since): same answer.
      if (keyHash === undefined && cart.lastCheckout?.version === cart.version)
        return { done: cart.lastCheckout.orderNo };
      throw new ValidationError([CHECKOUT_ERRORS.empty]);
    }
    const user = await getUser(userId);
    if (!user) throw new Unauthorized(['Please sign in to continue.']);
    checkout = await startCheckout({
      userId,
      cartVersion: cart.version,
      startedAt: deps.now().toISOString(),
      billTo: { name: user.name, email: user.email },
      // Each line's prices are for all its seats (DECISIONS 55), so every sum stays the total.
      lines: lines.map(({ course, batchId, seats }) => ({
        courseId: course.id,
        name: course.name,
        url: course.url,
        review: course.review,
        courseOverview: course.courseOverview,
        listPriceCents: course.feesCents * seats,
        priceCents: course.discountedFeesCents * seats,
        listPricePaise: course.feesPaise * seats,
        pricePaise: course.discountedFeesPaise * seats,
        ...(batchId === null ? {} : { batchId }),
        seats,
      })),
    });
  }
  if (keyHash === undefined) return checkout;
  // The first cart version a key checked out stays its checkout.
  const bound = await bindKey(userId, keyHash, checkout.cartVersion);
  return bound === checkout.cartVersion ? checkout : ((await getCheckout(userId, bound)) ?? checkout);
}

/** A gateway order for a payment: what the gateway answers when asked to take `amountCents`. */
export type CreateGatewayOrder = (request: {
  readonly amountCents: number;
  readonly currency: string;
  readonly paymentNo: string;
}) => Promise<{ readonly gateway: 'razorpay' | 'test'; readonly orderId: string }>;

/** What a buyer asks to pay for (API.md, the checkout row). */
export interface PaymentRequest {
  readonly userId: string;
  readonly idempotencyKey: string | undefined;
  /** Who and where the invoice is for (checked by `BillingSchema`). */
  readonly billing: Billing;
  /**
   * What the page showed, when it says (DECISIONS 45): course ids and the total in `currency`'s
   * major units (dollars when not said).
   */
  readonly expect?:
    | {
        readonly courseIds: readonly number[];
        readonly total: number;
        readonly currency?: Currency | undefined;
      }
    | undefined;
}

/** A payment started: its number (the gateway's receipt) and the checkout it pays. */
export interface PaymentStarted {
  readonly paymentNo: string;
  readonly checkout: Checkout;
}

/** True when `expect` names exactly the checkout's courses and its total in the currency charged. */
function showsLines(
  lines: Checkout['lines'],
  expect: NonNullable<PaymentRequest['expect']>,
  currency: Currency,
): boolean {
  const ids = new Set(lines.map((line) => line.courseId));
  return (
    expect.courseIds.length === ids.size &&
    expect.courseIds.every((id) => ids.has(id)) &&
    (expect.currency ?? 'USD') === currency &&
    isWholeCents(expect.total) &&
    centsFromUsd(expect.total) === totalIn(lines, currency)
  );
}

const sameBilling = (a: BillingRecord | undefined, b: BillingRecord) =>
  a !== undefined &&
  a.name === b.name &&
  a.country === b.country &&
  a.state === b.state &&
  a.gstin === b.gstin &&
  a.address?.line === b.address?.line &&
  a.address?.city === b.address?.city &&
  a.address?.postalCode === b.address?.postalCode;

/**
 * CGST Rule 46 (DECISIONS 52): the schema asks the address of a GSTIN buyer and of a buyer
 * abroad; an Indian buyer without one is asked for it here once the taxable value reaches Rs 50,000.
 */
function checkAddress(billing: Billing, lines: Checkout['lines']): void {
  if (billing.address !== undefined || billing.country !== 'IN') return;
  const regime = placeOfSupplyOf(billing).regime;
  const taxablePaise = invoiceTotals(linePricesIn(lines, 'INR'), taxRatesOf(regime)).taxableCents;
  if (billingNeedsAddress(billing, taxablePaise)) throw new ValidationError([BILLING_HINTS.address]);
}

/**
 * Every line's batch still takes its seats (DECISIONS 54): open, with as many seats left (those
 * this checkout's own gateway order holds count as its own). 400 with a sentence otherwise, as
 * the checkout's other cart problems; a payment that gets past this and finds the batch full when
 * confirmed is refunded (`settlePayment`).
 */
async function checkBatches(checkout: Checkout, now: Date): Promise<void> {
  const claim = checkout.payment?.orderId;
  const problems = await Promise.all(
    checkout.lines.map(async (line) => {
      if (line.batchId === undefined) return BATCH_ERRORS.noOpenBatch;
      const batch = await getBatch(line.batchId);
      if (!batch || !isBatchOpen(batch, now)) return BATCH_HINTS.closed;
      const own = claim === undefined ? 0 : (batch.claims[claim] ?? 0);
      return toBatch(batch).seatsLeft + own < (line.seats ?? 1) ? BATCH_HINTS.full : undefined;
    }),
  );
  const sentences = [...new Set(problems.filter((problem) => problem !== undefined))];
  if (sentences.length > 0) throw new ValidationError(sentences);
}

/**
 * The checkout a payment of the user's cart is for (issue 18; the payment-start step itself is
 * `startPayment`, src/server/domain/payments/checkout-payment.ts): the checkout of this cart version (or key) with
 * the billing details given, and a gateway order for its total, recorded on it. No order and no
 * number yet: those come when the payment is confirmed (`placePaidOrder`), so an abandoned
 * payment leaves no gap. Repeating it answers the same payment (the billing details given last
 * before it is paid are the invoice's); two at once may each ask the gateway, and the first one
 * recorded is the one paid (the other gateway order is never paid). A page that showed another
 * cart gets `CartChanged` with the server's. A checkout already paid is answered as it is (its
 * `orderNo` set): the caller decides.
 */
export async function payableCheckout(
  request: PaymentRequest,
  deps: CheckoutDeps,
  createGatewayOrder: CreateGatewayOrder,
): Promise<PaymentStarted> {
  const { userId } = request;
  const keyHash = request.idempotencyKey ? sha256(request.idempotencyKey) : undefined;
  const found = await findOrStartCheckout(userId, keyHash, deps);
  if ('done' in found) throw new ValidationError([CHECKOUT_ERRORS.empty]);
  // The billing country decides the currency charged (DECISIONS 46).
  const currency = currencyOfCountry(request.billing.country);
  if (request.expect && !showsLines(found.lines, request.expect, currency))
    throw new CartChanged([CHECKOUT_ERRORS.changed], await cartItems(userId, undefined, deps.now()));
  if (found.payment?.reference === undefined) await checkBatches(found, deps.now());
  checkAddress(request.billing, found.lines);
  const billed = sameBilling(found.billing, request.billing)
    ? found
    : await updateCheckout(userId, found.cartVersion, (current) =>
        current.orderNo === undefined ? { ...current, billing: request.billing } : current,
      );
  const paymentNo = checkoutIdOf(billed).replace('/', '.');
  if (billed.payment) return { paymentNo, checkout: billed };
  const amountCents = totalIn(billed.lines, currency);
  const order = await createGatewayOrder({ amountCents, currency, paymentNo });
  const checkoutRecord = await bindGatewayOrder(billed, { ...order, amountCents, currency });
  return { paymentNo, checkout: checkoutRecord };
}

/** A payment as the gateway reports it, once its signature is checked. */
export interface ConfirmedPayment {
  readonly orderId: string;
  readonly paymentId: string;
  readonly amount: number;
  readonly currency: string;
  readonly status: string;
  /** A USD payment's rate to rupees, as the gateway reported it (issue 29). */
  readonly exchangeRate?: ExchangeRate | undefined;
}

export const PAYMENT_ERRORS = {
  unknown: 'There is no such payment.',
  notCaptured: 'The payment is not complete.',
  mismatch: 'The payment does not match the order.',
} as const;

/**
 * Places the order a confirmed payment paid for (the callback and the webhook of issue 18, in
 * any order, any number of times, at once: one order). The gateway's word must match what was
 * asked: the same order, amount and currency, captured.
 */
export async function placePaidOrder(payment: ConfirmedPayment, deps: CheckoutDeps): Promise<CheckoutResult> {
  const found = await checkoutOfGatewayOrder(payment.orderId);
  if (!found?.payment || found.payment.orderId !== payment.orderId)
    throw new NotFound([PAYMENT_ERRORS.unknown]);
  if (payment.status !== 'captured') throw new ValidationError([PAYMENT_ERRORS.notCaptured]);
  if (payment.amount !== found.payment.amountCents || payment.currency !== found.payment.currency)
    throw new ValidationError([PAYMENT_ERRORS.mismatch]);
  const paid =
    found.payment.reference === undefined
      ? await updateCheckout(found.userId, found.cartVersion, (current) =>
          current.payment && current.payment.reference === undefined
            ? {
                ...current,
                // The first confirmation is the time of supply (DECISIONS 47).
                payment: {
                  ...current.payment,
                  reference: payment.paymentId,
                  paidAt: deps.now().toISOString(),
                  ...(payment.exchangeRate ? { exchangeRate: { ...payment.exchangeRate } } : {}),
                },
              }
            : current,
        )
      : found;
  deps.afterStep?.('started');
  return placeOrder(paid, deps);
}

/**
 * When the invoice is issued (DECISIONS 47): when its payment was first confirmed, which decides
 * its date and financial-year series; a checkout paid before that was recorded: when it began.
 */
function issuedAtOf(checkout: Checkout): string {
  return checkout.payment?.paidAt ?? checkout.startedAt;
}

/**
 * The second half of a checkout, from the number on: numbered, listed, ordered, mailed, emptied,
 * completed. Idempotent, and safe to run concurrently for one checkout (the payment callback and
 * webhook, which place the order of a paid checkout, any number of times, at once): the number
 * is claimed for the checkout, the order is created only if new, the e-mail is queued once by its
 * key, so any number of runs make one order with one number.
 */
export async function placeOrder(checkoutRecord: Checkout, deps: CheckoutDeps): Promise<CheckoutResult> {
  const step = (name: CheckoutStep) => deps.afterStep?.(name);
  const userId = checkoutRecord.userId;
  let found = checkoutRecord;
  if (found.orderNo === undefined) {
    const series = seriesOf(financialYearOf(new Date(issuedAtOf(found))));
    const orderNo = formatOrderNo(series, await assignNumber(series, checkoutIdOf(found)));
    found = await updateCheckout(userId, found.cartVersion, (current) => ({
      ...current,
      orderNo: current.orderNo ?? orderNo,
    }));
  }
  const orderNo = found.orderNo!;
  step('numbered');

  await saveOrderMarker(userId, orderNo);
  step('listed');

  const reference = found.payment?.reference;
  const currency = found.payment?.currency === 'INR' ? 'INR' : 'USD';
  const placed: Order = {
    orderNo,
    userId,
    placedAt: issuedAtOf(found),
    lines: linesIn(found.lines, currency),
    currency,
    billTo: found.billTo,
    ...(found.billing ? { billing: found.billing } : {}),
    ...(reference ? { payment: { gateway: found.payment!.gateway, reference } } : {}),
  };
  // The invoice is stored as issued (DECISIONS 47): later changes to the site's settings (seller,
  // rates, LUT reference, place-of-supply rule) change only later invoices.
  const order: Order = await saveOrder({
    ...placed,
    invoice: toInvoice(placed, found.payment?.exchangeRate),
  });
  // Another checkout's order under this number (a counter restored from an old backup) stops here,
  // before the cart loses the courses this checkout did not place.
  if (order.userId !== userId || order.placedAt !== issuedAtOf(found)) {
    throw new Error(`Order number ${orderNo} already belongs to another order`);
  }
  await saveEnrolmentsOf(order, deps);
  step('ordered');

  await deps.mail.queue({
    ...renderOrderConfirmation(order, deps.siteUrl),
    to: [order.billTo.email],
    idempotencyKey: `order-${orderNo}`,
  });
  step('mailed');

  const bought = new Set(order.lines.map((line) => line.courseId));
  const cart = await updateCart(userId, (current) =>
    current.lastCheckout?.orderNo === orderNo
      ? SKIP
      : {
          ...current,
          courseIds: current.courseIds.filter((id) => !bought.has(id)),
          choices: Object.fromEntries(
            Object.entries(current.choices ?? {}).filter(([id]) => !bought.has(Number(id))),
          ),
          lastCheckout: { version: current.version + 1, orderNo },
        },
  );
  step('emptied');

  if (found.completedAt === undefined) {
    const completedAt = deps.now().toISOString();
    await updateCheckout(userId, found.cartVersion, (current) => ({
      ...current,
      completedAt: current.completedAt ?? completedAt,
    }));
  }
  step('completed');

  return { orderNo, cart: await cartItems(userId, cart, deps.now()) };
}

/**
 * One enrolment per line of the order that names a batch (DECISIONS 55, 56): its batch, seats and
 * buyer, no attendees yet; written only if new, so placing the order again changes nothing.
 */
async function saveEnrolmentsOf(order: Order, deps: CheckoutDeps): Promise<void> {
  const buyer = { userId: order.userId, name: order.billTo.name, email: order.billTo.email };
  await Promise.all(
    order.lines.map(async (line) => {
      if (line.batchId === undefined) return;
      const enrolment = await saveEnrolment({
        orderNo: order.orderNo,
        courseId: line.courseId,
        courseName: line.name,
        batchId: line.batchId,
        seats: line.seats ?? 1,
        buyer,
        attendees: [],
        enrolledAt: order.placedAt,
      });
      await deps.enrolled?.(enrolment);
    }),
  );
}
