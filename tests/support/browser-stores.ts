/**
 * Runs the browser stores (src/stores/) in vitest's Node environment: localStorage through
 * @nanostores/persistent's test engine, an in-memory sessionStorage, a cookie jar and a fake
 * `fetch` that answers from a table of routes and records every call. Each `loadStores()` starts
 * from fresh modules, as a page load does.
 */
import { vi } from 'vitest';

/** One recorded request. */
interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Answer of a route: status and JSON body (omit the body for 204). */
interface FakeAnswer {
  status: number;
  body?: unknown;
}

type Route = (call: RecordedCall) => FakeAnswer | Promise<FakeAnswer>;

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

export interface BrowserState {
  /** localStorage before the page loads. */
  local?: Record<string, string>;
  /** sessionStorage before the page loads. */
  session?: Record<string, string>;
  cookie?: string;
  /** `'POST /api/account/login'` -> answer. Unlisted paths answer 404. */
  routes?: Record<string, Route | FakeAnswer>;
}

/** Fresh store modules over the given browser state. */
export async function loadStores(state: BrowserState = {}) {
  vi.resetModules();
  const calls: RecordedCall[] = [];
  const sessionStore = memoryStorage(state.session);
  vi.stubGlobal('sessionStorage', sessionStore);
  // Enough of a document for the cookie jar and for sonner, which adds its stylesheet on import.
  vi.stubGlobal('document', {
    cookie: state.cookie ?? '',
    head: { appendChild: () => undefined },
    createElement: () => ({ appendChild: () => undefined }),
    createTextNode: () => ({}),
  });
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = state.routes?.[`${call.method} ${path}`];
    const answer =
      typeof route === 'function'
        ? await route(call)
        : (route ?? { status: 404, body: { errors: ['Not found.'] } });
    return answer.body === undefined
      ? new Response(null, { status: answer.status })
      : Response.json(answer.body, { status: answer.status });
  });

  const persistent = await import('@nanostores/persistent');
  persistent.useTestStorageEngine();
  persistent.cleanTestStorage();
  for (const [key, value] of Object.entries(state.local ?? {})) persistent.setTestStorageKey(key, value);

  // The session and the sign-in actions, as one store to the tests (two modules since issue 42).
  const session = { ...(await import('~/stores/session')), ...(await import('~/stores/sign-in')) };
  const cart = await import('~/stores/cart');
  const dialog = await import('~/stores/account-dialog');
  const requests = await import('~/stores/requests');
  return {
    session,
    cart,
    dialog,
    requests,
    calls,
    /** localStorage as the persistent stores left it. */
    local: () => ({ ...persistent.getTestStorage() }),
    sessionStorage: sessionStore,
  };
}
