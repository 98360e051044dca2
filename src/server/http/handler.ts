/**
 * `apiHandler` turns a function's logic into a Netlify Functions v2 handler and owns everything
 * every API answer needs (API.md common rules): allowed methods (405 with Allow; HEAD served like
 * GET), the XSRF check (403), the body read with its schema (400 plain sentences, 413), the
 * signed-in user when required (401), background work after the answer, domain errors mapped to
 * their status, the XSRF cookie when the browser has none, `Cache-Control: no-store`, and a JSON
 * 500 that never leaks internals, whatever throws (cookies and headers included).
 */
import type { Context } from '@netlify/functions';
import { setTimeout } from 'node:timers/promises';
import type { $ZodType, output } from 'zod/v4/core';
import type { SessionUser } from '~/server/domain/auth/sessions';
import { requireStaff, type StaffMember } from '~/server/domain/auth/staff';
import {
  CartChanged,
  Conflict,
  DomainError,
  Forbidden,
  fromStorageError,
  LimitReached,
  NotFound,
  PayloadTooLarge,
  RateLimited,
  StoreBusy,
  Unauthorized,
  ValidationError,
} from '~/server/domain/errors';
import { backgroundMailQueue, type MailQueue } from '~/server/domain/mail-queue';
import { serverEnv, type ServerEnv } from '~/server/env';
import { readBody } from '~/server/http/body';
import { clientKeyOf } from '~/server/http/client-address';
import { errors, json } from '~/server/http/responses';
import { sessionUserOf } from '~/server/http/session';
import { hasValidXsrfToken, xsrfCookieFor } from '~/server/http/xsrf';

/** A method a function may answer. HEAD is answered wherever GET is. */
type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a function accepts. */
export interface ApiOptions<S extends $ZodType | undefined, A extends Auth> {
  /**
   * Methods answered; any other gets 405 with `Allow`. `'any'`: every method goes to the logic,
   * for the unknown-address answer, which must say the same whatever the method (a 405 there
   * and a 404 on a console address told which console paths exist; API.md, Company console).
   */
  readonly methods: readonly ApiMethod[] | 'any';
  /** Schema of the JSON body; the logic then gets it parsed as `body`. */
  readonly body?: S;
  /**
   * `'user'`: only a signed-in user may call (401 otherwise); the logic gets `user`.
   * `'staff'`: only staff (DECISIONS 39); to anyone else the address does not exist: 404 before
   * anything else is said about it (even a wrong method); the logic gets the `StaffMember`.
   */
  readonly auth?: A;
  /**
   * `'gateway'`: the payment gateway calls (its form post through the browser, its webhook): it
   * can carry no XSRF token and comes cross-site, so no XSRF check; the logic must check the
   * gateway's signature instead. Default `'site'`: our own pages, XSRF-checked.
   */
  readonly caller?: 'site' | 'gateway';
}

/** One call, as the logic sees it. */
export interface ApiCall<B, U> {
  readonly request: Request;
  readonly context: Context | undefined;
  /** The parsed body (undefined when the function takes none). */
  readonly body: B;
  /** The signed-in user (only with `auth: 'user'`). */
  readonly user: U;
  /** Path parameters from the function's `config.path` pattern. */
  readonly params: Readonly<Record<string, string>>;
  /** The visitor's IP address as Netlify reports it (an IPv6 one as its /64); `unknown` when none. */
  readonly clientAddress: string;
  /** When the request arrived. */
  readonly now: Date;
  /**
   * Queues e-mail: stored before the answer, sent after it, retried until sent. Built on first
   * use, so a call that sends no mail (GET /api/courses) builds no queue nor transport.
   */
  readonly mail: MailQueue;
  /** The server's settings: the one way they reach the logic (read once per instance). */
  readonly settings: ServerEnv;
  /** Starts `task` once the answer is on its way (context.waitUntil); its failure is logged. */
  readonly after: (task: () => Promise<unknown>) => void;
}

/**
 * How long background work waits after the answer is handed over: long enough for the answer's
 * bytes to leave before the work competes for the same process (the same Lambda on Netlify, the
 * same server thread locally). Measured by `npm run bench:forgot`: started at once, a reset's
 * mail work made answers for registered addresses 1-1.7 ms slower; started 50 ms later, no gap.
 * Mail goes out 50 ms later, which nobody notices.
 */
const BACKGROUND_DELAY_MS = 50;

/** Who may call: anyone, a signed-in user, or staff. */
type Auth = 'user' | 'staff' | undefined;
type BodyOf<S> = S extends $ZodType ? output<S> : undefined;
type UserOf<A> = A extends 'user' ? SessionUser : A extends 'staff' ? StaffMember : undefined;

