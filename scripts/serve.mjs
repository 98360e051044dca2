// @ts-check
// Serves the production build (dist/ + netlify/functions + blobs) through Netlify's own local
// emulation: @netlify/dev for redirects, headers, static files and the local blob store, and the
// functions bundled once by Netlify's bundler and kept loaded (serve/warm-functions.mjs), so API
// calls answer in milliseconds and in parallel. Like the CDN, it compresses text answers (brotli
// or gzip). No Netlify account, key or network is needed. Usage: `npm start` (builds first) or
// `npm run serve`. See docs/local-server.md.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import { resolveConfig } from '@netlify/config';
import { NetlifyDev } from '@netlify/dev';
import { keepListings } from './serve/blob-listings.mjs';
import { startWithBlobsIn } from './serve/blobs-directory.mjs';
import { netlifyDevOptions } from './serve/netlify-dev-options.mjs';
import { assertWrittenAgainst } from './serve/versions.mjs';
import { INTERNAL_ERROR_BODY, startWarmFunctions } from './serve/warm-functions.mjs';

const port = Number(process.env.PORT ?? 8888);
// A local copy of the site pays on the built-in test gateway unless told otherwise (DECISIONS 36);
// the functions, started below, read the setting from this environment.
process.env.TEST_GATEWAY ??= 'on';
const host = process.env.HOST ?? 'localhost';
const projectRoot = process.cwd();
// Another version of the Netlify packages this server follows stops it here, saying what to do.
assertWrittenAgainst(projectRoot);

// Functions are served by warm-functions.mjs below (@netlify/dev would rebuild one per call).
const netlify = new NetlifyDev(netlifyDevOptions(projectRoot, { functions: false }));

/**
 * The local blob server @netlify/dev starts for the functions (it keeps it to itself), taken as it
 * starts: the functions hand their blob calls straight to its handler (serve/warm-functions.mjs),
 * and it answers a listing it walked before from memory (serve/blob-listings.mjs).
 */
/** @type {((request: Request) => Promise<Response>) | undefined} */
let blobHandler;
// SERVE_BLOBS_DIR: the blobs live there, not in .netlify/blobs-serve (the browser tests start each
// run on an empty store: playwright.config.ts).
await startWithBlobsIn(netlify, process.env.SERVE_BLOBS_DIR, (server) => {
  // `handleRequest` is what the server's HTTP front calls; its type declarations mark it private.
  const handle = /** @type {{ handleRequest(request: Request): Promise<Response> }} */ (
    /** @type {unknown} */ (server)
  ).handleRequest.bind(server);
  blobHandler = (request) => handle(request);
  if (!keepListings(server)) console.warn('[serve] the blob server walks its folders for every listing.');
});
if (!blobHandler) console.warn('[serve] the blob server was not found; functions reach it over HTTP.');

// netlify.toml, resolved as NetlifyDev resolves it for itself.
const { config } = await resolveConfig({
  config: join(projectRoot, 'netlify.toml'),
  context: 'dev',
  cwd: projectRoot,
  mode: 'cli',
  offline: true,
  repositoryRoot: projectRoot,
});
// @netlify/dev's own functions are off, so it cannot follow a redirect rule into a function.
for (const rule of config.redirects ?? []) {
  if (String(rule.to).startsWith('/.netlify/functions/')) {
    console.warn(
      `[serve] the redirect ${rule.from} -> ${rule.to} is not served locally; give the function a path instead.`,
    );
  }
}
const functions = await startWarmFunctions({
  projectRoot,
  functionsDirectory: config.functionsDirectory ?? join(projectRoot, 'netlify', 'functions'),
  functionsConfig: config.functions,
  outputDirectory: join(projectRoot, '.netlify', 'functions-warm'),
  blobs: blobHandler,
});

/** Text types Netlify's CDN compresses. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * @typedef {import('node:http').IncomingMessage} NodeRequest
 * @typedef {import('node:http').ServerResponse} NodeResponse
 * @typedef {{ status: number, statusText?: string | undefined, headers: Record<string, string | string[]>, body: Buffer | Readable }} Answer
 */

/**
 * Brotli or gzip, as the CDN would pick for this client and answer; undefined for none.
 *
 * @param {NodeRequest} req
 * @param {Answer['headers']} headers
 * @returns {'br' | 'gzip' | undefined}
 */
function encodingFor(req, headers) {
  const type = String(headers['content-type'] ?? '');
  if (!COMPRESSIBLE.test(type) || headers['content-encoding'] !== undefined) return undefined;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/**
 * An answer of @netlify/dev (a fetch `Response`) in the shape this server writes: `headers` an
 * object for `res.setHeader` (`set-cookie` a list), `body` a Buffer or a stream.
 */
/**
 * @param {Response} response
 * @returns {Answer}
 */
function fromResponse(response) {
  /** @type {Answer['headers']} */
  const headers = Object.fromEntries(response.headers);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  return {
    status: response.status,
    statusText: response.statusText,
    headers,
    body: response.body
      ? Readable.fromWeb(/** @type {import('node:stream/web').ReadableStream<Uint8Array>} */ (response.body))
      : Buffer.alloc(0),
  };
}

/** The methods a function or a static file may answer; any other is refused before it goes further. */
const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * 405 in the API's error shape, before a `Request` is built for a method nothing answers.
 *
 * @param {string} method
 * @returns {Answer}
 */
function methodNotAllowed(method) {
  return {
    status: 405,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      allow: KNOWN_METHODS.join(', '),
    },
    body: Buffer.from(JSON.stringify({ errors: [`This site does not answer ${method} requests.`] })),
  };
}

