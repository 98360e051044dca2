// @ts-check
// One warm Netlify function: a worker thread that imports the function's bundle once and then runs
// every call it is sent, concurrently. The bundle is what zip-it-and-ship-it builds for a deploy:
// Netlify's bootstrap around our code. The bootstrap is a streaming AWS Lambda handler
// (`awslambda.streamifyResponse`); it turns each Lambda event into the `Request` and `Context` the
// function sees (cookies, ip, params, waitUntil, ...), as in production. This file is the small
// part of a Lambda runtime it needs: the `awslambda` streaming API, a context, and a timeout
// (what lambda-local provides to @netlify/functions-dev's one-shot worker).
//
// In: { id, event, clientContext, timeoutMs }. Out: { type: 'ready' } once loaded, then per call
// one or more { id, type: 'data', head?, chunks, end } (head with the first, end with the last)
// or { id, type: 'error', error }. A short answer travels as one message.
//
// Blob calls (when `workerData.blobsByMessage`): the function's requests to the local blob server
// go out as { type: 'blob', id, method, url, headers, body } and come back as
// { type: 'blob', id, status, headers, body }; see `sendBlobCallsByMessage`.
import { randomUUID } from 'node:crypto';
import { basename, dirname, extname } from 'node:path';
import process from 'node:process';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parentPort as maybeParentPort, workerData } from 'node:worker_threads';

/**
 * @typedef {{ statusCode?: number, headers?: Record<string, string>, multiValueHeaders?: Record<string, string[]> }} Head
 * @typedef {{ errorType: string, errorMessage: string, stackTrace: string[] }} ErrorData
 * @typedef {{ id: number, type: 'data', chunks: Uint8Array[], end: boolean, head?: Head }} DataMessage
 * @typedef {{ id: number, event: unknown, clientContext: string, timeoutMs: number }} CallMessage
 * @typedef {{ type: 'blob', id: number, status: number, headers: [string, string][], body: ArrayBuffer | null }} BlobAnswer
 * @typedef {{ body?: unknown, isBase64Encoded?: boolean, statusCode?: number } & Head} ClassicResult
 * @typedef {ReturnType<typeof lambdaContext>} LambdaContext
 * @typedef {((event: unknown, stream: ResponseStream, context: LambdaContext) => Promise<void>) & { streaming?: true }} StreamingHandler
 * @typedef {(event: unknown, context: LambdaContext, callback: (error: unknown, value: ClassicResult) => void) => Promise<ClassicResult> | undefined} ClassicHandler
 */

if (!maybeParentPort)
  throw new Error('function-worker.mjs runs as a worker thread (see warm-functions.mjs).');
const parentPort = maybeParentPort;

/** Statuses whose answers never have a body (undici's list, as @netlify/functions-dev uses). */
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/** The response stream of one call: collects what the function writes and sends it on. */
class ResponseStream extends Writable {
  /**
   * @param {number} id
   * @param {() => void} onHead
   */
  constructor(id, onHead) {
    super();
    this.id = id;
    this.onHead = onHead;
    /** @type {Head | undefined} */
    this.head = undefined;
    this.headSent = false;
    /** @type {string | undefined} */
    this.contentType = undefined;
    /** @type {Uint8Array[]} */
    this.chunks = [];
    this.flushScheduled = false;
  }

  /**
   * Records status and headers (`awslambda.HttpResponseStream.from`).
   *
   * @param {Head} [metadata]
   */
  sendHeader(metadata = {}) {
    const headers = { ...metadata.headers };
    if (this.contentType) headers['content-type'] = this.contentType;
    this.head = { ...metadata, headers };
    this.onHead();
  }

  /** @param {string} contentType */
  setContentType(contentType) {
    this.contentType = contentType;
  }

  /**
   * @override
   * @param {Uint8Array} chunk
   * @param {BufferEncoding} _encoding
   * @param {(error?: Error | null) => void} callback
   */
  _write(chunk, _encoding, callback) {
    if (chunk.byteLength > 0 && !NULL_BODY_STATUS.has(this.head?.statusCode ?? 200)) this.chunks.push(chunk);
    // What is written in one turn of the event loop travels together.
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush(false));
    }
    callback();
  }

  /**
   * @override
   * @param {(error?: Error | null) => void} callback
   */
  _final(callback) {
    this.flush(true);
    callback();
  }

  /**
   * Sends what was written so far (with the head, the first time); `end` when it is all.
   *
   * @param {boolean} end
   */
  flush(end) {
    this.flushScheduled = false;
    if (this.destroyed || this.writableFinished || (this.headSent && this.chunks.length === 0 && !end))
      return;
    // Copies, so each chunk has its own memory to hand over to the main thread.
    const chunks = this.chunks.map((chunk) => Uint8Array.from(chunk));
    this.chunks = [];
    /** @type {DataMessage} */
    const message = { id: this.id, type: 'data', chunks, end };
    if (!this.headSent) {
      message.head = this.head ?? { statusCode: 200 };
      this.headSent = true;
    }
    parentPort.postMessage(
      message,
      chunks.map((bytes) => bytes.buffer),
    );
  }
}

