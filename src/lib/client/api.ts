/**
 * Typed calls to the site's API from the browser. Non-GET calls carry the XSRF token (cookie
 * `XSRF-TOKEN` copied into header `X-XSRF-TOKEN`, DECISIONS 8); every call counts as a request
 * in flight (see `onRequestsInFlight`). Errors arrive as `ApiError` with the server's plain sentences.
 */
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { askForIsland, NOTIFICATIONS_NEEDED } from '~/lib/client/events';

/** Told +1 when a request starts and -1 when it settles. */
export type InFlightListener = (delta: 1 | -1) => void;
const inFlightListeners = new Set<InFlightListener>();
let inFlight = 0;

/**
 * Lets a store follow the requests in flight (the spinner); it is told at once of those already
 * running (the spinner's host may hydrate after the first request started). Returns the
 * unsubscribe.
 */
export function onRequestsInFlight(listener: InFlightListener): () => void {
  inFlightListeners.add(listener);
  for (let running = 0; running < inFlight; running += 1) listener(1);
  return () => inFlightListeners.delete(listener);
}

async function tracked<T>(work: () => Promise<T>, background: boolean): Promise<T> {
  if (background) return work();
  inFlight += 1;
  for (const listener of inFlightListeners) listener(1);
  // The spinner's host hydrates on it (issue 20: a page with no request loads no spinner code).
  askForIsland(NOTIFICATIONS_NEEDED);
  try {
    return await work();
  } finally {
    inFlight -= 1;
    for (const listener of inFlightListeners) listener(-1);
  }
}

/** A failed call: HTTP status (0 when the server was not reached) and sentences for people. */
export class ApiError extends Error {
  readonly status: number;
  readonly messages: readonly string[];
  /** The error answer's whole body (e.g. checkout's 409 carries the current `cart`), unparsed. */
  readonly body: unknown;

  constructor(status: number, messages: readonly string[], body?: unknown) {
    super(messages.join(' '));
    this.name = 'ApiError';
    this.status = status;
    this.messages = messages;
    this.body = body;
  }
}

/** The sentences of a failed call, for a toast or a log line. */
export function failureText(error: unknown): string {
  return error instanceof ApiError ? error.messages.join(' ') : String(error);
}

const NETWORK_MESSAGE = 'We could not reach the server. Check your connection and try again.';
const UNKNOWN_MESSAGE = 'Something went wrong. Please try again in a moment.';

function xsrfToken(): string | undefined {
  return /(?:^|;\s*)XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1];
}

async function errorFrom(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { errors?: unknown };
    const list = Array.isArray(body.errors)
      ? body.errors.filter((m): m is string => typeof m === 'string')
      : [];
    return new ApiError(response.status, list.length > 0 ? list : [UNKNOWN_MESSAGE], body);
  } catch {
    return new ApiError(response.status, [UNKNOWN_MESSAGE]);
  }
}

/** Extra request headers of one call, e.g. `{ 'Idempotency-Key': key }`. */
type RequestHeaders = Readonly<Record<string, string>>;

async function send(
  method: string,
  path: string,
  body: unknown,
  extra: RequestHeaders,
  timeoutMs: number | undefined,
): Promise<Response> {
  const token = xsrfToken();
  const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && token) headers['X-XSRF-TOKEN'] = decodeURIComponent(token);
  return fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    ...(timeoutMs !== undefined ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

/** Options of one call. */
export interface RequestOptions {
  /** Request headers to add (the XSRF and Accept headers are set by the client). */
  readonly headers?: RequestHeaders;
  /**
   * A check the visitor did not ask for (the start-up `GET /api/account/me`): not counted as a
   * request in flight, so no spinner covers the page while it runs.
   */
  readonly background?: boolean;
  /** Give up after this many milliseconds (an `ApiError` with status 0, as when the server is not reached). */
  readonly timeoutMs?: number;
}

/** A parsed answer with its response headers (e.g. `X-Order-No`). */
interface ApiAnswer<T> {
  readonly data: T;
  readonly headers: Headers;
}

/**
 * Calls `path` and parses the JSON answer with `schema`, keeping the response headers. A POST
 * from a page whose XSRF cookie is missing or no longer valid (the session it was made for
 * ended) is refused with 403 and a fresh cookie; it is then retried once with it.
 */
function apiExchange<S extends $ZodType>(
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiAnswer<output<S>>> {
  const extra = options.headers ?? {};
  return tracked(async () => {
    let response: Response;
    try {
      const tokenBefore = xsrfToken();
      response = await send(method, path, body, extra, options.timeoutMs);
      const tokenAfter = xsrfToken();
      if (
        response.status === 403 &&
        method !== 'GET' &&
        tokenAfter !== undefined &&
        tokenAfter !== tokenBefore
      ) {
        response = await send(method, path, body, extra, options.timeoutMs);
      }
    } catch {
      throw new ApiError(0, [NETWORK_MESSAGE]);
    }
    if (!response.ok) throw await errorFrom(response);
    const parsed = safeParse(schema, await response.json().catch(() => undefined));
    if (!parsed.success) throw new ApiError(response.status, [UNKNOWN_MESSAGE]);
    return { data: parsed.data, headers: response.headers };
  }, options.background === true);
}

/** Calls `path` and parses the JSON answer with `schema` (see `apiExchange`). */
export async function apiRequest<S extends $ZodType>(
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  body?: unknown,
  options?: RequestOptions,
): Promise<output<S>> {
  return (await apiExchange(method, path, schema, body, options)).data;
}
