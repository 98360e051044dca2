// @ts-check
/**
 * Security headers of the content editor's answers (DECISIONS 64). Netlify applies netlify.toml's
 * `[[headers]]` and `dist/_headers` to files, not to a function's answers, and /keystatic and
 * /api/keystatic/* are answered by the adapter's on-demand function: this middleware, added only
 * where the editor is on (integrations/keystatic.mjs), gives them the site's headers and a policy
 * of their own. The public pages' policy (dist/_headers) is not touched.
 */
import { inlineScriptHashes } from './csp-headers.mjs';

/** The headers every answer of the site carries (netlify.toml), for the editor's answers. */
export const EDITOR_HEADERS = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
};

/**
 * The editor page's policy: the site's, plus what Keystatic's GitHub mode uses from the browser
 * (GitHub's API for reading and committing, avatars, sign-in at github.com) and `blob:` for the
 * pictures it previews. Inline scripts only by the hashes of those in this very page.
 * @param {Iterable<string>} scriptHashes
 * @returns {string}
 */
export function editorPolicy(scriptHashes) {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes].sort().join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com",
    "font-src 'self' data:",
    "connect-src 'self' https://api.github.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https://github.com",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** True for the editor's addresses. */
export function isEditorPath(/** @type {string} */ pathname) {
  return /^\/(api\/)?keystatic(\/|$)/.test(pathname);
}

/** @type {import('astro').MiddlewareHandler} */
export const onRequest = async (context, next) => {
  const response = await next();
  if (!isEditorPath(context.url.pathname)) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(EDITOR_HEADERS)) headers.set(name, value);
  const html = (headers.get('content-type') ?? '').includes('text/html');
  // In `astro dev` Vite injects its own scripts; the policy is for what a deploy serves.
  if (!html || import.meta.env.DEV) {
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  const page = await response.text();
  headers.set('Content-Security-Policy', editorPolicy(inlineScriptHashes(page)));
  headers.delete('content-length');
  return new Response(page, { status: response.status, statusText: response.statusText, headers });
};
