// @ts-check
// The site's Netlify Functions, bundled once and kept loaded, for `scripts/serve.mjs`.
//
// @netlify/dev (through @netlify/functions-dev) bundles a function again on every request, into a
// temporary folder, and runs it in a new worker thread that imports the bundle and ends: about 1 s
// a call, and parallel calls race on the folders. Here each function is bundled once at start by
// Netlify's own bundler, zip-it-and-ship-it, as a deploy does (same config from netlify.toml, same
// bundle: Netlify's bootstrap around our code), and loaded once in its own long-lived worker
// thread (function-worker.mjs), which runs calls concurrently. What a request carries and how it
// is routed follow @netlify/functions-dev 2.0.8 line by line (see docs/local-server.md).
import { isPlatformInternal } from './platform-headers.mjs';
import { byPrecedence } from './route-precedence.mjs';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { BACKGROUND_FUNCTION_TIMEOUT, SYNCHRONOUS_FUNCTION_TIMEOUT } from '@netlify/functions';
import { mockLocation, shouldBase64Encode } from '@netlify/dev-utils';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';

/** Paths that name a function directly, e.g. `/.netlify/functions/mail-retry`. */
const DEFAULT_FUNCTION_URL = /^\/.netlify\/(functions|builders)\/([^/]+).*/;
/** The user agent of Netlify's scheduler; a scheduled function called by URL sees it. */
const CLOCKWORK_USERAGENT = 'Netlify Clockwork';
/** Site id the functions see when no Netlify site is linked, as in @netlify/functions-dev. */
const UNLINKED_SITE_ID = 'unlinked';
const WORKER_URL = new URL('./function-worker.mjs', import.meta.url);

/** @typedef {(request: Request) => Promise<Response>} BlobHandler A blob server's request handler. */
/**
 * @typedef {import('node:http').IncomingMessage} NodeRequest
 * @typedef {{ status: number, statusText?: string, headers: Record<string, string | string[]>, body: Buffer | import('node:stream').Readable }} Answer
 * @typedef {{ errorType?: string, errorMessage?: string, stackTrace?: string[] }} ErrorData
 * @typedef {{ statusCode?: number, headers?: Record<string, string>, multiValueHeaders?: Record<string, string[]> }} Head
 * @typedef {{ resolve: (answer: Answer) => void, body: PassThrough | undefined }} Call
 * @typedef {{ type: 'blob', id: number, method: string, url: string, headers: [string, string][], body?: ArrayBuffer }} BlobCall
 * @typedef {{ type: 'ready' } | BlobCall | { type: 'error', id: number, error: ErrorData } | { type: 'data', id: number, head?: Head, chunks: Uint8Array[], end: boolean }} WorkerMessage
 * @typedef {{ literal?: string, expression?: string, pattern?: string, methods?: string[], prefer_static?: boolean }} Route
 * @typedef {{ name: string, routes: Route[], excludedRoutes: Route[], schedule: string | undefined, background: boolean, warm: WarmFunction }} ServedFunction
 * @typedef {{ external_node_modules?: string[], included_files?: string[], ignored_node_modules?: string[], node_bundler?: string, schedule?: string, background?: boolean }} FunctionSettings
 */

/**
 * netlify.toml's `[functions]` settings in zip-it-and-ship-it's terms, as @netlify/functions-dev
 * passes them (its `normalizeFunctionsConfig` and `addFunctionsConfigDefaults`).
 */
/**
 * @param {Record<string, FunctionSettings>} functionsConfig
 * @param {string} projectRoot
 */
function bundlerConfig(functionsConfig, projectRoot) {
  const config = Object.fromEntries(
    Object.entries(functionsConfig).map(([pattern, settings]) => [
      pattern,
      {
        externalNodeModules: settings.external_node_modules,
        includedFiles: settings.included_files,
        includedFilesBasePath: projectRoot,
        ignoredNodeModules: settings.ignored_node_modules,
        nodeBundler: settings.node_bundler === 'esbuild' ? 'esbuild_zisi' : settings.node_bundler,
        nodeVersion: process.env.AWS_LAMBDA_JS_RUNTIME,
        processDynamicNodeImports: true,
        schedule: settings.schedule,
        zipGo: true,
      },
    ]),
  );
  return { ...config, '*': { nodeSourcemap: true, ...config['*'] } };
}

