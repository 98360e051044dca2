// @ts-check
/**
 * Draws the cover pictures of the first blog posts and case studies (DECISIONS 65) as 1600 x 900
 * PNG files in src/assets/blog/ and src/assets/case-studies/, in the colours of the site's art
 * (scripts/draw-art.mjs). Covers carry no words: the page's title sits beside them. Later covers may
 * be photographs or any picture at least 1200 px wide, chosen in the editor. Run
 * `npm run draw:covers` after changing a look here; the PNG files are committed.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const W = 1600;
const H = 900;

/**
 * @param {string} from
 * @param {string} to
 */
const background = (from, to) =>
  `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
  `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
  `<path d="M0 900V760l140-70 105 47 163-105 128 82 105-35 186 93 140-82 151 58 175-116 128 70 140-35 139 58v145Z" fill="#ffffff" opacity=".06"/>`;

/**
 * A rack of shelves with cartons, at x, y.
 *
 * @param {number} x
 * @param {number} y
 * @param {string} colour
 * @param {[shelf: number, offset: number, width: number, tone: string][]} cartons
 */
function rack(x, y, colour, cartons) {
  let out = `<g fill="none" stroke="${colour}" stroke-width="10" stroke-linecap="round"><path d="M${x} ${y}v420M${x + 300} ${y}v420M${x} ${y + 140}h300M${x} ${y + 280}h300M${x} ${y + 420}h300"/></g>`;
  cartons.forEach(([shelf, offset, width, tone]) => {
    const top = y + shelf * 140 - 90;
    out += `<rect x="${x + offset}" y="${top}" width="${width}" height="86" rx="6" fill="${tone}"/>`;
    out += `<rect x="${x + offset + width / 2 - 18}" y="${top}" width="36" height="86" fill="#ffffff" opacity=".25"/>`;
  });
  return out;
}

/**
 * Vertical bars of a barcode, from a string of widths.
 *
 * @param {number} x
 * @param {number} y
 * @param {number} height
 * @param {string} pattern
 * @param {string} colour
 */
function barcode(x, y, height, pattern, colour) {
  let cursor = x;
  let out = '';
  [...pattern].forEach((digit, index) => {
    const width = Number(digit) * 5;
    if (index % 2 === 0)
      out += `<rect x="${cursor}" y="${y}" width="${width}" height="${height}" fill="${colour}"/>`;
    cursor += width;
  });
  return out;
}

/**
 * A page (invoice, report) with lines of text drawn as bars.
 *
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {[dy: number, width: number, tone: string][]} lines
 */
function sheet(x, y, w, h, lines) {
  let out = `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="#ffffff"/>`;
  lines.forEach(([dy, width, tone]) => {
    out += `<rect x="${x + 48}" y="${y + dy}" width="${width}" height="16" rx="8" fill="${tone}"/>`;
  });
  return out;
}

/**
 * A QR-like square of modules (decorative, encodes nothing).
 *
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {string} colour
 */
function qr(x, y, size, colour) {
  const cell = size / 9;
  let out = '';
  const on = '111111100100010110101100011101011001000111010110110011001101010011111';
  for (let index = 0; index < 81; index++) {
    const row = Math.floor(index / 9);
    const column = index % 9;
    const finder = (row < 3 && column < 3) || (row < 3 && column > 5) || (row > 5 && column < 3);
    if (finder || on[index % on.length] === '1')
      out += `<rect x="${x + column * cell}" y="${y + row * cell}" width="${cell}" height="${cell}" fill="${colour}"/>`;
  }
  return out;
}

