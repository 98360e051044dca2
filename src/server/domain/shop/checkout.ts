/**
 * Checkout (DECISIONS 11, 31, 32, 36, 38): a payment for the cart at the catalogue's prices of
 * that moment, and once the gateway confirms it, one order. It spans several blobs and is written
 * so that a crash between any two steps loses nothing and a retry finishes the same order
 * (docs/checkout.md gives the order and why):
 *
 * 1. `started`:  the checkout record of this cart version (lines priced now, buyer) and its
 *    gateway order with the billing it was made for (`payableCheckout`); once the payment is
 *    captured, its reference and the time of supply (`issueInvoice`);
 * 2. `numbered`: the order number, claimed by a create-only write of its own record, then noted on
 *    the checkout, and the invoice made as issued (`issueInvoice`);
 * 3. `listed`:   the order's marker in the buyer's history (`placeOrder`, as the rest but the mail);
 * 4. `ordered`:  the order itself (from here on it exists), and its enrolments;
 * 5. `emptied`:  the bought courses leave the cart (the cart remembers this checkout);
 * 6. `completed`: the checkout is marked done;
 * 7. `mailed`:   the confirmation e-mail, queued once by its idempotency key (`queueConfirmation`).
 *
 * `settlePayment` (src/server/domain/payments/payment-decision.ts) runs them after the capture.
 */
import { OUR_GSTIN, refuseOurGstin } from '~/server/domain/shop/our-gstin';
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
import { CartChanged, Conflict, Unauthorized, ValidationError } from '~/server/domain/errors';
import { noticeAccepted } from '~/server/domain/notices';
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
  checkoutIdOf,
  getCheckout,
  startCheckout,
  updateCheckout,
  type Checkout,
} from '~/server/storage/checkouts';
import { assignNumber } from '~/server/storage/counters';
import { isGatewayOrderClaimed } from '~/server/storage/payments';
import { saveOrder, saveOrderMarker, type Order } from '~/server/storage/orders';
import { getUser } from '~/server/storage/users';
import { saveEnrolment, type EnrolmentRecord } from '~/server/storage/enrolments';

/** The steps of a checkout, in the order they are written. */
export const CHECKOUT_STEPS = [
  'started',
  'numbered',
  'listed',
  'ordered',
  'emptied',
  'completed',
  'mailed',
] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const CHECKOUT_ERRORS = {
  empty: 'Your cart is empty',
  changed: 'Your cart changed. Check it and continue.',
  settling:
    'A payment of this cart is being confirmed. Wait a minute, then look in your purchase history before paying again.',
  ourGstin: OUR_GSTIN,
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
): Promise<Checkout> {
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
    // Without a key, a request after the order emptied the cart is a new one: its cart is empty
    // (a repeat with the key finds the key's checkout above, paid).
    if (lines.length === 0) throw new ValidationError([CHECKOUT_ERRORS.empty]);
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
  /** The version of the notice shown beside the billing form (DECISIONS 63), if the call named one. */
  readonly notice?: string | undefined;
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

/** True when two billings would print the same invoice (DECISIONS 58): every field alike. */
export const sameBilling = (a: BillingRecord | undefined, b: BillingRecord) =>
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
 * `startPayment`, src/server/domain/payments/checkout-payment.ts): the checkout of this cart
 * version (or key) and a gateway order for its total, made for the billing given (DECISIONS 58).
 * No order and no number yet: those come when the payment is confirmed, so an abandoned payment
 * leaves no gap. The gateway order is reused only for the same amount, currency and billing;
 * anything else (another tab's billing, a billing country that changes the currency) gets a new
 * gateway order in place of the unpaid one, in one write with its billing, so a payment of the
 * old one is refused (`replaced`) and the invoice always carries the billing of the gateway order
 * that was paid. Not once a payment of it is being settled (`claimedBy`): 409. Two tabs at once
 * may each ask the gateway; the one recorded last is the one paid. A page that showed another
 * cart gets `CartChanged` with the server's. A checkout already paid is answered as it is (its
 * `orderNo` or payment reference set): the caller decides.
 */
