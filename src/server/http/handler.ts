/**
 * `apiHandler` wraps a function's logic with what every API answer needs: the XSRF check
 * (403 when missing or wrong), the XSRF cookie when the browser has none, and a 500 that never
 * leaks internals.
 */
import { errors } from '~/server/http/responses';
import { hasValidXsrfToken, xsrfCookieFor } from '~/server/http/xsrf';

/** The logic of one function: a request in, a response out. */
export type ApiLogic = (request: Request) => Promise<Response> | Response;

/** Wraps `logic` into a Netlify Functions v2 handler. */
export function apiHandler(logic: ApiLogic): (request: Request) => Promise<Response> {
  return async (request) => {
    let response: Response;
    if (!hasValidXsrfToken(request)) {
      response = errors(403, ['Your session has expired. Please reload the page and try again.']);
    } else {
      try {
        response = await logic(request);
      } catch (error) {
        console.error('[api] unhandled error', request.method, new URL(request.url).pathname, error);
        response = errors(500, ['Something went wrong on our side. Please try again in a moment.']);
      }
    }
    const cookie = xsrfCookieFor(request);
    if (cookie) response.headers.append('Set-Cookie', cookie);
    return response;
  };
}
