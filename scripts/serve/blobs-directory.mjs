// @ts-check
import { BlobsServer } from '@netlify/blobs/server';

/**
 * Starts `netlify` (a NetlifyDev) with its local blob server held in `directory` when one is given
 * (@netlify/dev has no option for it and always uses .netlify/blobs-serve), and hands `onStart`
 * the blob server it started. `npm start` and the parity test's plain @netlify/dev both start
 * this way, so with SERVE_BLOBS_DIR set they read and write one store.
 *
 * @param {{ start(): Promise<unknown> }} netlify
 * @param {string | undefined} directory
 * @param {(server: BlobsServer) => void} [onStart]
 */
export async function startWithBlobsIn(netlify, directory, onStart) {
  const start = BlobsServer.prototype.start;
  BlobsServer.prototype.start = function startIn() {
    if (directory) /** @type {{ directory: string }} */ (/** @type {unknown} */ (this)).directory = directory;
    onStart?.(this);
    return start.call(this);
  };
  try {
    await netlify.start();
  } finally {
    BlobsServer.prototype.start = start;
  }
}