/**
 * Whether `path` (lower-cased, no trailing slash) matches a route of the manifest, ignoring case
 * on both sides. @netlify/functions-dev lower-cases the path but not the route, so a declared path
 * with capitals (API.md's `/api/Cart/...`) could never match; the function still gets its
 * parameters from the original URL through its route pattern.
 */
/**
 * @param {Route} route
 * @param {string} path
 */
function routeMatches(route, path) {
  if (route.literal !== undefined) return path === route.literal.toLowerCase();
  if (route.expression !== undefined) return new RegExp(route.expression, 'i').test(path);
  return false;
}

/** Identity emulation of @netlify/functions-dev: a Bearer JWT becomes the client context's user. */
/** @param {string | undefined} authorization */
function clientContextOf(authorization) {
  const [scheme, token] = String(authorization ?? '').split(' ');
  if (scheme !== 'Bearer' || !token) return {};
  try {
    const user = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    if (typeof user !== 'object' || user === null) return {};
    const identity = {
      url: 'https://netlify-dev-locally-emulated-identity.netlify.app/.netlify/identity',
      token:
        'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzb3VyY2UiOiJuZXRsaWZ5IGRldiIsInRlc3REYXRhIjoiTkVUTElGWV9ERVZfTE9DQUxMWV9FTVVMQVRFRF9JREVOVElUWSJ9.2eSDqUOZAOBsx39FHFePjYj12k0LrxldvGnlvDu3GMI',
    };
    const netlify = Buffer.from(JSON.stringify({ identity, user })).toString('base64');
    return { identity, user, custom: { netlify } };
  } catch {
    return {};
  }
}

/** The client address Netlify's edge reports, from X-Forwarded-For as @netlify/functions-dev reads it. */
/** @param {string | undefined} forwardedFor */
function clientAddressOf(forwardedFor) {
  const value = String(forwardedFor ?? '');
  return (
    value
      .split(value.includes('.') ? ':' : ',')
      .pop()
      ?.trim() ?? ''
  );
}

/**
 * Reads a Node request's whole body.
 *
 * @param {NodeRequest} req
 */
async function readBody(req) {
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Where the functions are told the visitor is: with geolocation off, @netlify/dev-utils' stand-in. */
const GEO_HEADER = Buffer.from(JSON.stringify(mockLocation)).toString('base64');

/**
 * The Lambda event for one call, as @netlify/functions-dev builds it from the request (its
 * `lambdaEventFromWebRequest`), with the headers its FunctionsHandler adds. A binary body is sent
 * base64-encoded, as the bootstrap expects when `isBase64Encoded` is set.
 */
/**
 * @param {{ req: NodeRequest, body: Buffer, func: ServedFunction, route: string | undefined }} call
 */
function lambdaEvent({ req, body, func, route }) {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  headers['x-nf-request-id'] = randomUUID();
  headers['x-nf-client-connection-ip'] = clientAddressOf(headers['x-forwarded-for']);
  headers['x-nf-site-id'] = UNLINKED_SITE_ID;
  headers['x-nf-geo'] = GEO_HEADER;
  let method = (req.method ?? 'GET').toUpperCase();
  if (func.schedule) {
    // A scheduled function called by URL runs as Netlify's scheduler would run it.
    method = 'POST';
    headers['user-agent'] = CLOCKWORK_USERAGENT;
    headers['x-nf-event'] = 'schedule';
  }
  /** @type {Record<string, string[]>} */
  const multiValueHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    multiValueHeaders[name] = value.split(',').map((part) => part.trim());
  }
  /** @type {Record<string, string>} */
  const queryStringParameters = {};
  /** @type {Record<string, string[]>} */
  const multiValueQueryStringParameters = {};
  url.searchParams.forEach((value, name) => {
    queryStringParameters[name] = queryStringParameters[name]
      ? `${queryStringParameters[name]},${value}`
      : value;
    multiValueQueryStringParameters[name] = [...(multiValueQueryStringParameters[name] ?? []), value];
  });
  const isBase64Encoded = shouldBase64Encode(headers['content-type'] ?? '');
  return {
    rawUrl: url.toString(),
    rawQuery: url.search,
    path: url.pathname,
    httpMethod: method,
    headers,
    multiValueHeaders,
    queryStringParameters,
    multiValueQueryStringParameters,
    body: body.length === 0 ? null : body.toString(isBase64Encoded ? 'base64' : 'utf8'),
    isBase64Encoded,
    route,
  };
}

