import { afterAll, beforeAll } from 'vitest';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer, type OnRequestCallback } from '@netlify/blobs/server';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running local Netlify Blobs server that the process-wide blobs environment points at. */
export interface RunningBlobsServer {
  /** Base URL the blobs environment points at, e.g. `http://127.0.0.1:54321`. */
  readonly url: string;
  /** Site id the environment context uses; stores live under it. */
  readonly siteID: string;
  /** Bearer token the server requires and the environment context carries. */
  readonly token: string;
  /** Stops the server and deletes the temp folder with every blob in it. */
  stop(): Promise<void>;
}

/** Options of {@link startBlobsServer}. */
export interface StartBlobsServerOptions {
  /** Called for every request the `BlobsServer` handles, with its operation and URL path. */
  readonly onRequest?: OnRequestCallback;
}

/**
 * Starts a real `BlobsServer` on a random loopback port, backed by a fresh temp folder, and points
 * `@netlify/blobs` at it with `setEnvironmentContext` (edge and uncached edge URL both the server,
 * so strong-consistency reads work). It is the server `npm start` and `npm run dev` run, with the
 * project's patch (patches/README.md): conditional writes are atomic and reads return ETags, as in
 * production. Call `stop()` in `afterAll`.
 */
export async function startBlobsServer(options: StartBlobsServerOptions = {}): Promise<RunningBlobsServer> {
  if (!('atomicConditionalWrites' in BlobsServer)) {
    throw new Error(
      "The local BlobsServer lacks the project's patch (patches/), so its conditional writes race. " +
        'Run `npm install`: its postinstall step applies the patch.',
    );
  }
  const directory = await mkdtemp(join(tmpdir(), 'sis-blobs-'));
  const token = randomUUID();
  const siteID = `test-site-${randomUUID()}`;
  const server = new BlobsServer({
    directory,
    token,
    ...(options.onRequest === undefined ? {} : { onRequest: options.onRequest }),
  });
  try {
    const { port } = await server.start();
    const url = `http://127.0.0.1:${port}`;
    setEnvironmentContext({ siteID, token, edgeURL: url, uncachedEdgeURL: url });
    return {
      url,
      siteID,
      token,
      async stop() {
        await server.stop();
        await rm(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server.stop();
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Starts a local blob server before the tests of the file that calls it and stops it after
 * them: the one line a test file needs for storage.
 */
export function useBlobsServer(options: StartBlobsServerOptions = {}): void {
  let server: RunningBlobsServer | undefined;
  beforeAll(async () => {
    server = await startBlobsServer(options);
  });
  afterAll(async () => {
    await server?.stop();
  });
}