const NOT_SIGNED_IN = 'Please sign in to continue.';
const XSRF_REFUSED = 'Your session has expired. Please reload the page and try again.';
const INTERNAL = 'Something went wrong on our side. Please try again in a moment.';
const BUSY = 'We are busy right now. Please try again in a moment.';
/** Seconds a client waits after a 503 for a record too busy to write. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/** The HTTP status of each domain error. */
function statusOf(error: DomainError): number {
  if (error instanceof ValidationError) return 400;
  if (error instanceof Unauthorized) return 401;
  if (error instanceof Forbidden) return 403;
  if (error instanceof NotFound) return 404;
  if (error instanceof Conflict) return 409;
  if (error instanceof PayloadTooLarge) return 413;
  if (error instanceof RateLimited || error instanceof LimitReached) return 429;
  return 500;
}

/** Maps a thrown error to the API's error answer. */
function errorResponse(thrown: unknown, request: Request): Response {
  const error = fromStorageError(thrown);
  if (error instanceof CartChanged)
    return json({ errors: error.messages, cart: error.cart }, { status: 409 });
  if (error instanceof DomainError) {
    const headers: Record<string, string> = {};
    if (error instanceof RateLimited) headers['Retry-After'] = String(error.retryAfterSeconds);
    return errors(statusOf(error), error.messages, { headers });
  }
  if (error instanceof StoreBusy) {
    console.warn('[api] store busy', request.method, safePath(request), error.message);
    return errors(503, [BUSY], { headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) } });
  }
  console.error('[api] unhandled error', request.method, safePath(request), error);
  return errors(500, [INTERNAL]);
}

function safePath(request: Request): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return '?';
  }
}

/**
 * The visitor, for per-address limits: Netlify's `context.ip`, else the header Netlify's edge
 * sets, as one client's key (an IPv6 address counts by its /64: `clientKeyOf`).
 */
function clientAddressOf(request: Request, context: Context | undefined): string {
  return clientKeyOf(context?.ip || request.headers.get('x-nf-client-connection-ip') || 'unknown');
}

/** Wraps `logic` into a Netlify Functions v2 handler; see the module comment for what it adds. */
export function apiHandler<S extends $ZodType | undefined = undefined, A extends Auth = undefined>(
  options: ApiOptions<S, A>,
  logic: (call: ApiCall<BodyOf<S>, UserOf<A>>) => Promise<Response> | Response,
): (request: Request, context?: Context) => Promise<Response> {
  const listed = options.methods === 'any' ? undefined : options.methods;
  const allowed = new Set<string>(listed);
  // HEAD is answered wherever GET is (HTTP requires it), without being listed in Allow.
  if (allowed.has('GET')) allowed.add('HEAD');
  const allow = listed?.join(', ') ?? '';

  return async (request, context) => {
    // Without waitUntil (tests, scripts) background work finishes before the answer.
    const background: Promise<unknown>[] = [];
    const after = (task: () => Promise<unknown>) => {
      const log = (error: unknown) => console.error('[api] background work failed', error);
      // On Netlify the task starts a moment after the answer is handed over, so it never delays
      // the answer nor tells by its timing what it does (issue 22, item 2).
      if (context?.waitUntil) context.waitUntil(setTimeout(BACKGROUND_DELAY_MS).then(task).catch(log));
      else background.push(task().catch(log));
    };
    let response: Response;
    try {
      response = await answer(request, context, after);
      // Background work may queue more (a mail it sends): wait until none is left.
      while (background.length > 0) await Promise.all(background.splice(0));
    } catch (error) {
      response = errorResponse(error, request);
    }
    try {
      const cookie = await xsrfCookieFor(request, response);
      if (cookie) response.headers.append('Set-Cookie', cookie);
    } catch (error) {
      console.error('[api] could not set the XSRF cookie', error);
    }
    // Every API answer: never stored by any cache (API.md).
    response.headers.set('Cache-Control', 'no-store');
    if (request.method === 'HEAD')
      return new Response(null, { status: response.status, headers: response.headers });
    return response;
  };

  async function answer(
    request: Request,
    context: Context | undefined,
    after: (task: () => Promise<unknown>) => void,
  ): Promise<Response> {
    // A forged request is refused before anything else is said about the address.
    if (options.caller !== 'gateway' && !(await hasValidXsrfToken(request)))
      return errors(403, [XSRF_REFUSED]);
    const now = new Date();
    const staff =
      options.auth === 'staff' ? await requireStaff(await sessionUserOf(request, now)) : undefined;
    if (listed && !allowed.has(request.method)) {
      return errors(405, [`This address only answers ${listed.join(' or ')}.`], {
        headers: { Allow: allow },
      });
    }
    const user = options.auth === 'user' ? await sessionUserOf(request, now) : staff;
    if (options.auth === 'user' && !user) return errors(401, [NOT_SIGNED_IN]);
    const body = options.body === undefined ? undefined : await readBody(request, options.body);
    let mail: MailQueue | undefined;
    return logic({
      request,
      context,
      body: body as BodyOf<S>,
      user: user as UserOf<A>,
      params: context?.params ?? {},
      clientAddress: clientAddressOf(request, context),
      now,
      get mail() {
        mail ??= backgroundMailQueue(after);
        return mail;
      },
      get settings() {
        return serverEnv();
      },
      after,
    });
  }
}
