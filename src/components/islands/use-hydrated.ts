/**
 * False while React hydrates server HTML, true afterwards (and at once on a client-only render).
 * Islands render what the server rendered until then (signed out, empty cart), so hydration never
 * mismatches; browser-only state (localStorage) shows right after.
 *
 * "Right after" is a background render (`useDeferredValue`): the island's first full render (a
 * cart, an invoice, the header's name and count) is time-sliced like the hydration itself, in
 * pieces of a few milliseconds, instead of one long task that blocks the page (issue 20: TBT).
 */
import { useDeferredValue, useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useDeferredValue(
    useSyncExternalStore(
      subscribe,
      () => true,
      () => false,
    ),
  );
}