const COVERS = {
  'blog/choosing-your-first-programming-course': () =>
    background('#0c1f3f', '#0f766e') +
    // A route with three stops, each a course family: braces, a database, a browser window.
    `<path d="M180 700C420 700 420 470 640 470S880 250 1100 250 1380 180 1440 160" fill="none" stroke="#fbbf24" stroke-width="14" stroke-linecap="round" stroke-dasharray="2 34"/>` +
    `<circle cx="180" cy="700" r="34" fill="#fbbf24"/><circle cx="640" cy="470" r="34" fill="#fbbf24"/><circle cx="1100" cy="250" r="34" fill="#fbbf24"/>` +
    `<g fill="none" stroke="#ccfbf1" stroke-width="12" stroke-linecap="round" opacity=".85">` +
    `<path d="M150 560c-40 0-40 20-40 55s0 45-30 45c30 0 30 10 30 45s0 55 40 55" transform="translate(-30 -170)"/>` +
    `<path d="M230 560c40 0 40 20 40 55s0 45 30 45c-30 0-30 10-30 45s0 55-40 55" transform="translate(-30 -170)"/></g>` +
    `<g fill="none" stroke="#ccfbf1" stroke-width="10" opacity=".85"><ellipse cx="640" cy="300" rx="80" ry="24"/><path d="M560 300v100c0 14 36 24 80 24s80-10 80-24V300M560 350c0 14 36 24 80 24s80-10 80-24"/></g>` +
    `<g opacity=".9"><rect x="1010" y="340" width="200" height="140" rx="14" fill="none" stroke="#ccfbf1" stroke-width="10"/><path d="M1010 378h200" stroke="#ccfbf1" stroke-width="10"/><circle cx="1036" cy="359" r="6" fill="#fbbf24"/><circle cx="1058" cy="359" r="6" fill="#fbbf24"/></g>`,
  'blog/technical-seo-checklist-for-business-websites': () =>
    background('#06201f', '#115e59') +
    // A search box, results with ranks, and a speed gauge.
    `<rect x="180" y="170" width="820" height="96" rx="48" fill="#ffffff"/>` +
    `<circle cx="245" cy="218" r="20" fill="none" stroke="#0f766e" stroke-width="8"/><path d="M260 233l20 20" stroke="#0f766e" stroke-width="8" stroke-linecap="round"/>` +
    `<rect x="310" y="208" width="420" height="20" rx="10" fill="#cbd5e1"/>` +
    [0, 1, 2, 3]
      .map(
        (row) =>
          `<rect x="180" y="${330 + row * 120}" width="820" height="92" rx="16" fill="#ffffff" opacity="${row === 0 ? 1 : 0.16}"/>` +
          `<rect x="214" y="${352 + row * 120}" width="${[360, 300, 420, 260][row]}" height="18" rx="9" fill="${row === 0 ? '#0f766e' : '#ccfbf1'}"/>` +
          `<rect x="214" y="${384 + row * 120}" width="${[560, 500, 520, 460][row]}" height="14" rx="7" fill="${row === 0 ? '#cbd5e1' : '#ccfbf1'}" opacity="${row === 0 ? 1 : 0.6}"/>`,
      )
      .join('') +
    `<g transform="translate(1250 460)"><path d="M-170 0a170 170 0 0 1 340 0" fill="none" stroke="#ffffff" stroke-opacity=".2" stroke-width="34"/>` +
    `<path d="M-170 0a170 170 0 0 1 290 -120" fill="none" stroke="#fbbf24" stroke-width="34"/>` +
    `<path d="M0 0L100 -105" stroke="#ffffff" stroke-width="12" stroke-linecap="round"/><circle r="22" fill="#ffffff"/></g>`,
  'blog/barcode-scanning-in-the-godown': () =>
    background('#0b3b3a', '#0f766e') +
    rack(150, 260, '#ccfbf1', [
      [1, 20, 120, '#f59e0b'],
      [1, 160, 110, '#fbbf24'],
      [2, 30, 150, '#fef3c7'],
      [3, 20, 100, '#f59e0b'],
      [3, 140, 130, '#fbbf24'],
    ]) +
    rack(520, 260, '#ccfbf1', [
      [1, 40, 140, '#fef3c7'],
      [2, 20, 110, '#f59e0b'],
      [2, 150, 120, '#fbbf24'],
      [3, 60, 160, '#fef3c7'],
    ]) +
    // A scanner reading a label, its beam across the bars.
    `<rect x="960" y="250" width="480" height="300" rx="20" fill="#ffffff"/>` +
    barcode(1010, 300, 160, '3121132113212131112312121312311213', '#0f172a') +
    `<rect x="1010" y="490" width="220" height="16" rx="8" fill="#cbd5e1"/>` +
    `<path d="M960 380h480" stroke="#dc2626" stroke-width="6" opacity=".85"/>` +
    `<g transform="translate(1250 600) rotate(-18)"><rect x="-70" y="0" width="140" height="230" rx="28" fill="#06201f"/><rect x="-50" y="24" width="100" height="80" rx="8" fill="#ccfbf1"/><path d="M-60 0l-30 -90h180l-30 90z" fill="#fbbf24" opacity=".35"/></g>`,
  'blog/e-invoicing-and-e-way-bills-from-the-sales-screen': () =>
    background('#1e1b4b', '#0f766e') +
    sheet(200, 150, 520, 640, [
      [64, 220, '#0f766e'],
      [112, 320, '#cbd5e1'],
      [150, 280, '#cbd5e1'],
      [230, 420, '#e2e8f0'],
      [270, 420, '#e2e8f0'],
      [310, 420, '#e2e8f0'],
      [350, 420, '#e2e8f0'],
      [430, 200, '#f59e0b'],
    ]) +
    qr(540, 600, 144, '#0f172a') +
    // The lorry the e-way bill travels with.
    `<g transform="translate(860 430)"><rect x="0" y="0" width="380" height="210" rx="16" fill="#fbbf24"/><path d="M380 60h120l90 90v60H380z" fill="#f59e0b"/><rect x="420" y="84" width="90" height="60" rx="8" fill="#fef3c7"/>` +
    `<circle cx="90" cy="232" r="46" fill="#0f172a"/><circle cx="90" cy="232" r="18" fill="#cbd5e1"/><circle cx="470" cy="232" r="46" fill="#0f172a"/><circle cx="470" cy="232" r="18" fill="#cbd5e1"/></g>` +
    `<path d="M760 470c60 0 60-60 100-60" fill="none" stroke="#ccfbf1" stroke-width="10" stroke-linecap="round" stroke-dasharray="2 24"/>`,
  'case-studies/pharma-distributor-warehouse': () =>
    background('#052e16', '#0f766e') +
    rack(160, 240, '#ccfbf1', [
      [1, 20, 120, '#fef3c7'],
      [1, 160, 120, '#fbbf24'],
      [2, 30, 240, '#fef3c7'],
      [3, 20, 130, '#f59e0b'],
    ]) +
    rack(540, 240, '#ccfbf1', [
      [1, 30, 110, '#f59e0b'],
      [2, 20, 130, '#fbbf24'],
      [2, 170, 110, '#fef3c7'],
      [3, 40, 200, '#fbbf24'],
    ]) +
    // A capsule and a calendar page: batches and expiry dates.
    `<g transform="translate(1180 300) rotate(-35)"><rect x="-170" y="-62" width="340" height="124" rx="62" fill="#ffffff"/><path d="M0 -62h108a62 62 0 0 1 0 124H0z" fill="#f59e0b"/></g>` +
    `<g transform="translate(1060 500)"><rect width="300" height="250" rx="18" fill="#ffffff"/><rect width="300" height="70" rx="18" fill="#0f766e"/><rect y="50" width="300" height="20" fill="#0f766e"/>` +
    [0, 1, 2, 3, 4]
      .map((column) =>
        [0, 1, 2]
          .map(
            (row) =>
              `<rect x="${26 + column * 54}" y="${94 + row * 50}" width="36" height="30" rx="6" fill="${column === 3 && row === 1 ? '#dc2626' : '#e2e8f0'}"/>`,
          )
          .join(''),
      )
      .join('') +
    `</g>`,
  'case-studies/multi-speciality-hospital': () =>
    background('#0c1f3f', '#115e59') +
    // The bed board: free, occupied, cleaning and reserved beds.
    [0, 1, 2]
      .map((row) =>
        [0, 1, 2, 3, 4]
          .map((column) => {
            const tone = ['#ccfbf1', '#fbbf24', '#ffffff', '#f59e0b', '#ccfbf1'][(row * 2 + column) % 5];
            const x = 150 + column * 170;
            const y = 200 + row * 190;
            return (
              `<rect x="${x}" y="${y}" width="140" height="150" rx="16" fill="${tone}" opacity=".92"/>` +
              `<rect x="${x + 24}" y="${y + 88}" width="92" height="30" rx="8" fill="#0f172a" opacity=".25"/><rect x="${x + 24}" y="${y + 62}" width="34" height="26" rx="8" fill="#0f172a" opacity=".25"/>`
            );
          })
          .join(''),
      )
      .join('') +
    `<g transform="translate(1240 430)"><circle r="190" fill="#ffffff" opacity=".12"/><circle r="150" fill="#ffffff"/><path d="M-36 -100h72v64h64v72h-64v64h-72v-64h-64v-72h64z" fill="#0f766e"/></g>`,
  'case-studies/components-manufacturer-erp': () =>
    background('#1c1917', '#0f766e') +
    // A gear (production), a chart of sales and a ledger page.
    `<g transform="translate(400 450)" fill="#fbbf24">` +
    Array.from(
      { length: 10 },
      (_, index) =>
        `<rect x="-28" y="-230" width="56" height="70" rx="8" transform="rotate(${index * 36})"/>`,
    ).join('') +
    `<circle r="175"/><circle r="70" fill="#1c1917" opacity=".85"/></g>` +
    sheet(760, 170, 640, 560, [
      [60, 240, '#0f766e'],
      [440, 540, '#e2e8f0'],
      [480, 540, '#e2e8f0'],
      [520, 380, '#e2e8f0'],
    ]) +
    [120, 180, 150, 230, 270]
      .map(
        (height, index) =>
          `<rect x="${830 + index * 110}" y="${570 - height}" width="64" height="${height}" rx="8" fill="${index === 4 ? '#f59e0b' : '#5eead4'}"/>`,
      )
      .join('') +
    `<path d="M808 572h584" stroke="#cbd5e1" stroke-width="4"/>`,
};

let drawn = 0;
for (const [name, draw] of Object.entries(COVERS)) {
  const file = join(process.env['COVERS_OUT'] ?? join(root, 'src/assets'), `${name}.png`);
  mkdirSync(dirname(file), { recursive: true });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">${draw()}</svg>`;
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(file);
  drawn += 1;
}
console.log(`draw-covers: ${drawn} covers`);
