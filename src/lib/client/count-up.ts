/**
 * Pure arithmetic behind the home page counters (`<count-up>`): how far a count has got after a
 * given time. No DOM here, so it is unit-tested on its own.
 */

/** Ease-out cubic: fast start, gentle landing. Takes and returns a fraction in [0, 1]. */
export function easeOutCubic(progress: number): number {
  const t = Math.min(1, Math.max(0, progress));
  return 1 - (1 - t) ** 3;
}

/**
 * The whole number a counter shows `elapsedMs` milliseconds into a count from 0 to `target`
 * lasting `durationMs`. Never exceeds `target` and is exactly `target` once the time is up.
 */
export function countUpValue(target: number, elapsedMs: number, durationMs: number): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return target;
  return Math.min(target, Math.floor(target * easeOutCubic(elapsedMs / durationMs)));
}
