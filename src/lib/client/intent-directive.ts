/**
 * `client:intent` (issue 20): an island hydrates when the visitor is about to use it, not before,
 * so a reader downloads no React. It hydrates on the first pointer over or down, focus, key or
 * touch inside it; at idle when this browser keeps one of `idleIf` (localStorage keys,
 * e.g. `user`: a signed-in visitor sees their name and cart count without touching anything), holds
 * a value of `idleIfValue`, or keeps one of `idleIfSession` (sessionStorage keys), or the address
 * has one of `idleIfQuery`; or when `event` is dispatched on window (a store asks for
 * the island). A press on a button before it has hydrated (a form's submit button, disabled until
 * React handles the form, included) is held and replayed on the same button once it has, and Enter in a form's field submits the form once it has, so no first press is
 * lost (React hydrates onto the server's DOM nodes).
 *
 * Nothing hydrates on its own before the page has painted: "at idle" waits for the
 * first frame after `load`, so an island's code never competes with the first paint for a slow
 * network (issue 20: LCP). A carousel that moves on its own does so before it hydrates
 * (`<carousel-autoplay>`, issue 42), so no island needs to hydrate with no sign from the visitor.
 */
import type { ClientDirective } from 'astro';
import { ISLAND_FAILED } from './events';

/** What `client:intent={{ ... }}` takes. */
export interface IntentOptions {
  readonly idleIf?: readonly string[];
  /** localStorage keys that make it hydrate at idle when they hold the given value (a remembered view). */
  readonly idleIfValue?: Readonly<Record<string, string>>;
  readonly idleIfSession?: readonly string[];
  /** Query parameters of the page's address that make it hydrate at idle (`about` on the contact form). */
  readonly idleIfQuery?: readonly string[];
  readonly event?: string;
  /**
   * An event to dispatch on window when this island starts hydrating and the visitor is not
   * remembered (`idleIf`): the island its press will need next (Add to cart signed out opens the
   * header's sign-in dialog), so both download at once instead of one after the other (issue 31).
   */
  readonly alsoWake?: string;
}

const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

function stored(storage: () => Storage, keys: readonly string[] | undefined): boolean {
  try {
    return (keys ?? []).some((key) => storage().getItem(key) !== null);
  } catch {
    return false;
  }
}

