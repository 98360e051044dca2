/** Reads what the site sent through the fake Resend server the Playwright config starts. */
import { expect } from '@playwright/test';

interface SentEmail {
  readonly to: string[];
  readonly subject: string;
  readonly text: string;
  readonly attachments?: { filename?: string; content?: string; content_type?: string }[];
}

async function sentTo(address: string): Promise<SentEmail[]> {
  const response = await fetch(`${process.env['E2E_RESEND_URL']}/emails`);
  const all = (await response.json()) as SentEmail[];
  return all.filter((email) => email.to.includes(address));
}

/** The newest 6-digit code mailed to `address` after `after` mails had reached it. */
export async function codeMailedTo(address: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = await sentTo(address);
      code = mails.length > after ? /code: (\d{6})/i.exec(mails.at(-1)?.text ?? '')?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** The subjects of the e-mails that reached `address`, oldest first. */
export async function subjectsTo(address: string): Promise<string[]> {
  return (await sentTo(address)).map((email) => email.subject);
}

/** The e-mails that reached `address`, oldest first: subject and plain text. */
export async function mailsTo(address: string): Promise<{ subject: string; text: string }[]> {
  return (await sentTo(address)).map(({ subject, text }) => ({ subject, text }));
}

/** How many e-mails reached `address` so far. */
export async function mailCount(address: string): Promise<number> {
  return (await sentTo(address)).length;
}

/** A file attached to an e-mail: its name, media type and text. */
export interface MailFile {
  readonly filename: string;
  readonly contentType: string;
  readonly text: string;
}

/** The e-mails that reached `address`, oldest first, with their attached files read as text. */
export async function mailsWithFilesTo(
  address: string,
): Promise<{ subject: string; text: string; files: MailFile[] }[]> {
  return (await sentTo(address)).map(({ subject, text, attachments }) => ({
    subject,
    text,
    files: (attachments ?? []).map((file) => ({
      filename: file.filename ?? '',
      contentType: file.content_type ?? '',
      text: Buffer.from(file.content ?? '', 'base64').toString('utf8'),
    })),
  }));
}
