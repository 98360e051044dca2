import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the server renders and while React hydrates, true afterwards. Islands whose state
 * comes from localStorage render their server markup first, so hydration never mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