export async function payableCheckout(
  request: PaymentRequest,
  deps: CheckoutDeps,
  createGatewayOrder: CreateGatewayOrder,
): Promise<PaymentStarted> {
  const { userId, billing } = request;
  // Before anything is read or written: a page showing an old notice is asked to reload (DECISIONS 63).
  const notice = noticeAccepted('checkout', request.notice, deps.now());
  const keyHash = request.idempotencyKey ? sha256(request.idempotencyKey) : undefined;
  const found = await findOrStartCheckout(userId, keyHash, deps);
  refuseOurGstin(billing);
  // The billing country decides the currency charged (DECISIONS 46).
  const currency = currencyOfCountry(billing.country);
  if (request.expect && !showsLines(found.lines, request.expect, currency))
    throw new CartChanged([CHECKOUT_ERRORS.changed], await cartItems(userId, undefined, deps.now()));
  const paid = (checkout: Checkout) =>
    checkout.orderNo !== undefined || checkout.payment?.reference !== undefined;
  if (!paid(found)) await checkBatches(found, deps.now());
  checkAddress(billing, found.lines);
  const paymentNo = checkoutIdOf(found).replace('/', '.');
  const amountCents = totalIn(found.lines, currency);
  let checkout = found;
  // A lost race with another tab's gateway order looks again: at most a few times.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const asked = checkout.payment;
    const reusable =
      asked !== undefined &&
      asked.currency === currency &&
      asked.amountCents === amountCents &&
      sameBilling(checkout.billing, billing);
    if (paid(checkout) || reusable) return { paymentNo, checkout };
    // A payment of the gateway order is being settled: its claim on the checkout (the write that
    // decides), or its claim of the gateway order a moment before it.
    if (asked && (asked.claimedBy !== undefined || (await isGatewayOrderClaimed(asked.orderId))))
      throw new Conflict([CHECKOUT_ERRORS.settling]);
    const order = await createGatewayOrder({ amountCents, currency, paymentNo });
    checkout = await bindGatewayOrder(
      checkout,
      { ...order, amountCents, currency },
      billing,
      asked?.orderId,
      notice,
    );
    if (checkout.payment?.orderId === order.orderId) return { paymentNo, checkout };
  }
  throw new Conflict([CHECKOUT_ERRORS.settling]);
}

/** A captured payment, as the invoice records it: its id and, for dollars, its rupee rate. */
export interface ConfirmedPayment {
  readonly paymentId: string;
  /** A USD payment's rate to rupees, as the gateway reported it (issue 29). */
  readonly exchangeRate?: ExchangeRate | undefined;
}

/** The order a paid checkout places, and the checkout as it was when the invoice was issued. */
export interface IssuedOrder {
  readonly checkout: Checkout;
  readonly order: Order;
}

/**
 * The steps after the capture call this on every run: a crash between any two is finished by the
 * next callback or webhook, which runs them all again.
 */
const stepDone = (deps: CheckoutDeps, name: CheckoutStep) => deps.afterStep?.(name);

/**
 * When the invoice is issued (DECISIONS 47): when its payment was first confirmed, which decides
 * its date and financial-year series; a checkout paid before that was recorded: when it began.
 */
function issuedAtOf(checkout: Checkout): string {
  return checkout.payment?.paidAt ?? checkout.startedAt;
}

/**
 * The invoice of a captured payment (DECISIONS 47, 57, 58), for the checkout the payment's claim
 * answered (read once, passed down: never read again after the capture, so nothing here refuses
 * a payment whose money is taken). Records the payment's reference, the time of supply and the
 * rupee rate on the checkout (the first confirmation's stay), takes the order number the
 * checkout's id holds in that year's series, and makes the invoice from the checkout's lines and
 * the billing its gateway order was made for. Idempotent.
 */