/**
 * Netlify's CDN answers an unmatched path with the site's 404.html and status 404.
 *
 * @param {NodeRequest} req
 * @returns {Promise<Answer>}
 */
async function notFound(req) {
  const page = await netlify.handle(new Request(new URL('/404.html', `http://${req.headers.host ?? host}`)));
  if (!page?.ok)
    return { status: 404, headers: { 'content-type': 'text/plain' }, body: Buffer.from('Not found') };
  return { ...fromResponse(page), status: 404, statusText: 'Not Found' };
}

/**
 * The answer to one request, in Netlify's order: a function whose route matches (unless the route
 * prefers a static file that exists), else redirects, headers and static files, else 404.html.
 *
 * @param {NodeRequest} req
 * @returns {Promise<Answer>}
 */
async function answer(req) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const method = (req.method ?? 'GET').toUpperCase();
  // TRACE, CONNECT and the like: no function lists them, and fetch's Request refuses to carry them.
  if (!KNOWN_METHODS.includes(method)) return methodNotAllowed(method);
  const fn = functions.match(url.pathname, method);
  if (fn && !fn.preferStatic) return functions.invoke(req, fn);
  const match = await netlify.handleAndIntrospectNodeRequest(req);
  if (fn && match?.type !== 'static') return functions.invoke(req, fn);
  return match?.response ? fromResponse(match.response) : notFound(req);
}

/** Brotli at quality 5: close to the best size at a small fraction of the time of the default 11. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const compressors = {
  br: () => createBrotliCompress(BROTLI_OPTIONS),
  gzip: () => createGzip(),
};
const compressBuffer = {
  br: promisify(brotliCompress),
  gzip: promisify(gzip),
};

/**
 * Writes an answer, compressed when the client accepts it.
 *
 * @param {NodeRequest} req
 * @param {NodeResponse} res
 * @param {Answer} answer
 */
async function send(req, res, { status, statusText, headers, body }) {
  res.statusCode = status;
  if (statusText) res.statusMessage = statusText;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const whole = Buffer.isBuffer(body);
  const encoding = whole && body.length === 0 ? undefined : encodingFor(req, headers);
  if (encoding) {
    res.setHeader('content-encoding', encoding);
    res.removeHeader('content-length');
    res.setHeader('vary', 'Accept-Encoding');
  }
  if (req.method === 'HEAD') {
    if (!whole) body.resume();
    res.end();
    return;
  }
  if (whole) {
    res.end(
      encoding ? await compressBuffer[encoding](body, encoding === 'br' ? BROTLI_OPTIONS : undefined) : body,
    );
  } else if (encoding) {
    await pipeline(body, compressors[encoding](), res);
  } else {
    await pipeline(body, res);
  }
}

const server = createServer(async (req, res) => {
  try {
    // As Netlify's edge does: the client address comes from the connection, never from the client.
    req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    await send(req, res, await answer(req));
  } catch (error) {
    // A client that went away mid-answer is not a server error.
    if (/** @type {{ code?: string }} */ (error)?.code === 'ERR_STREAM_PREMATURE_CLOSE' && res.destroyed)
      return;
    console.error('[serve] request failed:', req.method, req.url, error);
    if (res.headersSent) {
      res.end();
      return;
    }
    res.statusCode = 500;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(INTERNAL_ERROR_BODY);
  }
});

// Idle keep-alive connections stay open longer than Node's 5 s, as a CDN edge keeps them: a client
// that reuses an idle connection at the moment the server closes it gets 'socket hang up'
// (ECONNRESET), which the GST buyers' browser journeys met on a loaded machine.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.listen(port, host, () => {
  const url = `http://${host}:${port}`;
  console.log(`\n  Site ready at ${url}  (production build, Netlify emulation; Ctrl-C stops)\n`);
  // A tool that forks this server (scripts/bench-api.mjs) learns where it and its blob store are.
  process.send?.({ type: 'ready', url, blobsContext: process.env.NETLIFY_BLOBS_CONTEXT });
});

let stopping = false;
/** @param {string} signal */
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n  ${signal}: stopping…`);
  server.close();
  server.closeAllConnections();
  await functions.stop();
  await netlify.stop().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

// Node's ReadStream-to-web-stream adapter can throw from a stream event after a client hung up
// mid-answer ("Controller is already closed"): one aborted download must not stop the server.
process.on('uncaughtException', (error) => {
  if (/** @type {{ code?: string }} */ (error)?.code === 'ERR_INVALID_STATE') {
    console.warn('[serve] a client went away mid-answer:', error.message);
    return;
  }
  console.error('[serve] fatal:', error);
  process.exit(1);
});
