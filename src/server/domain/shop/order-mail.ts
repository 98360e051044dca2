/**
 * The order confirmation e-mail (DECISIONS 33; issue 18): order number, lines (with their seats
 * when more than one, DECISIONS 55), what was paid (with the payment reference and the tax it
 * includes) and the invoice link. Sent once per placed order, whichever of the payment callback
 * and webhook placed it.
 */
import { formatIst } from '~/lib/shared/dates';
import { formatMoney, sumCents } from '~/lib/shared/money';
import {
  detailRow,
  escapeHtml,
  mailFrame,
  type RenderedMail,
  firstNameOf,
} from '~/server/domain/mail-templates';
import type { Order } from '~/server/storage/orders';
import { site } from '~/site.config';

/** Renders the confirmation of `order`; `siteUrl` is the site's origin for the invoice link. */
export function renderOrderConfirmation(order: Order, siteUrl: string): RenderedMail {
  const invoiceUrl = `${siteUrl}/invoice?id=${encodeURIComponent(order.orderNo)}`;
  // Prices in the currency paid (DECISIONS 46): rupees for a buyer in India.
  const currency = order.currency ?? 'USD';
  const money = (cents: number) => formatMoney(cents, currency);
  const total = money(sumCents(order.lines.map((line) => line.priceCents)));
  const firstName = firstNameOf(order.billTo.name);
  const exported = order.billing !== undefined && order.billing.country !== 'IN';
  const totalLabel = exported ? 'Total (export: no GST)' : 'Total (GST included)';
  const paid = order.payment
    ? `Paid ${total}, payment reference ${order.payment.reference}${order.payment.gateway === 'test' ? ' (test payment: no money moved)' : ''}.`
    : undefined;
  // A team's line (DECISIONS 55) says its seats and the price of one, as the invoice's quantity
  // and rate do: `3 seats × $174.99`; a line's price is for all its seats.
  const seatsOf = (line: Order['lines'][number]) => {
    const seats = line.seats ?? 1;
    return seats > 1 ? `${seats} seats × ${money(Math.round(line.priceCents / seats))}` : undefined;
  };
  const rows = order.lines
    .map((line) => {
      const seats = seatsOf(line);
      const name = seats
        ? `${escapeHtml(line.name)}<br><span style="color:#475569;font-size:14px;">${escapeHtml(seats)}</span>`
        : escapeHtml(line.name);
      return `<tr><td style="padding:8px 0;border-bottom:1px solid #e2e8f0;">${name}</td><td style="padding:8px 0;border-bottom:1px solid #e2e8f0;text-align:right;white-space:nowrap;vertical-align:top;">${escapeHtml(money(line.priceCents))}</td></tr>`;
    })
    .join('');
  const body = `<p style="margin:0 0 12px;">Dear ${escapeHtml(firstName)},</p>
<p style="margin:0 0 16px;">Thank you for your order. Your courses are confirmed.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;margin-bottom:16px;">
${detailRow('Order', escapeHtml(order.orderNo))}
${detailRow('Date', escapeHtml(formatIst(order.placedAt)))}
</table>
${paid ? `<p style="margin:0 0 16px;">${escapeHtml(paid)}</p>` : ''}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:15px;">${rows}
<tr><td style="padding:10px 0;font-weight:bold;">${totalLabel}</td><td style="padding:10px 0;text-align:right;font-weight:bold;">${escapeHtml(total)}</td></tr></table>
<p style="margin:20px 0 0;"><a href="${escapeHtml(invoiceUrl)}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;">View and print your tax invoice</a></p>`;
  return {
    subject: `Order ${order.orderNo} confirmed - ${site.name}`,
    html: mailFrame('Your order is confirmed', body),
    text: [
      `Dear ${firstName},`,
      '',
      'Thank you for your order. Your courses are confirmed.',
      '',
      `Order: ${order.orderNo}`,
      `Date:  ${formatIst(order.placedAt)}`,
      '',
      ...order.lines.map((line) => {
        const seats = seatsOf(line);
        return `- ${line.name}${seats ? ` (${seats})` : ''}: ${money(line.priceCents)}`;
      }),
      `${totalLabel}: ${total}`,
      ...(paid ? ['', paid] : []),
      '',
      `Your tax invoice: ${invoiceUrl}`,
    ].join('\n'),
  };
}
