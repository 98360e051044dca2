/**
 * The e-mail telling a buyer of a refund by staff (DECISIONS 49): what goes back, why, and the
 * link to the credit note. Sent once per refund.
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

/** Renders the refund mail; `siteUrl` is the site's origin for the credit note's link. */
export function renderRefundMail(order: Order, refund: OrderRefund, siteUrl: string): RenderedMail {
  // The order goes along: the credit note is read as the order's (API.md).
  const noteUrl = `${siteUrl}/credit-note?id=${encodeURIComponent(refund.creditNoteNo ?? '')}&order=${encodeURIComponent(order.orderNo)}`;
  const firstName = firstNameOf(order.billTo.name);
  // In the currency paid (DECISIONS 46).
  const money = (cents: number) => formatMoney(cents, order.currency ?? 'USD');
  const amount = money(refund.amountCents);
  const courses = order.lines.filter((line) => refund.courseIds.includes(line.courseId));
  const lead = `We have refunded ${amount} of your order ${order.orderNo}. It reaches your account in 5-7 working days.`;
  const body = `<p style="margin:0 0 12px;">Dear ${escapeHtml(firstName)},</p>
<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;margin-bottom:16px;">
${detailRow('Order', escapeHtml(order.orderNo))}
${detailRow('Refunded', escapeHtml(courses.map((line) => line.name).join(', ')))}
${detailRow('Reason', escapeHtml(refund.reason))}
${refund.creditNoteNo ? detailRow('Credit note', escapeHtml(refund.creditNoteNo)) : ''}
</table>
<p style="margin:20px 0 0;"><a href="${escapeHtml(noteUrl)}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;">View and print your credit note</a></p>`;
  return {
    subject: `Refund of ${amount} for order ${order.orderNo} - ${site.name}`,
    html: mailFrame('Your refund', body),
    text: [
      `Dear ${firstName},`,
      '',
      lead,
      '',
      ...courses.map((line) => `- ${line.name}: ${money(line.priceCents)}`),
      `Reason: ${refund.reason}`,
      ...(refund.creditNoteNo ? [`Credit note: ${refund.creditNoteNo}`] : []),
      '',
      `Your credit note: ${noteUrl}`,
    ].join('\n'),
  };
}
