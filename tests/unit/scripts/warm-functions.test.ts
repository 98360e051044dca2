import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { isPlatformInternal } from '../../../scripts/serve/platform-headers.mjs';
import { startWarmFunctions } from '../../../scripts/serve/warm-functions.mjs';

// The functions layer of `npm start` (scripts/serve/warm-functions.mjs) with the fixture functions
// in tests/fixtures/warm-functions, bundled by zip-it-and-ship-it and called over HTTP as
// scripts/serve.mjs calls them. What a function sees must be what @netlify/dev showed it.
//
// The functions' blobs context names a blob server URL where nothing listens: their blob calls can
// only succeed by message, answered by the handler of a real (patched) BlobsServer that listens
// elsewhere.

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));
let functions: Awaited<ReturnType<typeof startWarmFunctions>>;
let server: Server;
let outputDirectory: string;
let base: string;
let blobsDirectory: string;
let blobsServer: BlobsServer;
type BlobHandling = { handleRequest(request: Request): Promise<Response> };
const blobsContextBefore = process.env['NETLIFY_BLOBS_CONTEXT'];

/** What the functions log as errors (the stack of a failed call goes here, not to the client). */
const loggedErrors: string[] = [];
const logger = { ...console, error: (...parts: unknown[]) => void loggedErrors.push(parts.join(' ')) };

