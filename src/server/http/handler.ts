/**
 * `apiHandler` wraps a function's logic with what every API answer needs: the XSRF check
 * (403 when missing or wrong), the XSRF cookie when the browser has none, domain errors mapped to
 * their status, and a 500 that never leaks internals.
 */
import type { Context } from '@netlify/functions';
import {
  DomainError,
  Conflict,
  Forbidden,
  NotFound,
  RateLimited,
  Unauthorized,
  ValidationError,
} from '~/server/domain/errors';
import { errors } from '~/server/http/responses';
import { hasValidXsrfToken, xsrfCookieFor } from '~/server/http/xsrf';

/** The logic of one function: a request in, a response out. */
export type ApiLogic = (request: Request, context: Context | undefined) => Promise<Response> | Response;

/** The HTTP status of each domain error. */
function statusOf(error: DomainError): number {
  if (error instanceof ValidationError) return 400;
  if (error instanceof Unauthorized) return 401;
  if (error instanceof Forbidden) return 403;
  if (error instanceof NotFound) return 404;
  if (error instanceof Conflict) return 409;
  if (error instanceof RateLimited) return 429;
  return 500;
}

/** Maps a thrown error to the API's error answer. */
export function errorResponse(error: unknown, request: Request): Response {
  if (error instanceof DomainError) {
    const headers: Record<string, string> = {};
    if (error instanceof RateLimited) headers['Retry-After'] = String(error.retryAfterSeconds);
    return errors(statusOf(error), error.messages, { headers });
  }
  console.error('[api] unhandled error', request.method, new URL(request.url).pathname, error);
  return errors(500, ['Something went wrong on our side. Please try again in a moment.']);
}

/** Wraps `logic` into a Netlify Functions v2 handler. */
export function apiHandler(logic: ApiLogic): (request: Request, context?: Context) => Promise<Response> {
  return async (request, context) => {
    let response: Response;
    if (!hasValidXsrfToken(request)) {
      response = errors(403, ['Your session has expired. Please reload the page and try again.']);
    } else {
      try {
        response = await logic(request, context);
      } catch (error) {
        response = errorResponse(error, request);
      }
    }
    const cookie = xsrfCookieFor(request);
    if (cookie) {
      response.headers.append('Set-Cookie', cookie);
      // An answer that sets a cookie must never be stored by a shared cache.
      response.headers.set('Cache-Control', 'no-store');
    }
    return response;
  };
}