/**
 * Response headers from a Lambda result, as @netlify/functions-dev reads them, as an object for
 * `res.setHeader`: lower-case names; `set-cookie` a list, other repeated headers joined; without
 * the platform's internal headers (see `isPlatformInternal`).
 */
/**
 * @param {Head} head
 * @returns {Record<string, string | string[]>}
 */
function responseHeaders({ headers = {}, multiValueHeaders = {} }) {
  /** @type {Record<string, string[]>} */
  const lists = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (value !== undefined && !isPlatformInternal(key)) lists[key] = [String(value)];
  }
  for (const [name, values] of Object.entries(multiValueHeaders)) {
    const key = name.toLowerCase();
    if (!isPlatformInternal(key)) lists[key] = [...(lists[key] ?? []), ...values.map(String)];
  }
  return Object.fromEntries(
    Object.entries(lists).map(([name, values]) => [name, name === 'set-cookie' ? values : values.join(', ')]),
  );
}

/** What a visitor reads when a function fails: the API's error shape, no internals (API.md). */
export const INTERNAL_ERROR_BODY = JSON.stringify({
  errors: ['Something went wrong on our side. Please try again in a moment.'],
});

/**
 * The 500 answer for a function that threw or timed out. The error and its stack go to the log,
 * never to the client (issue 22, item 10: a stack trace with file paths reached the browser).
 */
/**
 * @param {Console} logger
 * @param {string} name
 * @param {ErrorData} error
 * @returns {Answer}
 */
function errorAnswer(logger, name, { errorType = 'Error', errorMessage = '', stackTrace = [] }) {
  logger.error(`[functions] ${name} failed: ${errorType}: ${errorMessage}\n${stackTrace.join('\n')}`);
  return {
    status: 500,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: Buffer.from(INTERNAL_ERROR_BODY),
  };
}

/** One function's long-lived worker thread, started on first use and again if it ever exits. */
class WarmFunction {
  /**
   * @param {{ name: string, entryFile: string, logger: Console, blobs: BlobHandler | undefined }} options
   */
  constructor({ name, entryFile, logger, blobs }) {
    this.name = name;
    this.entryFile = entryFile;
    this.logger = logger;
    this.blobs = blobs;
    this.nextId = 1;
    /** Calls in flight. @type {Map<number, Call>} */
    this.calls = new Map();
    /** @type {Worker | undefined} */
    this.worker = undefined;
    /** @type {Promise<void> | undefined} */
    this.ready = undefined;
  }

