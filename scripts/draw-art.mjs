// @ts-check
/**
 * Draws the site's generated pictures as SVG files in `public/images/`: the nine course covers,
 * the leadership monograms and the product screens. Every word in them is outlined from the
 * site's own font (Inter, from @fontsource-variable/inter), so a picture shown through <img> looks
 * the same on every system. Run `npm run draw:art` after changing a course, a leader or this file;
 * the output is committed. `ART_OUT` writes elsewhere (the test that checks the committed files
 * are what this script draws).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, takeGlyphDefs, text } from './art/outlined-text.mjs';
import { drawProductScreens } from './art/product-screens.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Writes an SVG file under public/images/.
 *
 * @param {string} path
 * @param {number} width
 * @param {number} height
 * @param {string} title
 * @param {string} body
 */
function write(path, width, height, title, body) {
  const file = join(process.env['ART_OUT'] ?? join(root, 'public/images'), path);
  mkdirSync(dirname(file), { recursive: true });
  const defs = takeGlyphDefs();
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<title>${title}</title>` +
    (defs.length > 0 ? `<defs>${defs.join('')}</defs>` : '') +
    `${body}</svg>\n`;
  writeFileSync(file, svg);
  return file;
}

/* ---------------------------------------------------------------- course covers */

/**
 * One look per course: two background stops, an accent and a motif drawn behind the title.
 *
 * @type {Record<string, { from: string, to: string, accent: string, motif: keyof typeof MOTIFS }>}
 */
const COVERS = {
  'csharp-fundamentals': { from: '#2e1065', to: '#6d28d9', accent: '#fbbf24', motif: 'braces' },
  'dotnet-core-web-apis': { from: '#1e1b4b', to: '#4338ca', accent: '#a5f3fc', motif: 'endpoints' },
  'aspnet-mvc': { from: '#0c1f3f', to: '#1d4ed8', accent: '#fbbf24', motif: 'layers' },
  'angular-spa-development': { from: '#4c0519', to: '#be123c', accent: '#fecdd3', motif: 'shield' },
  'nodejs-backend-development': { from: '#052e16', to: '#15803d', accent: '#bbf7d0', motif: 'hexagons' },
  'react-frontend-development': { from: '#0f172a', to: '#155e75', accent: '#67e8f9', motif: 'atom' },
  'sql-server-querying': { from: '#431407', to: '#c2410c', accent: '#fed7aa', motif: 'database' },
  'modern-javascript-essentials': { from: '#1c1917', to: '#44403c', accent: '#facc15', motif: 'brackets' },
  'power-bi-data-analysis': { from: '#3b2005', to: '#a16207', accent: '#fde68a', motif: 'bars' },
};

/** @satisfies {Record<string, (accent: string) => string>} */
const MOTIFS = {
  braces: (a) =>
    `<g fill="none" stroke="${a}" stroke-width="14" stroke-linecap="round" opacity=".28">` +
    `<path d="M470 70c-40 0-40 20-40 60s0 50-34 50c34 0 34 10 34 50s0 60 40 60"/>` +
    `<path d="M530 70c40 0 40 20 40 60s0 50 34 50c-34 0-34 10-34 50s0 60-40 60"/></g>`,
  endpoints: (a) =>
    `<g fill="none" stroke="${a}" stroke-width="4" opacity=".45"><path d="M420 90h120M480 90v90M420 180h180M540 180v90M470 270h130"/></g>` +
    `<g fill="${a}" opacity=".7"><circle cx="420" cy="90" r="12"/><circle cx="540" cy="90" r="12"/><circle cx="600" cy="180" r="12"/><circle cx="420" cy="180" r="12"/><circle cx="470" cy="270" r="12"/><circle cx="600" cy="270" r="12"/></g>`,
  layers: (a) =>
    `<g fill="none" stroke="${a}" stroke-width="5" opacity=".45">` +
    `<rect x="440" y="64" width="150" height="60" rx="10"/><rect x="440" y="150" width="150" height="60" rx="10"/><rect x="440" y="236" width="150" height="60" rx="10"/>` +
    `<path d="M515 124v26M515 210v26"/></g>`,
  shield: (a) =>
    `<g fill="none" stroke="${a}" stroke-width="10" stroke-linejoin="round" opacity=".35">` +
    `<path d="M520 48l112 40-18 150-94 58-94-58-18-150z"/><path d="M520 96l-50 120M520 96l50 120M488 176h64"/></g>`,
  hexagons: (a) => {
    const hex = (/** @type {number} */ cx, /** @type {number} */ cy) =>
      `<path d="M${cx} ${cy - 50}l43 25v50l-43 25-43-25v-50z"/>`;
    return `<g fill="none" stroke="${a}" stroke-width="6" opacity=".38">${hex(470, 110)}${hex(556, 110)}${hex(513, 185)}${hex(599, 185)}${hex(470, 260)}</g>`;
  },
  atom: (a) =>
    `<g fill="none" stroke="${a}" stroke-width="7" opacity=".45">` +
    `<ellipse cx="520" cy="180" rx="120" ry="46"/><ellipse cx="520" cy="180" rx="120" ry="46" transform="rotate(60 520 180)"/><ellipse cx="520" cy="180" rx="120" ry="46" transform="rotate(-60 520 180)"/></g>` +
    `<circle cx="520" cy="180" r="18" fill="${a}" opacity=".75"/>`,
  database: (a) =>
    `<g fill="none" stroke="${a}" stroke-width="6" opacity=".45">` +
    `<ellipse cx="520" cy="80" rx="90" ry="28"/><path d="M430 80v200c0 16 40 28 90 28s90-12 90-28V80"/><path d="M430 147c0 16 40 28 90 28s90-12 90-28M430 214c0 16 40 28 90 28s90-12 90-28"/></g>`,
  brackets: (a) =>
    `<g fill="none" stroke="${a}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round" opacity=".32">` +
    `<path d="M470 100l-60 80 60 80M570 100l60 80-60 80M540 84l-40 192"/></g>`,
  bars: (a) =>
    `<g fill="${a}" opacity=".42"><rect x="430" y="200" width="36" height="100" rx="6"/><rect x="480" y="150" width="36" height="150" rx="6"/><rect x="530" y="110" width="36" height="190" rx="6"/><rect x="580" y="70" width="36" height="230" rx="6"/></g>` +
    `<path d="M420 190l60-50 50 30 80-100" fill="none" stroke="${a}" stroke-width="6" stroke-linecap="round" opacity=".7"/>`,
};

function drawCovers() {
  const { courses } = JSON.parse(readFileSync(join(root, 'src/content/courses.json'), 'utf8'));
  for (const course of courses) {
    const look = COVERS[course.slug];
    if (!look) throw new Error(`No cover look for ${course.slug}: add one to COVERS in scripts/draw-art.mjs`);
    const titleSize = measure(course.topic, 68, 700) > 330 ? 52 : 68;
    const body =
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.from}"/><stop offset="1" stop-color="${look.to}"/></linearGradient></defs>` +
      `<rect width="640" height="360" fill="url(#g)"/>` +
      MOTIFS[look.motif](look.accent) +
      `<rect x="48" y="132" width="56" height="6" rx="3" fill="${look.accent}"/>` +
      text(course.topic, { x: 46, y: 218, size: titleSize, weight: 700, fill: '#ffffff' }) +
      text(`${course.level} · ${course.durationHours} hours · live online`, {
        x: 48,
        y: 262,
        size: 20,
        weight: 500,
        fill: look.accent,
      });
    write(`courses/${course.slug}.svg`, 640, 360, `${course.topic} course cover`, body);
  }
  return courses.length;
}

