import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A running {@link startAtomicWriteProxy}. */
export interface AtomicWriteProxy {
  /** Base URL clients use instead of the upstream server's, e.g. `http://127.0.0.1:54321`. */
  readonly url: string;
  /** Stops accepting connections and closes open ones. */
  stop(): Promise<void>;
}

/** Request headers that belong to one hop and must not be forwarded. */
const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * An HTTP proxy in front of the local `BlobsServer` that gives its writes the guarantees the
 * production Netlify Blobs service has and the local server lacks:
 *
 * 1. Conditional writes are atomic. The local server checks `If-Match`/`If-None-Match` and then
 *    writes after several awaits, so concurrent writers carrying the same ETag all "succeed"
 *    (observed: 50 of 50). The proxy runs writes and deletes of one key one at a time; reads and
 *    writes of other keys pass through concurrently.
 * 2. Every write yields a new ETag. The local server derives the ETag from the file's mtime in
 *    whole milliseconds, so two writes in the same millisecond share one ETag and a stale
 *    `If-Match` passes. When that happens the proxy rewrites the same body until the ETag changes.
 *
 * The storage layer's own read-modify-write logic is not helped: every client still reads, waits,
 * conflicts and retries exactly as it would against production.
 */
export async function startAtomicWriteProxy(upstreamURL: string): Promise<AtomicWriteProxy> {
  /** Tail of the queue of writes per key path; a write waits for the one before it. */
  const queues = new Map<string, Promise<void>>();
  /** The last ETag a write of each key path produced, to detect a repeated ETag. */
  const lastETags = new Map<string, string>();

  const forward = (method: string, path: string, headers: Headers, body: Buffer | undefined) =>
    fetch(new URL(path, upstreamURL), {
      method,
      headers,
      ...(body === undefined || body.length === 0 ? {} : { body: new Uint8Array(body) }),
    });

  const relay = async (
    method: string,
    path: string,
    headers: Headers,
    body: Buffer | undefined,
  ): Promise<{ status: number; headers: Headers; body: Buffer }> => {
    const key = new URL(path, upstreamURL).pathname;
    let response = await forward(method, path, headers, body);
    if (method === 'PUT' && response.status === 200) {
      const ifMatch = headers.get('if-match');
      const previous = lastETags.get(key);
      let etag = response.headers.get('etag') ?? '';
      while (etag !== '' && (etag === previous || etag === ifMatch)) {
        await sleep(1);
        const rewrite = new Headers(headers);
        rewrite.delete('if-match');
        rewrite.delete('if-none-match');
        response = await forward(method, path, rewrite, body);
        etag = response.headers.get('etag') ?? '';
      }
      lastETags.set(key, etag);
    }
    return {
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    };
  };

  const serialised = <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const before = queues.get(key) ?? Promise.resolve();
    const result = before.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    queues.set(key, tail);
    void tail.then(() => {
      if (queues.get(key) === tail) {
        queues.delete(key);
      }
    });
    return result;
  };

  const reply = (res: ServerResponse, answer: { status: number; headers: Headers; body: Buffer }): void => {
    answer.headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name) && name !== 'content-encoding') {
        res.setHeader(name, value);
      }
    });
    res.statusCode = answer.status;
    res.end(answer.body);
  };

  const toHeaders = (incoming: IncomingHttpHeaders): Headers => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) {
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
    }
    return headers;
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = (req.method ?? 'GET').toUpperCase();
      const path = req.url ?? '/';
      const headers = toHeaders(req.headers);
      const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
      const key = new URL(path, upstreamURL).pathname;
      const answer =
        method === 'PUT' || method === 'DELETE'
          ? serialised(key, () => relay(method, path, headers, body))
          : relay(method, path, headers, body);
      answer.then(
        (result) => reply(res, result),
        (error: unknown) => {
          res.statusCode = 502;
          res.end(String(error));
        },
      );
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}
