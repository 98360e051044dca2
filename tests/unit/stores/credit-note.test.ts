/** A refund's credit note as its page loads it (issue 28; API.md credit notes). */
import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';

function stubFetch(...replies: ({ status?: number; body: unknown } | Error)[]) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      paths.push(path);
      const reply = replies.shift();
      if (!reply) throw new Error(`Unexpected call ${path}`);
      if (reply instanceof Error) throw reply;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return paths;
}

async function loadStore() {
  vi.resetModules();
  vi.doMock('~/stores/session', () => ({ $user: atom({ userid: 'u-7f3a', username: 'Asha' }) }));
  return import('~/stores/credit-notes');
}

afterEach(() => vi.unstubAllGlobals());

describe('loadCreditNote', () => {
  it('asks for the credit note of the order and names it by both numbers; 404, 401 and no answer as for an invoice', async () => {
    const paths = stubFetch(
      { status: 404, body: { errors: ['Not found.'] } },
      { status: 401, body: { errors: ['Sign in.'] } },
      new TypeError('Failed to fetch'),
    );
    vi.stubGlobal('document', { cookie: '' });
    const orders = await loadStore();
    await orders.loadCreditNote('SIS-2627-000004', 'CN-2627-000001');
    expect(paths).toEqual(['/api/orders/SIS-2627-000004/credit-notes/CN-2627-000001']);
    expect(orders.$creditNote.get()).toEqual({
      key: orders.creditNoteKey('SIS-2627-000004', 'CN-2627-000001'),
      load: { state: 'not-found' },
    });
    await orders.loadCreditNote('SIS-2627-000004', 'CN-2627-000001');
    expect(orders.$creditNote.get()?.load).toEqual({ state: 'signed-out' });
    await orders.loadCreditNote('SIS-2627-000004', 'CN-2627-000001');
    expect(orders.$creditNote.get()?.load).toEqual({ state: 'failed' });
  });

  it('an answer for a credit note no longer asked for changes nothing', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    vi.stubGlobal('document', { cookie: '' });
    const orders = await loadStore();
    const first = orders.loadCreditNote('SIS-2627-000004', 'CN-2627-000001');
    const answerFirst = answer;
    void orders.loadCreditNote('SIS-2627-000005', 'CN-2627-000002');
    answerFirst(new Response('{}', { status: 404 }));
    await first;
    expect(orders.$creditNote.get()).toEqual({
      key: orders.creditNoteKey('SIS-2627-000005', 'CN-2627-000002'),
      load: { state: 'loading' },
    });
  });
});