/* ---------------------------------------------------------------- leadership monograms */

/** One tone per leader, all from the site's palette; initials in white. */
const MONOGRAM_TONES = ['#0f766e', '#0b3b3a', '#b45309', '#334155', '#115e59', '#7c2d12'];

function drawMonograms() {
  // One file per leader, src/content/team/{id}.json (as the editor writes them), in carousel order.
  const folder = join(root, 'src/content/team');
  const team = readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({
      id: name.replace(/\.json$/, ''),
      ...JSON.parse(readFileSync(join(folder, name), 'utf8')),
    }))
    .sort((a, b) => a.order - b.order);
  team.forEach((leader, index) => {
    const initials = leader.name
      .split(/\s+/)
      .map((/** @type {string} */ part) => part[0])
      .join('')
      .slice(0, 2)
      .toUpperCase();
    const tone = MONOGRAM_TONES[index % MONOGRAM_TONES.length];
    const body =
      `<rect width="320" height="320" fill="${tone}"/>` +
      `<circle cx="160" cy="160" r="128" fill="none" stroke="#ffffff" stroke-opacity=".28" stroke-width="3"/>` +
      `<path d="M0 250c60-26 120-26 180 0s100 26 140 6v64H0z" fill="#ffffff" opacity=".07"/>` +
      text(initials, { x: 160, y: 160 + 42, size: 116, weight: 600, fill: '#ffffff', anchor: 'middle' });
    write(`team/${leader.id}.svg`, 320, 320, `Monogram of ${leader.name}`, body);
  });
  return team.length;
}

const covers = drawCovers();
const monograms = drawMonograms();
const screens = drawProductScreens({ text, measure, write });
console.log(`draw-art: ${covers} course covers, ${monograms} monograms, ${screens} product screens`);
