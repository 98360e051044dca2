/**
 * The address of the after-paying journeys' member of staff for the worker with `parallelIndex`
 * (tests/e2e/after-paying.spec.ts): one per worker, so two workers never sign one address up at
 * once. playwright.config.ts lists the first `STAFF_WORKERS` as staff.
 */
export function afterPayingStaffOf(base: string, parallelIndex: number): string {
  return base.replace('@', `.w${parallelIndex}@`);
}

/** Parallel indexes given a member of staff: more than the config's two workers, for `--workers`. */
export const STAFF_WORKERS = 8;
