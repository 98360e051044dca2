/**
 * `client:intent` (issue 20): an island hydrates when the visitor is about to use it, not before,
 * so a reader downloads no React. It hydrates on the first pointer over or down, focus, key or
 * touch inside it; when it comes within `margin` of the viewport (an IntersectionObserver
 * rootMargin, e.g. `'400px'`); at idle when this browser keeps one of `idleIf` (localStorage keys,
 * e.g. `user`: a signed-in visitor sees their name and cart count without touching anything) or
 * `idleIfSession` (sessionStorage keys) or the address has one of `idleIfQuery`; or when `event` is dispatched on window (a store asks for
 * the island). A press on a button before it has hydrated is held and replayed on the same button
 * once it has, so no first press is lost (React hydrates onto the server's DOM nodes).
 *
 * Nothing hydrates on its own before the page has painted: "at idle" and the margin wait for the
 * first frame after `load`, so an island's code never competes with the first paint for a slow
 * network (issue 20: LCP). `afterPaint` hydrates at that idle moment with no other sign: an island
 * that moves on its own (the home slider's autoplay).
 */
import type { ClientDirective } from 'astro';

/** What `client:intent={{ ... }}` takes. */
export interface IntentOptions {
  readonly idleIf?: readonly string[];
  readonly idleIfSession?: readonly string[];
  /** Query parameters of the page's address that make it hydrate at idle (`about` on the contact form). */
  readonly idleIfQuery?: readonly string[];
  readonly margin?: string;
  readonly event?: string;
  /** Hydrate at idle once the page has painted, with no other sign. */
  readonly afterPaint?: boolean;
}

const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

function stored(storage: () => Storage, keys: readonly string[] | undefined): boolean {
  try {
    return (keys ?? []).some((key) => storage().getItem(key) !== null);
  } catch {
    return false;
  }
}

/** `callback` at the browser's first idle moment after the page's first frame following `load`. */
function whenPaintedAndIdle(callback: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(callback) : setTimeout(callback, 200);
  const painted = () => requestAnimationFrame(() => setTimeout(idle, 0));
  if (document.readyState === 'complete') painted();
  else window.addEventListener('load', painted, { once: true });
}

const intentDirective: ClientDirective = (load, options, el) => {
  const opts: IntentOptions = typeof options.value === 'object' && options.value ? options.value : {};
  let hydrating: Promise<void> | undefined;
  let held: HTMLElement | undefined;
  let observer: IntersectionObserver | undefined;

  const stopListening = () => {
    for (const type of INTENT_EVENTS) el.removeEventListener(type, start, true);
    if (opts.event) window.removeEventListener(opts.event, start);
    observer?.disconnect();
  };

  function start(): Promise<void> {
    hydrating ??= (async () => {
      stopListening();
      const hydrate = await load();
      await hydrate();
      el.removeEventListener('click', hold, true);
      const press = held;
      held = undefined;
      // The same node, now React's: the press reaches the handler it was meant for.
      if (press?.isConnected) press.click();
    })();
    return hydrating;
  }

  // A press that lands before hydration has finished: held (the server's button does nothing
  // yet), hydration started, the press replayed once it is done. Links keep working natively.
  function hold(event: Event) {
    const button = (event.target as Element | null)?.closest?.('button');
    if (!button || !el.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held = button;
    void start();
  }

  for (const type of INTENT_EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
  el.addEventListener('click', hold, true);
  if (opts.event) window.addEventListener(opts.event, start, { once: true });
  const watchMargin = (margin: string) => {
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void start();
      },
      { rootMargin: margin },
    );
    for (const child of el.children) observer.observe(child);
  };
  const query = new URLSearchParams(window.location.search);
  const remembered =
    stored(() => localStorage, opts.idleIf) ||
    stored(() => sessionStorage, opts.idleIfSession) ||
    (opts.idleIfQuery ?? []).some((name) => query.has(name));
  whenPaintedAndIdle(() => {
    if (hydrating) return;
    if (opts.margin && 'IntersectionObserver' in window) watchMargin(opts.margin);
    else if (opts.afterPaint) void start();
    if (remembered) void start();
  });
};

export default intentDirective;

declare module 'astro' {
  interface AstroClientDirectives {
    'client:intent'?: IntentOptions | boolean;
  }
}
