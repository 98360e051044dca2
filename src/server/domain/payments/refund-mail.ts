/**
 * The e-mails telling a buyer of a refund by staff (DECISIONS 49): what goes back and why; once
 * the gateway says the money went back, with the link to the credit note. While the refund is
 * pending, the mail says so and promises the credit note. Each sent once per refund.
 */
import { formatMoney } from '~/lib/shared/money';
import {
  detailRow,
  escapeHtml,
  mailFrame,
  type RenderedMail,
  firstNameOf,
} from '~/server/domain/mail-templates';
import type { Order } from '~/server/storage/orders';
import type { OrderRefund } from '~/server/storage/refunds';
import { site } from '~/site.config';

/**
 * Renders the refund mail; `siteUrl` is the site's origin for the credit note's link. A refund
 * with no credit note yet is pending: the mail says the money is on its way. `cancelsSessions`:
 * the mail carries the cancellation of the refunded batches' sessions (issue 42, item 6), and
 * says so.
 */
export function renderRefundMail(
  order: Order,
  refund: OrderRefund,
  siteUrl: string,
  cancelsSessions = false,
): RenderedMail {
  const { creditNoteNo } = refund;
  // The order goes along: the credit note is read as the order's (API.md).
  const noteUrl = `${siteUrl}/credit-note?id=${encodeURIComponent(creditNoteNo ?? '')}&order=${encodeURIComponent(order.orderNo)}`;
  const firstName = firstNameOf(order.billTo.name);
  // In the currency paid (DECISIONS 46).
  const money = (cents: number) => formatMoney(cents, order.currency ?? 'USD');
  const amount = money(refund.amountCents);
  const courses = order.lines.filter((line) => refund.courseIds.includes(line.courseId));
  const lead = creditNoteNo
    ? `We have refunded ${amount} of your order ${order.orderNo}. It reaches your account in 5-7 working days.`
    : `We have asked our payment gateway to refund ${amount} of your order ${order.orderNo}: the refund is pending. We will e-mail you its credit note as soon as the gateway confirms it.`;
  const calendar = cancelsSessions
    ? 'The attached calendar file removes the sessions of the refunded course from your calendar: open it, or your calendar may do so by itself. The course stays in My courses, marked refunded.'
    : undefined;
  const body = `<p style="margin:0 0 12px;">Dear ${escapeHtml(firstName)},</p>
<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
${calendar ? `<p style="margin:0 0 16px;">${escapeHtml(calendar)}</p>` : ''}
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;margin-bottom:16px;">
${detailRow('Order', escapeHtml(order.orderNo))}
${detailRow('Refunded', escapeHtml(courses.map((line) => line.name).join(', ')))}
${detailRow('Reason', escapeHtml(refund.reason))}
${creditNoteNo ? detailRow('Credit note', escapeHtml(creditNoteNo)) : ''}
</table>
${creditNoteNo ? `<p style="margin:20px 0 0;"><a href="${escapeHtml(noteUrl)}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;">View and print your credit note</a></p>` : ''}`;
  return {
    subject: creditNoteNo
      ? `Refund of ${amount} for order ${order.orderNo} - ${site.name}`
      : `Refund of ${amount} for order ${order.orderNo} is pending - ${site.name}`,
    html: mailFrame(creditNoteNo ? 'Your refund' : 'Your refund is pending', body),
    text: [
      `Dear ${firstName},`,
      '',
      lead,
      '',
      ...(calendar ? [calendar, ''] : []),
      ...courses.map((line) => `- ${line.name}: ${money(line.priceCents)}`),
      `Reason: ${refund.reason}`,
      ...(creditNoteNo ? [`Credit note: ${creditNoteNo}`, '', `Your credit note: ${noteUrl}`] : []),
    ].join('\n'),
  };
}
