// @ts-check
// Header benchmark (issue 42, item 2): what the header's menus cost a phone on a content page
// (`/who-we-are/about-us`), signed out.
// 1. JavaScript, gzipped as Netlify serves it: the page's inline scripts, the module files loaded
//    before any interaction (load, then an idle moment, then no request for 0.5 s), those the
//    first taps on Menu and on a section menu fetch, then those of the account control (the
//    pointer over Sign in) and of its dialog (a press on it).
// 2. Time on a slow phone: 400 ms round trip and 400 kbps each way (Chromium DevTools protocol),
//    the CPU slowed 4x, cache off, 375 x 740 touch screen. Menu is tapped as soon as it is on
//    screen, then Services in the open menu; ms from each tap's pointerdown to the menu on screen.
// Prints a table and writes docs/benchmarks/header.md.
// Usage: npm run bench:header   (builds first; BENCH_RUNS, default 5)
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startSite } from './bench/site.mjs';
import { findChromium } from './find-chromium.mjs';

const RUNS = Math.max(1, Number(process.env['BENCH_RUNS'] ?? 5));
const PAGE = '/who-we-are/about-us';
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
/** Issue 31's walk: 400 ms round trip, 400 kbps down and up. */
const SLOW = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
};
const CPU_SLOWDOWN = 4;
const MENU = '.site-header__toggle';
const SECTION = '#site-nav .site-nav__trigger[aria-controls="menu-services"]';
const SIGN_IN = '#site-nav a[href="/login"]';

const site = await startSite();
const browser = await chromium.launch({ executablePath: await findChromium() });

/** @param {string} text */
const gzipped = (text) => gzipSync(Buffer.from(text)).length;
/** @param {number} bytes */
const kb = (bytes) => (bytes / 1024).toFixed(1);

/**
 * Script bodies still being read, and how many have started or finished reading.
 *
 * @typedef {Set<Promise<void>> & { changes: number }} Pending
 */

/**
 * Resolves once no script request has started or finished for `quietMs`.
 *
 * @param {import('@playwright/test').Page} page
 * @param {Pending} pending
 */
async function scriptsSettled(page, pending, quietMs = 500) {
  let last = -1;
  while (last !== pending.size + pending.changes) {
    last = pending.size + pending.changes;
    await page.waitForTimeout(quietMs);
    await Promise.all([...pending]);
  }
}

/** The gzipped JavaScript of the page before any interaction and at its first menu taps. */
async function weigh() {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  /** @type {{ path: string, bytes: number }[]} */
  const loaded = [];
  const pending = /** @type {Pending} */ (Object.assign(new Set(), { changes: 0 }));
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = response.text().then((text) => {
      loaded.push({ path: new URL(response.url()).pathname, bytes: gzipped(text) });
      pending.delete(body);
      pending.changes += 1;
    });
    pending.add(body);
  });
  await page.goto(`${site.url}${PAGE}`, { waitUntil: 'load' });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
  await scriptsSettled(page, pending);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter(
        (script) => script instanceof HTMLScriptElement && (script.type === '' || script.type === 'module'),
      )
      .map((script) => script.textContent ?? ''),
  );
  const beforeUse = loaded.splice(0);
  await page.locator(MENU).tap();
  await page.locator(SECTION).tap();
  await scriptsSettled(page, pending);
  const atMenus = loaded.splice(0);
  // Then the account control: the pointer over Sign in, and a press on it (the dialog), with
  // Services closed again (the header before issue 42, item 2 missed that press otherwise).
  await page.locator(SECTION).tap();
  await page.locator(SIGN_IN).hover();
  await page.locator(`${SIGN_IN}[aria-haspopup="dialog"]`).waitFor();
  await scriptsSettled(page, pending);
  const atAccount = loaded.splice(0);
  await page.locator(SIGN_IN).click();
  await page.locator('dialog[open]').waitFor();
  await scriptsSettled(page, pending);
  const atDialog = loaded.splice(0);
  await context.close();
  /** @param {{ path: string, bytes: number }[]} list */
  const files = (list) => ({
    bytes: list.reduce((total, script) => total + script.bytes, 0),
    names: list.map((script) => `${script.path.replace('/_astro/', '')} ${kb(script.bytes)}`),
  });
  return {
    inline: inline.reduce((total, text) => total + gzipped(text), 0),
    beforeUse: files(beforeUse),
    atMenus: files(atMenus),
    atAccount: files(atAccount),
    atDialog: files(atDialog),
  };
}

