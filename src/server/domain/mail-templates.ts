/**
 * Branded e-mail templates: table-based HTML with inline styles (what mail clients render) and a
 * plain-text part. Everything a visitor typed is HTML-escaped.
 */
import { formatIst } from '~/lib/shared/dates';
import type { ContactMessage } from '~/lib/shared/schemas/contact-message';
import { formatAddress, site } from '~/site.config';

/** A rendered e-mail body. */
export interface RenderedMail {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The name a mail greets someone by: the first word of their name ('Dear Priya,'). */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Escaped text with line breaks kept. */
function paragraphs(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

/** The shared frame of every e-mail: brand bar, a white card with the title, and the company footer. */
export function mailFrame(title: string, bodyHtml: string): string {
  const address = escapeHtml(formatAddress(site.addresses.registered));
  return `<!doctype html>
<html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;">
<tr><td style="background:#0b3b3a;padding:20px 28px;border-radius:12px 12px 0 0;">
<span style="font-size:20px;font-weight:bold;color:#ffffff;">${escapeHtml(site.name)}</span>
<span style="display:block;font-size:12px;letter-spacing:2px;color:#ccfbf1;text-transform:uppercase;">${escapeHtml(site.tagline)}</span>
</td></tr>
<tr><td style="background:#ffffff;padding:28px;border-left:1px solid #e2e8f0;border-right:1px solid #e2e8f0;font-size:15px;line-height:1.6;">
<h1 style="margin:0 0 16px;font-size:20px;color:#0f766e;">${escapeHtml(title)}</h1>
${bodyHtml}
</td></tr>
<tr><td style="background:#06201f;padding:18px 28px;border-radius:0 0 12px 12px;font-size:12px;line-height:1.5;color:#cbd5e1;">
${escapeHtml(site.legalName)} &middot; ${address}<br>
<a href="mailto:${escapeHtml(site.email)}" style="color:#fbbf24;">${escapeHtml(site.email)}</a> &middot; ${escapeHtml(site.phones[0]?.display ?? '')}
</td></tr>
</table>
</td></tr>
</table>
</body></html>`;
}

/** A label and value row of a details table. */
export function detailRow(label: string, valueHtml: string): string {
  return `<tr><td style="padding:6px 12px 6px 0;color:#475569;white-space:nowrap;vertical-align:top;">${label}</td><td style="padding:6px 0;">${valueHtml}</td></tr>`;
}

/** The message to the company inbox; reply goes to the visitor. */
export function renderContactNotification(message: ContactMessage): RenderedMail {
  const name = escapeHtml(message.name);
  const email = escapeHtml(message.email);
  const phone = escapeHtml(message.phone);
  const body = `<p style="margin:0 0 16px;">A new enquiry arrived through the website. Reply to this e-mail to answer ${name} directly.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;margin-bottom:16px;">
${detailRow('Name', name)}
${detailRow('Phone', `<a href="tel:${phone}" style="color:#0f766e;">${phone}</a>`)}
${detailRow('E-mail', `<a href="mailto:${email}" style="color:#0f766e;">${email}</a>`)}
${detailRow('Received', escapeHtml(formatIst(message.receivedAt)))}
${detailRow('Reference', escapeHtml(message.id))}
</table>
<div style="padding:16px;border-left:4px solid #f59e0b;background:#fef3c7;border-radius:4px;">${paragraphs(message.message)}</div>`;
  return {
    subject: `Website enquiry from ${message.name}`.slice(0, 150),
    html: mailFrame('New website enquiry', body),
    text: [
      'A new enquiry arrived through the website. Reply to this e-mail to answer the visitor directly.',
      '',
      `Name:      ${message.name}`,
      `Phone:     ${message.phone}`,
      `E-mail:    ${message.email}`,
      `Received:  ${formatIst(message.receivedAt)}`,
      `Reference: ${message.id}`,
      '',
      message.message,
    ].join('\n'),
  };
}

/**
 * The short acknowledgement to the visitor. It repeats nothing the visitor typed (not even the
 * name): the address is unverified, so the form must not be a way to send chosen text to others.
 */
export function renderContactAcknowledgement(message: Pick<ContactMessage, 'id'>): RenderedMail {
  const phone = site.phones[0]?.display ?? '';
  const intro = `Thank you for writing to ${site.name}. We have received your message and one of our team will reply within one working day (Monday to Saturday, 10:00 to 19:00 IST).`;
  const notYou = 'If you did not write to us, you can ignore this e-mail.';
  const body = `<p style="margin:0 0 12px;">Hello,</p>
<p style="margin:0 0 12px;">${escapeHtml(intro)}</p>
<p style="margin:0 0 12px;">For anything urgent, call us on ${escapeHtml(phone)} and quote reference <strong>${escapeHtml(message.id)}</strong>.</p>
<p style="margin:0;color:#475569;font-size:13px;">${escapeHtml(notYou)}</p>`;
  return {
    subject: `We received your message - ${site.name}`,
    html: mailFrame('Thank you for contacting us', body),
    text: [
      'Hello,',
      '',
      intro,
      '',
      `For anything urgent, call us on ${phone} and quote reference ${message.id}.`,
      '',
      notYou,
    ].join('\n'),
  };
}