beforeAll(async () => {
  outputDirectory = await mkdtemp(join(tmpdir(), 'sis-warm-functions-'));
  blobsDirectory = await mkdtemp(join(tmpdir(), 'sis-warm-blobs-'));
  blobsServer = new BlobsServer({ directory: blobsDirectory, token: 'warm-token' });
  await blobsServer.start();
  const nowhere = `http://127.0.0.1:${await closedPort()}`;
  // Read by the function workers as they start (each gets a copy of the environment).
  process.env['NETLIFY_BLOBS_CONTEXT'] = Buffer.from(
    JSON.stringify({ siteID: 'warm-site', token: 'warm-token', edgeURL: nowhere, uncachedEdgeURL: nowhere }),
  ).toString('base64');
  functions = await startWarmFunctions({
    projectRoot,
    functionsDirectory: join(projectRoot, 'tests', 'fixtures', 'warm-functions'),
    outputDirectory,
    logger,
    // `handleRequest` is what the server's HTTP front calls; the type declarations mark it private.
    blobs: (request: Request) => (blobsServer as unknown as BlobHandling).handleRequest(request),
  });
  server = createServer(async (req, res) => {
    req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    const match = functions.match(new URL(req.url ?? '/', 'http://localhost').pathname, req.method ?? 'GET');
    if (!match) {
      res.statusCode = 404;
      res.end('no function');
      return;
    }
    const { status, headers, body } = await functions.invoke(req, match);
    res.writeHead(status, headers);
    if (Buffer.isBuffer(body)) res.end(body);
    else (body as Readable).pipe(res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  server?.close();
  await functions?.stop();
  await blobsServer?.stop();
  if (blobsContextBefore === undefined) delete process.env['NETLIFY_BLOBS_CONTEXT'];
  else process.env['NETLIFY_BLOBS_CONTEXT'] = blobsContextBefore;
  await rm(outputDirectory, { recursive: true, force: true });
  await rm(blobsDirectory, { recursive: true, force: true });
});

/** A loopback port that was free a moment ago and that nothing listens on now. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('warm functions', () => {
  it('serves every function of the folder', () => {
    expect(functions.names).toEqual(['blobs', 'boom', 'echo', 'fallback', 'reads', 'stream', 'tick']);
  });

  it('gives the function its request, client address, route parameters and cookies', async () => {
    const response = await fetch(`${base}/echo/42?x=1`, {
      method: 'POST',
      headers: { cookie: 'visitor=ada', 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(response.status).toBe(200);
    const seen = await response.json();
    expect(seen).toMatchObject({
      method: 'POST',
      ip: '127.0.0.1',
      params: { id: '42' },
      cookie: 'ada',
      body: 'hello',
    });
    expect(new URL(seen.url).pathname + new URL(seen.url).search).toBe('/echo/42?x=1');
    expect(response.headers.getSetCookie()).toEqual(['first=1; Path=/', 'second=2; Path=/']);
  });

  it('keeps a function loaded between calls and finishes its waitUntil work', async () => {
    const first = await (await fetch(`${base}/echo/1`)).json();
    // The first call's waitUntil work shows in a later call, once it has run: poll for it.
    await vi.waitFor(async () => {
      const later = await (await fetch(`${base}/echo/2`)).json();
      expect(later.calls).toBeGreaterThan(first.calls);
      expect(later.finishedLater).toBe(true);
    });
  });

  it('answers parallel calls in parallel', async () => {
    // Each call waits until all twenty are in flight at once: answered one at a time, none would be.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${base}/stream?together=20`).then((answer) => answer.text())),
    );
    expect(answers).toEqual(Array.from({ length: 20 }, () => 'together'));
  });

  it('streams a body as the function writes it', async () => {
    const response = await fetch(`${base}/stream`);
    const arrivals: number[] = [];
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      for (let i = 0; i < Buffer.from(chunk).toString().split('\n').length - 1; i += 1)
        arrivals.push(Date.now());
    }
    expect(arrivals).toHaveLength(3);
    expect((arrivals[2] ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThan(100);
  });

  it('answers 500 in the plain error shape when a function throws, logs the stack, and goes on serving', async () => {
    const response = await fetch(`${base}/boom`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      errors: ['Something went wrong on our side. Please try again in a moment.'],
    });
    expect(text).not.toMatch(/boom on purpose|\.m?js|at /);
    expect(loggedErrors.join('\n')).toMatch(/boom on purpose[\s\S]*at /);
    expect((await fetch(`${base}/echo/3`)).status).toBe(200);
  });

  it("hands a function's blob calls to the blob server by message, with the answers HTTP would give", async () => {
    // One after the other: the local blob server's listing walks the folder and gives up at a file
    // another call deletes meanwhile (ENOENT), answering a partial list; a race of the emulator,
    // not of what is tested here (seen once in a full unit run on a busy machine).
    const answers: unknown[] = [];
    for (const key of ['alpha', 'beta']) answers.push(await (await fetch(`${base}/blobs/${key}`)).json());
    for (const [index, key] of ['alpha', 'beta'].entries()) {
      expect(answers[index]).toEqual({
        created: true,
        createdAgain: false,
        read: { data: { n: 1 }, metadata: { by: 'fixture' }, hasETag: true },
        staleWrite: false,
        freshWrite: true,
        newETag: true,
        after: { n: 4 },
        listed: expect.arrayContaining([key]),
        gone: true,
      });
    }
  });

  it("keeps the platform's internal headers from the client: 2,000 blob reads answer with headers Node's fetch reads", async () => {
    // Netlify's bootstrap adds one `x-nf-fetch-timing` entry per blob read (about 60 bytes each);
    // passed on, 2,000 reads would be some 120 KB of headers, and Node's fetch refuses past 16 KB.
    const response = await fetch(`${base}/reads`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ found: 2000 });
    const names = [...response.headers.keys()];
    const bytes = [...response.headers].reduce(
      (sum, [name, value]) => sum + name.length + value.length + 4,
      0,
    );
    expect(bytes).toBeLessThan(8 * 1024);
    expect(names.filter((name) => name.startsWith('x-nf-'))).toEqual([]);
    expect(names).toContain('content-type');
  }, 30_000);

  it('names as internal every x-nf- answer header but the request id Netlify shows visitors', () => {
    for (const name of [
      'x-nf-fetch-timing',
      'x-nf-invocation-metadata',
      'x-nf-start-timestamp',
      'x-nf-request-flags',
    ]) {
      expect(isPlatformInternal(name)).toBe(true);
    }
    for (const name of ['x-nf-request-id', 'content-type', 'set-cookie', 'x-content-type-options', 'nf-x']) {
      expect(isPlatformInternal(name)).toBe(false);
    }
  });

  it('runs a scheduled function called by its URL as the scheduler would', async () => {
    const response = await fetch(`${base}/.netlify/functions/tick`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      method: 'POST',
      userAgent: 'Netlify Clockwork',
      event: 'schedule',
    });
  });

  it('routes as Netlify does: no direct URL for a function with a path, 404 for an unknown name', async () => {
    expect(functions.match('/.netlify/functions/echo', 'GET')).toBeUndefined();
    expect((await fetch(`${base}/.netlify/functions/nothing`)).status).toBe(404);
  });

  it('sends a path to the most specific route, so a catch-all shadows no other function', () => {
    expect(functions.match('/stream', 'GET')?.func?.name).toBe('stream');
    expect(functions.match('/echo/7', 'GET')?.func?.name).toBe('echo');
    expect(functions.match('/echo', 'GET')?.func?.name).toBe('fallback');
    expect(functions.match('/anything/else', 'GET')?.func?.name).toBe('fallback');
  });
});
