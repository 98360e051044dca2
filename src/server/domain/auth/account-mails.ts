/** The account e-mails: the sign-up code, 'this address is registered', and the reset code. */
import { escapeHtml, mailFrame, type RenderedMail, firstNameOf } from '~/server/domain/mail-templates';
import { site } from '~/site.config';

const IGNORE = 'If you did not ask for this, you can ignore this e-mail; nothing changes.';

function codeBlock(code: string): string {
  return `<p style="margin:16px 0;font-size:28px;font-weight:bold;letter-spacing:6px;color:#0b3b3a;">${escapeHtml(code)}</p>`;
}

/**
 * The 6-digit code that finishes a sign-up (valid 10 minutes). It goes to an address nobody has
 * proved yet, so it carries no text the requester chose, not even their name (issue 22, item 4):
 * a stranger's "name" must never become a message from our domain to someone else.
 */
export function renderSignUpCodeMail(input: { code: string }): RenderedMail {
  const intro = `Use this code to finish creating your ${site.name} account. It is valid for 10 minutes.`;
  return {
    subject: `Your ${site.name} verification code: ${input.code}`,
    html: mailFrame(
      'Your verification code',
      `<p style="margin:0 0 12px;">Hello,</p><p style="margin:0;">${escapeHtml(intro)}</p>${codeBlock(input.code)}<p style="margin:0;color:#475569;font-size:13px;">${escapeHtml(IGNORE)}</p>`,
    ),
    text: ['Hello,', '', intro, '', `Verification code: ${input.code}`, '', IGNORE].join('\n'),
  };
}

/** Sent instead of a code when the address already has an account (no code: nothing to enumerate). */
export function renderAlreadyRegisteredMail(input: { siteUrl: string }): RenderedMail {
  const intro = `Someone, probably you, tried to create a ${site.name} account with this e-mail address. It already has an account, so no new account was made.`;
  const how = `To sign in, open ${input.siteUrl}/login. If you forgot your password, choose 'Forgot password?' there to set a new one.`;
  return {
    subject: `You already have a ${site.name} account`,
    html: mailFrame(
      'You already have an account',
      `<p style="margin:0 0 12px;">Hello,</p><p style="margin:0 0 12px;">${escapeHtml(intro)}</p><p style="margin:0 0 12px;">${escapeHtml(how)}</p><p style="margin:0;color:#475569;font-size:13px;">${escapeHtml(IGNORE)}</p>`,
    ),
    text: ['Hello,', '', intro, '', how, '', IGNORE].join('\n'),
  };
}

/** The 6-digit code that lets the owner set a new password (valid 10 minutes). */
export function renderResetCodeMail(input: { name: string; code: string }): RenderedMail {
  const firstName = firstNameOf(input.name);
  const intro = `Use this code to set a new password for your ${site.name} account. It is valid for 10 minutes. Setting a new password signs you out everywhere else.`;
  return {
    subject: `Your ${site.name} password reset code: ${input.code}`,
    html: mailFrame(
      'Reset your password',
      `<p style="margin:0 0 12px;">Dear ${escapeHtml(firstName)},</p><p style="margin:0;">${escapeHtml(intro)}</p>${codeBlock(input.code)}<p style="margin:0;color:#475569;font-size:13px;">${escapeHtml(IGNORE)}</p>`,
    ),
    text: [`Dear ${firstName},`, '', intro, '', `Reset code: ${input.code}`, '', IGNORE].join('\n'),
  };
}
