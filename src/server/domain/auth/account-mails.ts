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

/**
 * The code that moves an account to a new address (DECISIONS 62), sent to that address. Like the
 * sign-up code it carries no text the requester chose: the address is not proved yet.
 */
export function renderEmailChangeCodeMail(input: { code: string }): RenderedMail {
  const intro = `Use this code to make this the e-mail address of your ${site.name} account. It is valid for 10 minutes.`;
  return {
    subject: `Your ${site.name} code to change your e-mail: ${input.code}`,
    html: mailFrame(
      'Confirm your new e-mail address',
      `<p style="margin:0 0 12px;">Hello,</p><p style="margin:0;">${escapeHtml(intro)}</p>${codeBlock(input.code)}<p style="margin:0;color:#475569;font-size:13px;">${escapeHtml(IGNORE)}</p>`,
    ),
    text: ['Hello,', '', intro, '', `Code: ${input.code}`, '', IGNORE].join('\n'),
  };
}

/** `n•••@example.com`: enough for the owner to recognise their new address, not to read it whole. */
function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** Tells the old address that the account moved to a new one (DECISIONS 62). */
export function renderEmailChangedMail(input: {
  name: string;
  newEmail: string;
  when: string;
}): RenderedMail {
  const firstName = firstNameOf(input.name);
  const intro = `The e-mail address of your ${site.name} account was changed to ${maskedEmail(input.newEmail)} on ${input.when}. Mail about your account and your orders now goes there.`;
  const notYou = `If you did not make this change, write to ${site.email} at once and we will put it back.`;
  return {
    subject: `The e-mail address of your ${site.name} account was changed`,
    html: mailFrame(
      'Your e-mail address was changed',
      `<p style="margin:0 0 12px;">Dear ${escapeHtml(firstName)},</p><p style="margin:0 0 12px;">${escapeHtml(intro)}</p><p style="margin:0;">${escapeHtml(notYou)}</p>`,
    ),
    text: [`Dear ${firstName},`, '', intro, '', notYou].join('\n'),
  };
}

/** The closing mail (DECISIONS 63): what was erased, what the law keeps and why. */
export function renderAccountClosedMail(input: { name: string; kept: readonly string[] }): RenderedMail {
  const firstName = firstNameOf(input.name);
  const intro = `Your ${site.name} account is closed, as you asked. You are signed out everywhere, and your profile, saved billing details, cart and the messages you sent us are erased.`;
  const kept =
    input.kept.length === 0
      ? 'You bought nothing from us, so we keep nothing of yours.'
      : `The law makes us keep ${input.kept.join(', ')} for 8 years (GST law, CGST Act s.36). They are kept for that alone, and erased after.`;
  const again = `You may sign up again with this address whenever you like. Questions: ${site.email}.`;
  return {
    subject: `Your ${site.name} account is closed`,
    html: mailFrame(
      'Your account is closed',
      `<p style="margin:0 0 12px;">Dear ${escapeHtml(firstName)},</p><p style="margin:0 0 12px;">${escapeHtml(intro)}</p><p style="margin:0 0 12px;">${escapeHtml(kept)}</p><p style="margin:0;">${escapeHtml(again)}</p>`,
    ),
    text: [`Dear ${firstName},`, '', intro, '', kept, '', again].join('\n'),
  };
}