  /**
   * Starts the worker if none runs; resolves once the bundle is imported.
   *
   * @returns {Promise<void>}
   */
  start() {
    if (this.ready) return this.ready;
    const worker = new Worker(WORKER_URL, {
      workerData: { name: this.name, entryFile: this.entryFile, blobsByMessage: Boolean(this.blobs) },
    });
    this.worker = worker;
    /** @type {Promise<void>} */
    const ready = new Promise((resolve, reject) => {
      worker.once('message', (message) => (message?.type === 'ready' ? resolve() : undefined));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the worker of ${this.name} exited (code ${code})`)));
    });
    this.ready = ready;
    ready.catch(() => undefined);
    worker.on('message', (/** @type {WorkerMessage} */ message) => this.onMessage(message, worker));
    worker.on('error', (error) => this.logger.error(`[functions] ${this.name} failed:`, error));
    worker.on('exit', (code) => {
      // A worker that ends (a crash, a `process.exit` in the function) fails its calls in flight;
      // the next call starts a fresh one.
      if (this.worker === worker) {
        this.worker = undefined;
        this.ready = undefined;
      }
      for (const [id, call] of this.calls) {
        this.calls.delete(id);
        this.fail(call, {
          errorType: 'Error',
          errorMessage: `function ${this.name} stopped (exit code ${code})`,
        });
      }
    });
    return ready;
  }

  /**
   * @param {Call} call
   * @param {ErrorData} error
   */
  fail(call, error) {
    if (call.body) call.body.destroy(new Error(error.errorMessage));
    else call.resolve(errorAnswer(this.logger, this.name, error));
  }

  /**
   * Answers one of the function's blob calls, from `worker`, with the blob server's handler (`blobs`).
   *
   * @param {BlobCall} call
   * @param {Worker} worker
   */
  async answerBlobCall({ id, method, url, headers, body }, worker) {
    let answer;
    try {
      if (!this.blobs) throw new Error('no blob server to answer the call');
      const response = await this.blobs(new Request(url, { method, headers, ...(body ? { body } : {}) }));
      const data = response.body ? await response.arrayBuffer() : undefined;
      answer = { type: 'blob', id, status: response.status, headers: [...response.headers], body: data };
    } catch (error) {
      // What the blob server's HTTP front answers when its handler throws.
      this.logger.error(`[blobs] ${method} ${url} failed:`, error);
      const data = new TextEncoder().encode(error instanceof Error ? error.message : String(error)).buffer;
      answer = { type: 'blob', id, status: 500, headers: [['content-type', 'text/plain']], body: data };
    }
    // To the worker that asked (posting to one that has ended since does nothing).
    worker.postMessage(answer, answer.body ? [answer.body] : []);
  }

  /**
   * @param {WorkerMessage} message
   * @param {Worker} worker
   */
  onMessage(message, worker) {
    if (message.type === 'ready') return;
    if (message.type === 'blob') {
      void this.answerBlobCall(message, worker);
      return;
    }
    const call = this.calls.get(message.id);
    if (!call) return;
    if (message.type === 'error') {
      this.calls.delete(message.id);
      this.fail(call, message.error);
      return;
    }
    const chunks = message.chunks.map((bytes) =>
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    );
    if (message.head) {
      const { statusCode = 200 } = message.head;
      const headers = responseHeaders(message.head);
      if (message.end) {
        // The whole answer in one message: the usual case for an API call.
        this.calls.delete(message.id);
        call.resolve({ status: statusCode, headers, body: Buffer.concat(chunks) });
        return;
      }
      call.body = new PassThrough();
      call.resolve({ status: statusCode, headers, body: call.body });
    }
    for (const chunk of chunks) call.body?.write(chunk);
    if (message.end) {
      this.calls.delete(message.id);
      call.body?.end();
    }
  }

  /**
   * Runs one call. Resolves to `{ status, headers, body }` once the function has answered with
   * its status and headers; `body` then streams, as the function writes it.
   */
  /**
   * @param {unknown} event
   * @param {unknown} clientContext
   * @param {number} timeoutMs
   * @returns {Promise<Answer>}
   */
  async invoke(event, clientContext, timeoutMs) {
    try {
      await this.start();
    } catch (error) {
      this.ready = undefined;
      const failure = error instanceof Error ? error : new Error(String(error));
      return errorAnswer(this.logger, this.name, {
        errorType: failure.name,
        errorMessage: failure.message,
        stackTrace: failure.stack?.split('\n') ?? [],
      });
    }
    const worker = this.worker;
    if (!worker) return errorAnswer(this.logger, this.name, { errorMessage: 'its worker is not running' });
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.calls.set(id, { resolve, body: undefined });
      worker.postMessage({ id, event, clientContext: JSON.stringify(clientContext), timeoutMs });
    });
  }

  async stop() {
    await this.worker?.terminate();
  }
}

/**
 * Bundles every function of the site into `outputDirectory` with zip-it-and-ship-it, as a deploy
 * does, and starts one warm worker per function.
 *
 * @param {object} options
 * @param {string} options.projectRoot the site's root folder
 * @param {string} options.functionsDirectory where the functions' sources are (netlify.toml)
 * @param {Record<string, FunctionSettings>} [options.functionsConfig] netlify.toml's `[functions]` settings
 * @param {string} options.outputDirectory a folder this server owns; emptied first
 * @param {Console} [options.logger]
 * @param {BlobHandler} [options.blobs] the local blob server's request handler: the functions'
 *   blob calls (to the server in NETLIFY_BLOBS_CONTEXT) go to it by message instead of over HTTP
 */
export async function startWarmFunctions({
  projectRoot,
  functionsDirectory,
  functionsConfig,
  outputDirectory,
  logger = console,
  blobs,
}) {
  await rm(outputDirectory, { recursive: true, force: true });
  const bundles = await zipFunctions(functionsDirectory, outputDirectory, {
    archiveFormat: 'none',
    basePath: projectRoot,
    // netlify.toml values, passed through as @netlify/functions-dev passes them.
    config: /** @type {any} */ (bundlerConfig(functionsConfig ?? {}, projectRoot)),
    // The flags @netlify/functions-dev builds Functions API v2 functions with (ESM output);
    // zip-it-and-ship-it's type lists only some of the flags it reads.
    featureFlags: /** @type {Record<string, boolean>} */ ({
      zisi_functions_api_v2: true,
      zisi_pure_esm: true,
      zisi_pure_esm_mjs: true,
    }),
    manifest: join(outputDirectory, 'manifest.json'),
  });
  /** @type {ServedFunction[]} */
  const functions = bundles
    .filter((bundle) => bundle.runtime === 'js')
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((bundle) => ({
      name: bundle.name,
      routes: bundle.routes ?? [],
      excludedRoutes: bundle.excludedRoutes ?? [],
      schedule: bundle.schedule ?? functionsConfig?.[bundle.name]?.schedule,
      background:
        bundle.invocationMode === 'background' ||
        functionsConfig?.[bundle.name]?.background === true ||
        bundle.name.endsWith('-background'),
      warm: new WarmFunction({
        name: bundle.name,
        entryFile: join(bundle.path, bundle.entryFilename),
        logger,
        blobs,
      }),
    }));
  const byName = new Map(functions.map((func) => [func.name, func]));
  const routes = functions
    .flatMap((func) => func.routes.map((route) => ({ func, route })))
    .sort((a, b) => byPrecedence({ ...a.route, name: a.func.name }, { ...b.route, name: b.func.name }));
  // Load every function now, so no visitor waits for an import.
  await Promise.all(
    functions.map((func) =>
      func.warm.start().catch((error) => logger.error(`[functions] ${func.name} failed to load:`, error)),
    ),
  );

  return {
    /** Names of the functions served. */
    names: functions.map((func) => func.name),

    /**
     * The function a request goes to: a route of the manifest (method and exclusions included),
     * or `/.netlify/functions/{name}` for a function without routes, as in @netlify/functions-dev.
     * `{ func: undefined }` for that path with an unknown name (404). Where several routes match,
     * the most specific wins (see `byPrecedence`); @netlify/functions-dev takes the first function
     * in its registry's order (reverse alphabetical), which would let a catch-all such as
     * `/api/*` shadow `/api/account/login`.
     */
    /**
     * @param {string} pathname
     * @param {string} method
     * @returns {{ func: ServedFunction | undefined, route: Route | undefined, preferStatic: boolean } | undefined}
     */
    match(pathname, method) {
      const direct = DEFAULT_FUNCTION_URL.exec(pathname);
      if (direct) {
        const func = byName.get(direct[2] ?? '');
        if (!func) return { func: undefined, route: undefined, preferStatic: false };
        return func.routes.length === 0 ? { func, route: undefined, preferStatic: false } : undefined;
      }
      let path = pathname !== '/' && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
      path = path.toLowerCase();
      for (const { func, route } of routes) {
        if (route.methods?.length && !route.methods.includes(method)) continue;
        if (!routeMatches(route, path)) continue;
        if (func.excludedRoutes.some((excluded) => routeMatches(excluded, path))) continue;
        return { func, route, preferStatic: route.prefer_static ?? false };
      }
      return undefined;
    },

    /**
     * Calls the matched function with a Node request. Resolves to `{ status, headers, body }`:
     * `headers` an object for `res.setHeader`, `body` a Buffer, or a stream while it streams.
     */
    /**
     * @param {NodeRequest} req
     * @param {{ func: ServedFunction | undefined, route: Route | undefined }} match
     * @returns {Promise<Answer>}
     */
    async invoke(req, { func, route }) {
      if (!func) {
        return {
          status: 404,
          headers: { 'content-type': 'text/plain' },
          body: Buffer.from('Function not found...'),
        };
      }
      const method = (req.method ?? 'GET').toUpperCase();
      const body = method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : await readBody(req);
      const event = lambdaEvent({ req, body, func, route: route?.pattern });
      const clientContext = clientContextOf(req.headers.authorization);
      const timeoutMs = (func.background ? BACKGROUND_FUNCTION_TIMEOUT : SYNCHRONOUS_FUNCTION_TIMEOUT) * 1000;
      const answer = func.warm.invoke(event, clientContext, timeoutMs);
      if (func.background) {
        // Netlify answers a background function's call at once and lets it run.
        void answer.then((result) => (Buffer.isBuffer(result.body) ? undefined : result.body.resume()));
        return { status: 202, headers: {}, body: Buffer.alloc(0) };
      }
      return answer;
    },

    /** Ends every worker. */
    async stop() {
      await Promise.allSettled(functions.map((func) => func.warm.stop()));
    },
  };
}
