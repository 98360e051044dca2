/**
 * What the buyer is told of a payment that was not kept (DECISIONS 48; issue 28, item 3): the
 * e-mail, sent once per payment, and the sentence the payment status call answers.
 */
import { formatMoney, formatUsd } from '~/lib/shared/money';
import { BATCH_HINTS } from '~/lib/shared/schemas/batch';
import {
  detailRow,
  escapeHtml,
  mailFrame,
  type RenderedMail,
  firstNameOf,
} from '~/server/domain/mail-templates';
import type { Checkout } from '~/server/storage/checkouts';
import type { PaymentRecord } from '~/server/storage/payments';
import { site } from '~/site.config';

/** Why, as the buyer reads it (the start of a sentence). */
const BECAUSE: Readonly<Record<string, string>> = {
  'already-paid': 'This order was already paid',
  owned: 'You already own a course of this checkout',
  'no-checkout': 'This checkout had expired',
  // Any billing change makes a new gateway order (DECISIONS 58): a state or name in another tab too.
  replaced: 'This payment was started before the billing details were changed (in this tab or another)',
  amount: "The amount paid differs from the checkout's",
  domestic: 'Your billing country is outside India but the payment was made with an Indian card or account',
  full: 'The last seats of your batch went to other buyers while you were paying',
};

/** What to do next, when there is something. */
const NEXT: Readonly<Record<string, string>> = {
  owned: ' Check your cart and pay again for the other courses.',
  'no-checkout': ' Add the courses to your cart again and pay.',
  replaced: ' Pay from your cart with the billing details it shows now.',
  domestic: ' Choose India as the billing country and pay again.',
  // BATCH_HINTS.full, the sentence checkout answers for a full batch.
  full: ` ${BATCH_HINTS.full}`,
};

/** An amount in the smallest unit as people read it (`$139.00`, `₹11,999.00`, `EUR 1,180.00`). */
export function formatAmount(cents: number, currency: string): string {
  if (currency === 'USD' || currency === 'INR') return formatMoney(cents, currency);
  return `${currency} ${formatUsd(cents).slice(1)}`;
}

/**
 * The sentence for the buyer about a refused payment: refunded in full, or never taken (only
 * authorised). Undefined for any other outcome.
 */
export function refusedPaymentMessage(record: PaymentRecord): string | undefined {
  const because = BECAUSE[record.reasonCode ?? ''] ?? 'This payment could not be matched to an order';
  const amount = formatAmount(record.amountCents, record.currency);
  const next = NEXT[record.reasonCode ?? ''] ?? '';
  if (record.outcome === 'not-captured')
    return `${because}, so your payment of ${amount} was not taken: your bank releases the amount it held.${next}`;
  if (record.outcome === 'refunded' || record.refund !== undefined)
    return `${because}, so your payment of ${amount} was refunded in full. It reaches your account in 5-7 working days.${next}`;
  return undefined;
}

/** The e-mail telling the buyer a payment was refunded or not taken, and why. */
export function renderPaymentRefused(
  record: PaymentRecord,
  code: string,
  checkout: Pick<Checkout, 'billTo'>,
  siteUrl: string,
): RenderedMail {
  const message = refusedPaymentMessage({ ...record, reasonCode: code }) ?? '';
  const firstName = firstNameOf(checkout.billTo.name);
  const historyUrl = `${siteUrl}/purchasehistory`;
  const body = `<p style="margin:0 0 12px;">Dear ${escapeHtml(firstName)},</p>
<p style="margin:0 0 16px;">${escapeHtml(message)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;margin-bottom:16px;">
${detailRow('Payment', escapeHtml(record.paymentId))}
${detailRow('Amount', escapeHtml(formatAmount(record.amountCents, record.currency)))}
</table>
<p style="margin:0;">Your purchases are in <a href="${escapeHtml(historyUrl)}">your purchase history</a>. Questions? Reply to this e-mail.</p>`;
  const title =
    record.outcome === 'not-captured' ? 'Your payment was not taken' : 'Your payment was refunded';
  return {
    subject: `${title} - ${site.name}`,
    html: mailFrame(title, body),
    text: [
      `Dear ${firstName},`,
      '',
      message,
      '',
      `Payment: ${record.paymentId}`,
      `Amount:  ${formatAmount(record.amountCents, record.currency)}`,
      '',
      `Your purchases: ${historyUrl}`,
    ].join('\n'),
  };
}