// The Lambda response streaming API, as AWS's Node runtime and lambda-local provide it.
/** @type {Record<string, unknown>} */ (globalThis).awslambda = {
  /** @param {StreamingHandler} handler */
  streamifyResponse: (handler) => {
    /** @type {StreamingHandler} */
    const streaming = (event, responseStream, context) => handler(event, responseStream, context);
    streaming.streaming = true;
    return streaming;
  },
  HttpResponseStream: {
    /**
     * @param {ResponseStream} responseStream
     * @param {Head} metadata
     */
    from(responseStream, metadata) {
      responseStream.sendHeader(metadata);
      return responseStream;
    },
  },
};

// Set once, as lambda-local sets them before each call.
const entryFile = workerData.entryFile;
Object.assign(process.env, {
  AWS_LAMBDA_FUNCTION_NAME: workerData.name,
  AWS_LAMBDA_FUNCTION_VERSION: '1.0',
  AWS_REGION: process.env.AWS_REGION ?? 'dev',
  AWS_DEFAULT_REGION: process.env.AWS_DEFAULT_REGION ?? 'dev',
  LAMBDA_TASK_ROOT: dirname(entryFile),
  _HANDLER: `${basename(entryFile, extname(entryFile))}.handler`,
});
// Stack traces point into the function's TypeScript sources (the bundle has source maps).
process.setSourceMapsEnabled(true);
// A stray error in one call's background work must not end the other calls in flight: with one
// worker per call (@netlify/functions-dev) it could only ever end its own call.
process.on('uncaughtException', (error) => console.error(`[${workerData.name}] uncaught exception:`, error));
process.on('unhandledRejection', (error) =>
  console.error(`[${workerData.name}] unhandled rejection:`, error),
);

/**
 * An error as plain data, in the shape Lambda reports it (errorType, errorMessage, stackTrace).
 *
 * @param {unknown} error
 * @returns {ErrorData}
 */
function describe(error) {
  if (error instanceof Error) {
    return { errorType: error.name, errorMessage: error.message, stackTrace: error.stack?.split('\n') ?? [] };
  }
  return { errorType: 'Error', errorMessage: String(error), stackTrace: [] };
}

/**
 * A Lambda context for one call.
 *
 * @param {unknown} clientContext
 * @param {number} timeoutMs
 */
function lambdaContext(clientContext, timeoutMs) {
  const startedAt = Date.now();
  return {
    awsRequestId: randomUUID(),
    functionName: workerData.name,
    functionVersion: '1.0',
    memoryLimitInMB: '1024',
    invokedFunctionArn: `arn:aws:lambda:dev:000000000000:function:${workerData.name}:1.0`,
    logGroupName: 'Group name',
    logStreamName: 'Stream name',
    identity: null,
    clientContext,
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => timeoutMs - (Date.now() - startedAt),
  };
}

/**
 * The result of a classic (non-streaming) Lambda handler, which returns it or passes it to a callback.
 *
 * @param {unknown} event
 * @param {LambdaContext} context
 * @returns {Promise<ClassicResult>}
 */
function classicResult(event, context) {
  return new Promise((resolve, reject) => {
    /** @type {(error: unknown, value: ClassicResult) => void} */
    const callback = (error, value) => (error ? reject(error) : resolve(value));
    const returned = /** @type {ClassicHandler} */ (handler)(event, context, callback);
    if (returned && typeof returned.then === 'function') returned.then(resolve, reject);
  });
}

/**
 * Sends a classic handler's result as one answer.
 *
 * @param {number} id
 * @param {ClassicResult | undefined} result
 */
