// @ts-check
// Which answer headers of a function are the platform's own (issue 33), for scripts/serve.mjs's
// functions layer (warm-functions.mjs) and the parity test with plain @netlify/dev.

/**
 * The platform's answer headers that Netlify documents as reaching visitors: `x-nf-request-id`,
 * which Netlify's edge puts on every answer so that support can find the request in its logs.
 */
const CLIENT_VISIBLE_PLATFORM_HEADERS = new Set(['x-nf-request-id']);

/**
 * Whether an answer header is the platform's own, for its edge and not for visitors: an `x-nf-*`
 * header other than those in CLIENT_VISIBLE_PLATFORM_HEADERS. Netlify's functions bootstrap
 * (`@netlify/serverless-functions-api`, inside every bundle) adds `x-nf-invocation-metadata`,
 * `x-nf-start-timestamp`, `x-nf-request-flags` and `x-nf-fetch-timing` to a function's answer for
 * Netlify's edge, which reads them and does not pass them on (its edge-functions runtime treats
 * every `x-nf-` header as internal). `x-nf-fetch-timing` holds one entry per `fetch` the call
 * made, every blob call included: 54 KB on a leads export of a store that has grown, past the
 * 16 KB of headers Node's fetch accepts (issue 33). Plain `@netlify/dev` and the Netlify CLI pass
 * them all on; this server drops them, as a deployed site does.
 *
 * @param {string} name a lower-case header name
 */
export function isPlatformInternal(name) {
  return name.startsWith('x-nf-') && !CLIENT_VISIBLE_PLATFORM_HEADERS.has(name);
}
