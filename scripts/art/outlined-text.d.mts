/** Types of outlined-text.mjs, for the TypeScript that draws share images at build. */
export interface TextOptions {
  /** Baseline start (or middle / end with `anchor`), in px. */
  x: number;
  y: number;
  /** Font size in px. */
  size: number;
  /** Inter's weight, 100-900. */
  weight?: number;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
}

/** `value` as outlined glyphs (a `<g>`), whose definitions {@link takeGlyphDefs} returns. */
export function text(value: string, options: TextOptions): string;

/** Width of `value` in px at `size` and `weight`. */
export function measure(value: string, size: number, weight?: number): number;

/** The `<path>` definitions of the glyphs used since the last call; clears them. */
export function takeGlyphDefs(): string[];