function sendClassic(id, result) {
  const { body, isBase64Encoded, ...head } = result ?? {};
  const chunks =
    body == null || NULL_BODY_STATUS.has(head.statusCode ?? 200)
      ? []
      : [Uint8Array.from(Buffer.from(String(body), isBase64Encoded ? 'base64' : 'utf8'))];
  parentPort.postMessage(
    { id, type: 'data', head: { statusCode: 200, ...head }, chunks, end: true },
    chunks.map((bytes) => bytes.buffer),
  );
}

/**
 * Runs one call. As in lambda-local, the call fails with a timeout if it has not sent its status
 * and headers in time; after that it may go on (a streamed body, `waitUntil` work).
 */
/** @param {CallMessage} call */
async function invoke({ id, event, clientContext, timeoutMs }) {
  const context = lambdaContext(clientContext ? JSON.parse(clientContext) : null, timeoutMs);
  let answered = false;
  let failed = false;
  // Before the head, the main thread answers 500 with the error; after it, it cuts the body short.
  /** @param {unknown} error */
  const fail = (error) => {
    if (failed) return;
    failed = true;
    parentPort.postMessage({ id, type: 'error', error: describe(error) });
  };
  const timer = setTimeout(() => {
    if (!answered) fail(new Error(`Task timed out after ${(timeoutMs / 1000).toFixed(2)} seconds`));
  }, timeoutMs);
  const onHead = () => {
    answered = true;
    clearTimeout(timer);
  };
  try {
    if (handler.streaming) {
      const responseStream = new ResponseStream(id, onHead);
      try {
        await /** @type {StreamingHandler} */ (handler)(event, responseStream, context);
        if (!responseStream.writableEnded) responseStream.end();
      } catch (error) {
        responseStream.destroy();
        throw error;
      }
    } else {
      const result = await classicResult(event, context);
      if (failed) return;
      onHead();
      sendClassic(id, result);
    }
  } catch (error) {
    clearTimeout(timer);
    fail(error);
  }
}

/** Blob calls waiting for their answer: id -> resolve. @type {Map<number, (answer: BlobAnswer) => void>} */
const blobCalls = new Map();
let nextBlobCall = 1;

/**
 * The origins the function's @netlify/blobs client sends to: those of the blobs context the
 * runtime gives it (NETLIFY_BLOBS_CONTEXT, base64 JSON), or none.
 */
function blobServerOrigins() {
  try {
    const context = JSON.parse(Buffer.from(process.env.NETLIFY_BLOBS_CONTEXT ?? '', 'base64').toString());
    return new Set(
      [context.edgeURL, context.uncachedEdgeURL]
        .filter((url) => typeof url === 'string' && url !== '')
        .map((url) => new URL(url).origin),
    );
  } catch {
    return new Set();
  }
}

/**
 * Sends the function's requests to the local blob server to the main thread as messages, where the
 * server's own handler answers them (warm-functions.mjs), instead of over loopback HTTP: the same
 * requests and answers (status, headers, ETags, bodies), without the HTTP client and server work
 * that cost more than the blob operation itself. Every other `fetch` goes out as before. Installed
 * before the bundle loads, so Netlify's bootstrap wraps this `fetch` as it wraps the native one.
 */
function sendBlobCallsByMessage() {
  const origins = blobServerOrigins();
  if (origins.size === 0) return;
  const nativeFetch = globalThis.fetch;
  /** @type {typeof fetch} */
  globalThis.fetch = async function fetch(input, init) {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    if (!origins.has(new URL(request.url).origin)) return nativeFetch(request);
    request.signal.throwIfAborted();
    const body = request.body ? await request.arrayBuffer() : undefined;
    const id = nextBlobCall++;
    /** @type {Promise<BlobAnswer>} */
    const answered = new Promise((resolve) => blobCalls.set(id, resolve));
    const message = {
      type: 'blob',
      id,
      method: request.method,
      url: request.url,
      headers: [...request.headers],
      body,
    };
    parentPort.postMessage(message, body ? [body] : []);
    const answer = await answered;
    return new Response(NULL_BODY_STATUS.has(answer.status) ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  };
}

if (workerData.blobsByMessage) sendBlobCallsByMessage();
/** @type {{ handler: (StreamingHandler | ClassicHandler) & { streaming?: true } }} */
const { handler } = await import(pathToFileURL(entryFile).href);
parentPort.on('message', (/** @type {CallMessage | BlobAnswer} */ message) => {
  if (!('type' in message) || message.type !== 'blob') {
    void invoke(/** @type {CallMessage} */ (message));
    return;
  }
  blobCalls.get(message.id)?.(message);
  blobCalls.delete(message.id);
});
parentPort.postMessage({ type: 'ready' });
