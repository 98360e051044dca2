import type { Context } from '@netlify/functions';
import { listFunctions } from '@netlify/zip-it-and-ship-it';
import { fileURLToPath } from 'node:url';
import { URLPattern } from 'urlpattern-polyfill/urlpattern';
import { byPrecedence } from '../../scripts/serve/route-precedence.mjs';

/**
 * Netlify's routing of a request to one of the site's functions, for function tests:
 * - the routes are the ones Netlify's bundler (zip-it-and-ship-it) compiles from each function's
 *   `config.path`, as a deploy does;
 * - a request goes to the most specific route whose expression matches its lower-cased path, as
 *   @netlify/functions-dev (`npm run dev`) routes it: stricter than `npm start`, whose router
 *   (scripts/serve/warm-functions.mjs) also ignores the route's case, so a pattern routed here is
 *   routed there too;
 * - `context.params` is the route's pattern applied to the path as sent, as Netlify's function
 *   runtime computes it (URLPattern named groups).
 */
export interface FunctionRouter {
  /** The function and parameters a request goes to, or undefined when no route matches. */
  route(
    method: string,
    url: string,
  ): { readonly name: string; readonly params: Record<string, string> } | undefined;
  /** Routes `request` and calls the function with the `context.params` Netlify would give it. */
  fetch(request: Request): Promise<Response>;
}

interface Route {
  readonly name: string;
  readonly pattern: string;
  readonly literal?: string;
  readonly expression?: string;
  readonly methods?: readonly string[];
}

type Handler = (request: Request, context: Context) => Promise<Response>;

const FUNCTIONS_DIRECTORY = fileURLToPath(new URL('../../netlify/functions', import.meta.url));

/** Reads the routes of every function in netlify/functions (parsing, not bundling). */
export async function functionRouter(): Promise<FunctionRouter> {
  const functions = await listFunctions([FUNCTIONS_DIRECTORY], { parseISC: true });
  const routes: Route[] = functions
    .flatMap((func) => (func.routes ?? []).map((route) => ({ ...route, name: func.name })))
    .sort(byPrecedence);

  const route: FunctionRouter['route'] = (method, url) => {
    const { pathname, origin } = new URL(url);
    const trimmed = pathname !== '/' && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    const path = trimmed.toLowerCase();
    const found = routes.find(
      (candidate) =>
        (!candidate.methods?.length || candidate.methods.includes(method)) &&
        (candidate.literal !== undefined
          ? candidate.literal === path
          : candidate.expression !== undefined && new RegExp(candidate.expression).test(path)),
    );
    if (!found) return undefined;
    // The path alone: a pattern made of a path and a base URL matches no query string.
    const groups =
      new URLPattern({ pathname: found.pattern, baseURL: origin }).exec(`${origin}${pathname}`)?.pathname
        .groups ?? {};
    const params = Object.fromEntries(
      Object.entries(groups).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    return { name: found.name, params };
  };

  return {
    route,
    async fetch(request) {
      const target = route(request.method, request.url);
      if (!target) return new Response('no function', { status: 404 });
      const module = (await import(`${FUNCTIONS_DIRECTORY}/${target.name}.mts`)) as { default: Handler };
      return module.default(request, { params: target.params } as unknown as Context);
    },
  };
}
