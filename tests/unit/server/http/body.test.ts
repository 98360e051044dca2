import { describe, expect, it } from 'vitest';
import { PayloadTooLarge } from '~/server/domain/errors';
import { MAX_BODY_BYTES, readLimitedText } from '~/server/http/body';

/** A chunked body of `total` bytes in 64 KiB chunks that counts what the reader pulled. */
function countingBody(total: number, headers: Record<string, string> = {}) {
  const counter = { pulled: 0, cancelled: false };
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= total) {
          controller.close();
          return;
        }
        const size = Math.min(chunk.byteLength, total - counter.pulled);
        counter.pulled += size;
        controller.enqueue(chunk.subarray(0, size));
      },
      cancel() {
        counter.cancelled = true;
      },
      // Nothing is pulled before someone reads.
    },
    { highWaterMark: 0 },
  );
  const request = new Request('http://localhost/api/contact/sendmail', {
    method: 'POST',
    headers,
    body: stream,
    // A chunked upload declares no length.
    duplex: 'half',
  } as RequestInit);
  return { request, counter };
}

describe('reading a request body (issue 22, item 8)', () => {
  it('reads no more than the limit and one chunk of a 16 MB chunked body, cancels it and refuses it', async () => {
    const { request, counter } = countingBody(16 * 1024 * 1024);
    await expect(readLimitedText(request)).rejects.toBeInstanceOf(PayloadTooLarge);
    // The stream stops at the chunk that crossed the limit (at most limit + one 64 KiB chunk pulled).
    expect(counter.pulled).toBeLessThanOrEqual(MAX_BODY_BYTES + 64 * 1024);
    expect(counter.cancelled).toBe(true);
  });

  it('refuses a declared length over the limit before reading anything', async () => {
    const { request, counter } = countingBody(MAX_BODY_BYTES + 1, {
      'content-length': String(MAX_BODY_BYTES + 1),
    });
    await expect(readLimitedText(request)).rejects.toBeInstanceOf(PayloadTooLarge);
    expect(counter.pulled).toBe(0);
  });

  it('reads a body at the limit whole, and keeps multi-byte letters split across chunks', async () => {
    const { request } = countingBody(MAX_BODY_BYTES);
    expect((await readLimitedText(request)).length).toBe(MAX_BODY_BYTES);
    const text = `{"name":"${'Rané '.repeat(2000)}"}`;
    expect(await readLimitedText(new Request('http://localhost/', { method: 'POST', body: text }))).toBe(
      text,
    );
  });
});
