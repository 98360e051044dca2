/**
 * False while React hydrates server HTML, true afterwards (and on a client-only render). Islands
 * render what the server rendered until then (signed out, empty cart), so hydration never
 * mismatches; browser-only state (localStorage) shows right after.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