function storedValue(values: Readonly<Record<string, string>> | undefined): boolean {
  try {
    return Object.entries(values ?? {}).some(([key, value]) => localStorage.getItem(key) === value);
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

/** A form's submit button, disabled until React has rendered the form (`useHydrated`). */
const SUBMIT_DISABLED =
  'button[type="submit"]:disabled, button:not([type]):disabled, input[type="submit"]:disabled';

/** `then` once React has rendered `form` (its submit button enabled), checked each frame for 10 s. */
function whenReact(form: HTMLFormElement, then: () => void): void {
  const until = performance.now() + 10_000;
  const check = () => {
    if (!form.isConnected) return;
    if (!form.querySelector(SUBMIT_DISABLED)) then();
    else if (performance.now() < until) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

const intentDirective: ClientDirective = (load, options, el) => {
  const opts: IntentOptions = typeof options.value === 'object' && options.value ? options.value : {};
  let hydrating: Promise<void> | undefined;
  let held: HTMLElement | undefined;
  let heldSubmit: HTMLFormElement | undefined;

  const query = new URLSearchParams(window.location.search);
  const remembered =
    stored(() => localStorage, opts.idleIf) ||
    storedValue(opts.idleIfValue) ||
    stored(() => sessionStorage, opts.idleIfSession) ||
    (opts.idleIfQuery ?? []).some((name) => query.has(name));
  const stopListening = () => {
    for (const type of INTENT_EVENTS) el.removeEventListener(type, start, true);
    if (opts.event) window.removeEventListener(opts.event, start);
  };

  function start(): Promise<void> {
    hydrating ??= (async () => {
      stopListening();
      if (opts.alsoWake && !remembered) window.dispatchEvent(new Event(opts.alsoWake));
      // Astro reports an island whose code could not be loaded (after one retry) with this
      // event, and hands back a hydration that does nothing.
      let failed = false;
      const onError = () => {
        failed = true;
      };
      el.addEventListener('astro:hydration-error', onError);
      const hydrate = await load();
      el.removeEventListener('astro:hydration-error', onError);
      if (failed) {
        // Offline, or a chunk that failed: a held press is released, the next sign of intent
        // tries again, and whoever waits for this island (the account dialog's `requestSignIn`)
        // is told at once.
        held?.removeAttribute('aria-busy');
        held = undefined;
        heldSubmit = undefined;
        hydrating = undefined;
        listen();
        window.dispatchEvent(new CustomEvent(ISLAND_FAILED, { detail: opts.event ?? null }));
        return;
      }
      await hydrate();
      el.removeEventListener('click', hold, true);
      el.removeEventListener('pointerup', holdDisabled, true);
      el.removeEventListener('keydown', holdSubmit, true);
      const press = held;
      const form = heldSubmit;
      held = undefined;
      heldSubmit = undefined;
      // React's render says whether it is busy from now on.
      press?.removeAttribute('aria-busy');
      // The same node, now React's: the press reaches the handler it was meant for (a submit
      // button the server rendered disabled, once React has rendered its form).
      const pressForm = press instanceof HTMLButtonElement ? press.form : null;
      if (press?.isConnected && pressForm && press.matches(':disabled'))
        whenReact(pressForm, () => press.click());
      else if (press?.isConnected) press.click();
      else if (form) whenReact(form, () => form.requestSubmit());
    })();
    return hydrating;
  }

  // A press that lands before hydration has finished: held (the server's button does nothing
  // yet), hydration started, the press replayed once it is done. Links keep working natively.
  // The held button says at once that it is busy (`aria-busy`, which the island's CSS may show
  // as a spinner): on a slow network the island's code may take seconds (issue 31).
  function hold(event: Event) {
    const button = (event.target as Element | null)?.closest?.('button');
    if (!button || !el.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held = button;
    button.setAttribute('aria-busy', 'true');
    void start();
  }

  // A disabled button gets no click, but it gets the pointer: a press on a form's submit button,
  // disabled until React handles the form (a phone's first tap on Sign in), is held the same way.
  function holdDisabled(event: Event) {
    const button = (event.target as Element | null)?.closest?.('button');
    if (!button || !el.contains(button) || !button.matches(':disabled')) return;
    held = button;
    void start();
  }

  // Enter in a field before hydration (a fast visitor, a password manager): the server's form
  // cannot send itself (its submit button is disabled until React handles it), so the Enter is
  // held and the form submitted once React is there.
  function holdSubmit(event: KeyboardEvent) {
    const field = event.target as Element | null;
    if (event.key !== 'Enter' || !(field instanceof HTMLInputElement) || !field.form) return;
    if (!el.contains(field.form)) return;
    event.preventDefault();
    heldSubmit = field.form;
    void start();
  }

  function listen() {
    for (const type of INTENT_EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
    if (opts.event) window.addEventListener(opts.event, start, { once: true });
  }
  listen();
  el.addEventListener('click', hold, true);
  el.addEventListener('pointerup', holdDisabled, true);
  el.addEventListener('keydown', holdSubmit, true);
  // An island's forms are React's: the browser never sends one itself (a GET would put the fields,
  // a password among them, in the address). React's handlers still run; they send what is sent.
  el.addEventListener('submit', (event) => event.preventDefault(), true);
  whenPaintedAndIdle(() => {
    if (hydrating) return;
    if (remembered) void start();
  });
};

export default intentDirective;

declare module 'astro' {
  interface AstroClientDirectives {
    'client:intent'?: IntentOptions | boolean;
  }
}