export async function issueInvoice(
  claimed: Checkout,
  payment: ConfirmedPayment,
  deps: CheckoutDeps,
): Promise<IssuedOrder> {
  let checkout = claimed;
  if (checkout.payment?.reference === undefined) {
    checkout = await updateCheckout(claimed.userId, claimed.cartVersion, (current) =>
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
    );
  }
  stepDone(deps, 'started');
  if (checkout.orderNo === undefined) {
    const series = seriesOf(financialYearOf(new Date(issuedAtOf(checkout))));
    const orderNo = formatOrderNo(series, await assignNumber(series, checkoutIdOf(checkout)));
    checkout = await updateCheckout(checkout.userId, checkout.cartVersion, (current) => ({
      ...current,
      orderNo: current.orderNo ?? orderNo,
    }));
  }
  stepDone(deps, 'numbered');
  const reference = checkout.payment?.reference;
  const currency = checkout.payment?.currency === 'INR' ? 'INR' : 'USD';
  const placed: Order = {
    orderNo: checkout.orderNo!,
    userId: checkout.userId,
    placedAt: issuedAtOf(checkout),
    lines: linesIn(checkout.lines, currency),
    currency,
    billTo: checkout.billTo,
    ...(checkout.billing ? { billing: checkout.billing } : {}),
    ...(checkout.notice !== undefined ? { notice: checkout.notice } : {}),
    ...(reference ? { payment: { gateway: checkout.payment!.gateway, reference } } : {}),
  };
  // The invoice is stored as issued (DECISIONS 47): later changes to the site's settings (seller,
  // rates, LUT reference, place-of-supply rule) change only later invoices.
  return { checkout, order: { ...placed, invoice: toInvoice(placed, checkout.payment?.exchangeRate) } };
}

/**
 * Places an issued order: listed in the buyer's history, stored (only under a number this
 * checkout won: `saveOrder` refuses another's, DECISIONS 57) with its enrolments, the bought
 * courses out of the cart, the checkout done. Idempotent and safe to run at once for one checkout.
 */
export async function placeOrder(issued: IssuedOrder, deps: CheckoutDeps): Promise<CheckoutResult> {
  const { checkout } = issued;
  const { userId, orderNo } = issued.order;
  await saveOrderMarker(userId, orderNo);
  stepDone(deps, 'listed');

  const order = await saveOrder(issued.order);
  await saveEnrolmentsOf(order, deps);
  stepDone(deps, 'ordered');

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
  stepDone(deps, 'emptied');

  if (checkout.completedAt === undefined) {
    const completedAt = deps.now().toISOString();
    await updateCheckout(userId, checkout.cartVersion, (current) => ({
      ...current,
      completedAt: current.completedAt ?? completedAt,
    }));
  }
  stepDone(deps, 'completed');
  return { orderNo, cart: await cartItems(userId, cart, deps.now()) };
}

/** The buyer's confirmation e-mail, queued once by its idempotency key however often it is asked. */
export async function queueConfirmation(order: Order, deps: CheckoutDeps): Promise<void> {
  await deps.mail.queue({
    ...renderOrderConfirmation(order, deps.siteUrl),
    to: [order.billTo.email],
    idempotencyKey: `order-${order.orderNo}`,
  });
  stepDone(deps, 'mailed');
}

/**
 * One enrolment per line of the order that names a batch (DECISIONS 55, 56): its batch, seats and
 * buyer; a one-seat buyer is its attendee (issue 42, item 6), a buyer of more names them (and
 * says whether they attend) in My courses; written only if new, so placing the order again
 * changes nothing.
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
        ...((line.seats ?? 1) === 1
          ? { attendees: [{ name: buyer.name, email: buyer.email }], buyerAttends: true }
          : { attendees: [] }),
        enrolledAt: order.placedAt,
      });
      await deps.enrolled?.(enrolment);
    }),
  );
}
