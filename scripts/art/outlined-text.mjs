// @ts-check
/**
 * Words as outlined glyphs of the site's own font (Inter, from @fontsource-variable/inter), so a
 * picture looks the same on every system and in every rasteriser: the course covers, monograms and
 * product screens of `npm run draw:art`, and the share images drawn at build (src/lib/build/share-card.ts).
 */
import * as fontkit from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import wawoff2 from 'wawoff2';

// Resolved as a package file, not beside this module: the build bundles this module elsewhere.
const require = createRequire(import.meta.url);
/** Inter's Latin file first; Latin Extended adds what Latin lacks (₹). */
const fonts = [];
for (const subset of ['latin', 'latin-ext']) {
  const file = require.resolve(`@fontsource-variable/inter/files/inter-${subset}-wght-normal.woff2`);
  // One at a time: the WOFF2 decoder (WebAssembly) is not re-entrant.
  const ttf = await wawoff2.decompress(readFileSync(file));
  fonts.push({ font: fontkit.create(Buffer.from(ttf)), weights: new Map() });
}

/** The subset that has `char`, at a weight (100–900), each made once. */
function face(char, weight) {
  const entry = fonts.find(({ font }) => font.hasGlyphForCodePoint(char.codePointAt(0)));
  if (!entry) throw new Error(`Inter has no glyph for "${char}": use another character`);
  if (!entry.weights.has(weight)) entry.weights.set(weight, entry.font.getVariation({ wght: weight }));
  return entry.weights.get(weight);
}

/** `value` cut into runs that one subset can draw, each laid out by it. */
function runs(value, weight) {
  const parts = [];
  for (const char of value) {
    const font = face(char, weight);
    const last = parts.at(-1);
    if (last?.font === font) last.text += char;
    else parts.push({ font, text: char });
  }
  return parts.map(({ font, text }) => ({ font, run: font.layout(text) }));
}

const round = (n) => Math.round(n * 10) / 10;

/** Width of `text` in px at `size` and `weight`. */
export function measure(value, size, weight = 400) {
  return widthOf(runs(value, weight), size);
}

function widthOf(parts, size) {
  return parts.reduce((sum, { font, run }) => sum + (run.advanceWidth * size) / font.unitsPerEm, 0);
}

const COMMANDS = { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' };

/** Glyph outlines the file being drawn uses, each defined once then <use>d, in steps of QUANTUM font units. */
const QUANTUM = 8;
const glyphDefs = new Map();

function glyphRef(font, weight, glyph) {
  const id = `g${fonts.findIndex((entry) => entry.weights.get(weight) === font)}-${weight}-${glyph.id}`;
  if (!glyphDefs.has(id)) {
    const d = glyph.path.commands
      .map(({ command, args }) => COMMANDS[command] + args.map((n) => Math.round(n / QUANTUM)).join(' '))
      .join('');
    glyphDefs.set(id, `<path id="${id}" d="${d}"/>`);
  }
  return id;
}

/**
 * `value` as outlined glyphs. `x`, `y` is the baseline start (or middle / end with `anchor`).
 */
export function text(value, { x, y, size, weight = 400, fill, anchor = 'start', opacity }) {
  const parts = runs(value, weight);
  const width = widthOf(parts, size);
  let cursor = x - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
  let out = '';
  for (const { font, run } of parts) {
    const scale = size / font.unitsPerEm;
    let units = 0;
    let uses = '';
    run.glyphs.forEach((glyph, index) => {
      const position = run.positions[index];
      if (glyph.path.commands.length > 0) {
        const dx = Math.round((units + position.xOffset) / QUANTUM);
        const dy = Math.round(position.yOffset / QUANTUM);
        uses += `<use href="#${glyphRef(font, weight, glyph)}"${dx ? ` x="${dx}"` : ''}${dy ? ` y="${dy}"` : ''}/>`;
      }
      units += position.xAdvance;
    });
    const k = Math.round(scale * QUANTUM * 100000) / 100000;
    out += `<g transform="translate(${round(cursor)} ${round(y)}) scale(${k} -${k})">${uses}</g>`;
    cursor += units * scale;
  }
  const attrs = opacity === undefined ? '' : ` opacity="${opacity}"`;
  return `<g fill="${fill}"${attrs}>${out}</g>`;
}

/** The `<path>` definitions of the glyphs used since the last call, for one file's `<defs>`; clears them. */
export function takeGlyphDefs() {
  const defs = [...glyphDefs.values()];
  glyphDefs.clear();
  return defs;
}