/**
 * Watches, in the page, for the next pointerdown and then `condition` (a function body) becoming
 * true, checked on every DOM change and every frame; resolves with ms from the press.
 *
 * @param {import('@playwright/test').Page} page
 * @param {string} condition
 * @returns {Promise<number>}
 */
function watch(page, condition) {
  return page.evaluate(
    (body) =>
      new Promise((resolve) => {
        const test = new Function(body);
        /** @type {number | undefined} */
        let pressedAt;
        document.addEventListener('pointerdown', () => (pressedAt ??= performance.now()), { capture: true });
        const check = () => {
          const at = pressedAt;
          if (at === undefined || !test()) return false;
          resolve(Math.round(performance.now() - at));
          return true;
        };
        const observer = new MutationObserver(() => check() && observer.disconnect());
        observer.observe(document, { subtree: true, attributes: true, childList: true });
        document.addEventListener('toggle', check, true);
        const frame = () => {
          if (!check()) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    condition,
  );
}

/** Taps Menu as soon as it is on screen, then Services; ms from each tap to its menu on screen. */
async function time() {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(`${site.url}${PAGE}`, { waitUntil: 'commit' });
  await page.locator(MENU).waitFor();
  const menuOpen = watch(
    page,
    'return document.getElementById("site-nav")?.matches(":popover-open") === true;',
  );
  await page.locator(MENU).tap();
  const menu = await menuOpen;
  const sectionOpen = watch(
    page,
    'return document.getElementById("menu-services")?.checkVisibility() === true;',
  );
  await page.locator(SECTION).tap();
  const section = await sectionOpen;
  await context.close();
  return { menu, section };
}

try {
  const weight = await weigh();
  const times = [];
  for (let run = 0; run < RUNS; run += 1) times.push(await time());
  /** @param {number[]} values */
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const menu = times.map((t) => t.menu);
  const section = times.map((t) => t.section);
  const lines = [
    '# Header benchmark',
    '',
    `The header's menus on a phone, on a content page (\`${PAGE}\`), signed out (issue 42, item 2). Regenerate with \`npm run bench:header\`. Last run ${new Date().toISOString().slice(0, 10)}.`,
    '',
    "JavaScript, each script gzipped (as Netlify serves it), at 375 px: the inline scripts of the page (all of them, not only the header's), then the module files fetched at each step (until no request for 0.5 s): loading the page (load, then an idle moment), the first taps on Menu and on Services, the pointer over Sign in, and a press on it (the sign-in dialog).",
    '',
    '| Step | JavaScript (KB gzipped) | Files (KB) |',
    '| --- | ---: | --- |',
    `| Inline in the page | ${kb(weight.inline)} | |`,
    .../** @type {const} */ ([
      ['Loading the page, no interaction', weight.beforeUse],
      ['Taps on Menu and Services', weight.atMenus],
      ['Pointer over Sign in', weight.atAccount],
      ['Press on Sign in (the dialog)', weight.atDialog],
    ]).map(([step, { bytes, names }]) => `| ${step} | ${kb(bytes)} | ${names.join(', ') || 'none'} |`),
    '',
    `Time on a slow phone: 400 ms round trip, 400 kbps each way (Chromium DevTools protocol), CPU ${CPU_SLOWDOWN}x slower, cache off, 375 x 740 touch screen. Menu is tapped as soon as it is on screen (the page still loading), then Services in the open menu; ms from each tap's pointerdown to its menu on screen. The median of ${RUNS} runs (each run: ${times.map((t) => `${t.menu}/${t.section}`).join(', ')}).`,
    '',
    '| Tap | Menu on screen (ms, median) | Slowest (ms) |',
    '| --- | ---: | ---: |',
    `| Menu | ${median(menu)} | ${Math.max(...menu)} |`,
    `| Services, in the open menu | ${median(section)} | ${Math.max(...section)} |`,
    '',
  ];
  writeFileSync('docs/benchmarks/header.md', lines.join('\n'));
  console.log(lines.join('\n'));
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser.close();
  await site.stop();
}
