/**
 * A fake Resend HTTP API on loopback for tests: the real SDK talks to it through
 * RESEND_BASE_URL / `baseUrl`. Like Resend, a repeated Idempotency-Key returns the first e-mail's
 * id without sending again. Modes: `ok`, `error` (HTTP 500), `slow` (accepts the e-mail, then
 * answers only after `slowMs`, so the client times out although the e-mail went out).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createResendTransport } from '~/server/domain/mail';
import type { MailDeps } from '~/server/domain/mail-queue';

/** An e-mail the fake accepted (sent), as the SDK posted it. */
export interface FakeEmail {
  readonly id: string;
  readonly idempotencyKey: string | undefined;
  readonly authorization: string | undefined;
  readonly body: {
    from: string;
    to: string[];
    subject: string;
    html: string;
    text: string;
    reply_to?: string | string[];
    attachments?: { filename?: string; content?: string; content_type?: string }[];
  };
}

type FakeResendMode = 'ok' | 'error' | 'slow';

export interface FakeResend {
  readonly url: string;
  /** E-mails actually sent (deduplicated by idempotency key). */
  readonly sent: FakeEmail[];
  /** Every POST /emails received, including refused and repeated ones. */
  readonly requests: number;
  mode: FakeResendMode;
  /** Delay of `slow` answers, in milliseconds. */
  slowMs: number;
  stop(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Starts the fake on a random loopback port. */
export async function startFakeResend(): Promise<FakeResend> {
  const byKey = new Map<string, FakeEmail>();
  const timers = new Set<NodeJS.Timeout>();
  const state = { sent: [] as FakeEmail[], requests: 0, mode: 'ok' as FakeResendMode, slowMs: 1_000 };

  const server = createServer(async (req, res) => {
    // Not in Resend's API: lets browser tests read what was sent (e.g. a verification code).
    if (req.method === 'GET' && req.url === '/emails')
      return reply(
        res,
        200,
        state.sent.map((email) => email.body),
      );
    if (req.method !== 'POST' || req.url !== '/emails') return reply(res, 404, { message: 'Not found' });
    state.requests += 1;
    const body = (await readJson(req)) as FakeEmail['body'];
    if (state.mode === 'error') {
      return reply(res, 500, { name: 'internal_server_error', message: 'Fake outage', statusCode: 500 });
    }
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    let email = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
    if (!email) {
      email = {
        id: `fake-${state.sent.length + 1}`,
        idempotencyKey,
        authorization: req.headers.authorization,
        body,
      };
      state.sent.push(email);
      if (idempotencyKey) byKey.set(idempotencyKey, email);
    }
    const answer = { id: email.id };
    if (state.mode === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        reply(res, 200, answer);
      }, state.slowMs);
      timers.add(timer);
      return undefined;
    }
    return reply(res, 200, answer);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get sent() {
      return state.sent;
    },
    get requests() {
      return state.requests;
    },
    get mode() {
      return state.mode;
    },
    set mode(mode) {
      state.mode = mode;
    },
    get slowMs() {
      return state.slowMs;
    },
    set slowMs(ms) {
      state.slowMs = ms;
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The sender every test mail comes from. */
export const TEST_SENDER = 'Sahyadri Infotech <hello@example.com>';

/**
 * What delivering needs, as production builds it (the real Resend SDK) but pointed at `resend`,
 * with a short timeout and the test's clock.
 */
export function mailDepsFor(resend: FakeResend, now: () => Date): MailDeps {
  return {
    transport: createResendTransport({
      apiKey: 're_test_key',
      from: TEST_SENDER,
      baseUrl: resend.url,
      timeoutMs: 300,
    }),
    now,
  };
}
