/**
 * `GET /api/account/data` (docs/api.md, "Your account"; DECISIONS 63): everything held on a
 * customer in one JSON file a person can read: keys in words, instants in ISO 8601 with India's
 * offset, money in rupees or dollars (not paise or cents). Each part is chosen field by field, so
 * a hash, a token, a salt or another person's data never reaches it; only what the records say
 * of this user, and of the orders and enrolments they bought.
 */
import { isoInIndia } from '~/lib/shared/dates';
import { site } from '~/site.config';
import { accountOf } from '~/server/domain/auth/your-account';
import { listDevices } from '~/server/domain/auth/your-account';
import type { SessionUser } from '~/server/domain/auth/sessions';
import { getCart } from '~/server/storage/carts';
import { getContactMessage, leadIdsFromEmail } from '~/server/storage/contact-messages';
import { listEnrolmentsOf, type EnrolmentRecord } from '~/server/storage/enrolments';
import { listOrdersOfUser, type Order } from '~/server/storage/orders';
import { getPayment } from '~/server/storage/payments';
import { getCreditNote, refundsOfOrder } from '~/server/storage/refunds';

/** What the file says of itself, first. */
const ABOUT =
  `Everything ${site.legalName} holds on you, as of the time below. ` +
  'Times are Indian Standard Time. Amounts are in the currency named beside them. ' +
  'Invoices and credit notes are kept for 8 years after a deletion (GST law, CGST Act s.36).';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/** `taxableValue` -> `Taxable value`, `gstin` -> `GSTIN`. */
function words(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .replace(/\b(gstin|gst|igst|cgst|sgst|hsn|sac|lut|usd|inr|id|url)\b/g, (word) => word.toUpperCase());
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * A record in words: keys as words, UTC instants with India's offset, `...Cents` and `...Paise`
 * amounts in major units under the key without the suffix. Arrays and nested records alike.
 */
export function inWords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inWords);
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? isoInIndia(value) : value;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner === undefined) continue;
    const minor = /^(.*?)(Cents|Paise)$/.exec(key);
    if (minor && typeof inner === 'number') out[words(minor[1] || 'amount')] = inner / 100;
    else out[/^[A-Z]/.test(key) ? key : words(key)] = inWords(inner);
  }
  return out;
}

/** An order with its invoice, refunds, credit notes and the payment that paid for it. */
async function orderPart(order: Order) {
  const [refunds, payment] = await Promise.all([
    refundsOfOrder(order.orderNo),
    order.payment ? getPayment(order.payment.reference) : undefined,
  ]);
  const creditNotes = await Promise.all(
    refunds.flatMap((refund) => (refund.creditNoteNo ? [getCreditNote(refund.creditNoteNo)] : [])),
  );
  return {
    orderNo: order.orderNo,
    placedAt: order.placedAt,
    currency: order.currency ?? 'USD',
    courses: order.lines,
    billedTo: order.billTo,
    ...(order.billing ? { billing: order.billing } : {}),
    ...(order.invoice ? { invoice: order.invoice } : {}),
    refunds: refunds.map((refund) => ({
      courseIds: refund.courseIds,
      amountCents: refund.amountCents,
      currency: refund.currency,
      state: refund.state,
      at: refund.at,
      ...(refund.processedAt ? { processedAt: refund.processedAt } : {}),
      ...(refund.creditNoteNo ? { creditNoteNo: refund.creditNoteNo } : {}),
    })),
    creditNotes: creditNotes.filter((note) => note !== undefined),
    ...(payment
      ? {
          payment: {
            paymentId: payment.paymentId,
            amountCents: payment.amountCents,
            currency: payment.currency,
            status: payment.status,
            at: payment.at,
          },
        }
      : {}),
  };
}

/** An enrolment as its buyer sees it (the people they named) or as an attendee does (only themselves). */
function enrolmentPart(enrolment: EnrolmentRecord, user: { userId: string; email: string }) {
  const bought = enrolment.buyer.userId === user.userId;
  return {
    orderNo: enrolment.orderNo,
    course: enrolment.courseName,
    batchId: enrolment.batchId,
    enrolledAt: enrolment.enrolledAt,
    ...(bought
      ? { seats: enrolment.seats, attendeesYouNamed: enrolment.attendees }
      : {
          youAreNamedAs: enrolment.attendees.filter(
            (attendee) => attendee.email.toLowerCase() === user.email.toLowerCase(),
          ),
        }),
  };
}

/** The whole file, in words. */
export async function accountData(session: SessionUser, now: Date): Promise<unknown> {
  const user = await accountOf(session.userId);
  const [devices, cart, orders, enrolments] = await Promise.all([
    listDevices(session, now),
    getCart(user.userId),
    listOrdersOfUser(user.userId),
    listEnrolmentsOf({ userId: user.userId, email: user.email }),
  ]);
  const leads = (await Promise.all((await leadIdsFromEmail(user.email)).map(getContactMessage))).filter(
    (lead) => lead !== undefined,
  );
  const bought = enrolments.filter((enrolment) => enrolment.buyer.userId === user.userId);
  // Each notice shown beside a form they sent, with when (DECISIONS 63); none before notices.
  const notices = [
    ...(user.notice ? [{ form: 'Sign-up', ...user.notice }] : []),
    ...orders.flatMap((order) =>
      order.notice ? [{ form: `Checkout of order ${order.orderNo}`, ...order.notice }] : [],
    ),
    ...bought.flatMap((enrolment) =>
      enrolment.attendeesNotice
        ? [{ form: `Attendees of order ${enrolment.orderNo}`, ...enrolment.attendeesNotice }]
        : [],
    ),
    ...leads.flatMap((lead) =>
      lead.notice ? [{ form: lead.form === 'quote' ? 'Get A Quote' : 'Contact form', ...lead.notice }] : [],
    ),
  ];
  const named = enrolments.filter((enrolment) => enrolment.buyer.userId !== user.userId);
  return {
    'About this file': ABOUT,
    'Made at': isoInIndia(now.toISOString()),
    ...(inWords({
      profile: {
        userId: user.userId,
        name: user.name,
        email: user.email,
        mobile: user.mobile,
        accountCreatedAt: user.createdAt,
        ...(user.billing ? { savedBillingDetails: user.billing } : {}),
      },
      signedInDevices: devices.map(({ device, createdAt, lastSeenAt, current }) => ({
        device,
        signedInAt: createdAt,
        lastSeenAt,
        ...(current ? { thisDevice: true } : {}),
      })),
      cart: { courseIds: cart.courseIds, ...(cart.choices ? { batchesAndSeats: cart.choices } : {}) },
      orders: await Promise.all(orders.map(orderPart)),
      enrolmentsYouBought: bought.map((enrolment) => enrolmentPart(enrolment, user)),
      coursesYouAreNamedOn: named.map((enrolment) => enrolmentPart(enrolment, user)),
      messagesYouSentUs: leads.map((lead) => ({
        receivedAt: lead.receivedAt,
        form: lead.form === 'quote' ? 'Get A Quote' : 'Contact form',
        name: lead.name,
        phone: lead.phone,
        email: lead.email,
        message: lead.message,
      })),
      noticesYouWereShown: notices,
    }) as Record<string, unknown>),
  };
}
