/**
 * Sending e-mail (DECISIONS 16). With RESEND_API_KEY set, the Resend SDK sends (RESEND_BASE_URL
 * and MAIL_FROM honoured); without it, mail goes to the local outbox (stored and printed to the
 * server log), so every flow works on a fresh machine. Every mail carries an idempotency key, so a
 * retry never sends twice.
 */
import { randomUUID } from 'node:crypto';
import { Resend } from 'resend';
import { serverEnv, type ServerEnv } from '~/server/env';
import { putOutboxMail } from '~/server/storage/outbox';

/** A file sent with an e-mail (a calendar file). */
export interface MailAttachment {
  /** The file's name as the reader sees it: `devops-b-3-20261207-evening.ics`. */
  readonly filename: string;
  /** Its media type: `text/calendar; charset=utf-8; method=PUBLISH`. */
  readonly contentType: string;
  /** Its bytes, base64-encoded (what Resend's API takes). */
  readonly contentBase64: string;
}

/** An e-mail to send. */
export interface OutgoingMail {
  readonly to: readonly string[];
  readonly replyTo?: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  /** Files sent with it, if any. */
  readonly attachments?: readonly MailAttachment[];
  /** Same key, same e-mail: the provider sends it at most once (Resend keeps keys 24 hours). */
  readonly idempotencyKey: string;
}

/** What became of one send: the provider's id, or why it failed (the caller may retry). */
export type SendResult =
  { readonly ok: true; readonly providerId: string } | { readonly ok: false; readonly error: string };

/** Something that sends e-mail. */
export interface MailTransport {
  readonly kind: 'resend' | 'outbox';
  send(mail: OutgoingMail): Promise<SendResult>;
}

/** Where mail comes from, where contact messages go, and how it is sent. */
export type MailSettings = ServerEnv['mail'];

/** How long one send may take before it counts as failed, in milliseconds. */
const SEND_TIMEOUT_MS = 8_000;

/** Sends through Resend. `baseUrl` points the SDK elsewhere (tests use a fake on loopback). */
export function createResendTransport(options: {
  apiKey: string;
  from: string;
  baseUrl?: string | undefined;
  timeoutMs?: number;
}): MailTransport {
  const resend = new Resend(options.apiKey, options.baseUrl ? { baseUrl: options.baseUrl } : undefined);
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  return {
    kind: 'resend',
    async send(mail) {
      try {
        const { data, error } = await resend.emails.send(
          {
            from: options.from,
            to: [...mail.to],
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
            ...(mail.attachments?.length
              ? {
                  attachments: mail.attachments.map((file) => ({
                    filename: file.filename,
                    contentType: file.contentType,
                    content: file.contentBase64,
                  })),
                }
              : {}),
          },
          { idempotencyKey: mail.idempotencyKey, signal: AbortSignal.timeout(timeoutMs) },
        );
        if (error || !data)
          return { ok: false, error: `Resend: ${error?.message ?? 'no answer'}`.slice(0, 500) };
        return { ok: true, providerId: data.id };
      } catch (error) {
        // The SDK rethrows an aborted fetch: the provider did not answer in time.
        return {
          ok: false,
          error: `Resend: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500),
        };
      }
    },
  };
}

/** Keeps mail in the local outbox and prints it to the server log. */
export function createOutboxTransport(options: {
  from: string;
  log?: (line: string) => void;
}): MailTransport {
  const log = options.log ?? ((line: string) => console.info(line));
  return {
    kind: 'outbox',
    async send(mail) {
      const stored = await putOutboxMail(mail.idempotencyKey, {
        id: `outbox-${randomUUID()}`,
        queuedAt: new Date().toISOString(),
        from: options.from,
        to: [...mail.to],
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments?.length ? { attachments: [...mail.attachments] } : {}),
      });
      const files = stored.attachments?.length
        ? ` | Attached: ${stored.attachments.map((file) => file.filename).join(', ')}`
        : '';
      log(
        `[mail:outbox] To: ${stored.to.join(', ')}${stored.replyTo ? ` | Reply-To: ${stored.replyTo}` : ''} | Subject: ${stored.subject}${files}\n${stored.text}\n[mail:outbox] end`,
      );
      return { ok: true, providerId: stored.id };
    },
  };
}

/** Resend when RESEND_API_KEY is set, the local outbox otherwise. */
export function mailTransportFor(settings: MailSettings = serverEnv().mail): MailTransport {
  return settings.resendApiKey
    ? createResendTransport({
        apiKey: settings.resendApiKey,
        from: settings.from,
        baseUrl: settings.resendBaseUrl,
      })
    : createOutboxTransport({ from: settings.from });
}
