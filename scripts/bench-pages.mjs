// @ts-check
// Page benchmark: Lighthouse (mobile) on every route of the production build, served as
// `npm start` serves it. Prints a table and writes it to docs/benchmarks/pages.md.
// Usage: npm run bench:pages [-- /path /other-path] [--signed-in]   (builds first; routes default to
// all of them plus the shop pages signed in: a cart with two courses, a history, an invoice, My courses, Your account)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { privatePaths, siteRoutes } from '../src/lib/shared/routes.ts';
import { LOCAL_STORAGE_KEYS } from '../src/lib/shared/storage-keys.ts';
import { publicationSamples } from '../tests/e2e/support/publications.ts';
import { signUpCustomers, startSite } from './bench/site.mjs';
import { payOnTestGateway } from './bench/test-gateway.mjs';
import { CHROMIUM_FLAGS, findChromium } from './find-chromium.mjs';

/**
 * Budgets per route (issues 20 and 42): JavaScript before interaction (gzipped) 15 KB on content
 * pages, 30 KB on `/`, `/home` and leadership (their carousels rotate before any touch with a few
 * hundred bytes; React and Swiper load on the first touch, issue 42), 100 KB on the shop pages
 * (their islands are the page); CSS on the critical path 14 KB gzipped; TBT 50 ms; LCP 950 ms
 * (issue 42; 1.2 s before); CLS 0; performance 100. The run exits with code 1 when a route breaks
 * one (a benchmark, not a test: its figures vary with the machine).
 */
const CAROUSEL_PAGES = ['/', '/home', '/who-we-are/leadership'];
/** The shop's pages: the private ones, about one signed-in person (their islands are the page). */
const SHOP_PAGES = /** @type {readonly string[]} */ (privatePaths);
/** @param {string} route */
function budgetOf(route) {
  // A signed-in row is labelled `/checkout (signed in …)`: its budget is its page's.
  const page = route.split(' ')[0] ?? route;
  return {
    jsKb: SHOP_PAGES.includes(page) ? 100 : CAROUSEL_PAGES.includes(page) ? 30 : 15,
    cssKb: 14,
    tbtMs: 50,
    lcpMs: 950,
    cls: 0,
    performance: 100,
  };
}

/**
 * One route's figures, and the budgets it breaks.
 *
 * @typedef {{
 *   route: string, performance: number, accessibility: number, bestPractices: number, seo: number,
 *   lcpMs: number, cls: number, clsDesktop: number | null, tbtMs: number, jsKb: number, cssKb: number,
 *   broken: string[],
 * }} Row
 */

/**
 * The fields this script reads of a row of an audit's details (a table or a list).
 *
 * @typedef {{
 *   resourceType?: string, url?: string, startTime?: number, duration?: number, scripting?: number,
 *   scriptParseCompile?: number, score?: number, node?: { selector?: string, snippet?: string },
 *   description?: string, observedLargestContentfulPaint?: number, selector?: string,
 * }} AuditItem
 */

/**
 * The rows of an audit's details; none when it has none.
 *
 * @param {import('lighthouse').Result['audits'][string] | undefined} audit
 * @returns {AuditItem[]}
 */
function itemsOf(audit) {
  const details = audit?.details;
  return details && 'items' in details
    ? /** @type {AuditItem[]} */ (/** @type {unknown} */ (details.items))
    : [];
}

/**
 * The budgets a row breaks, as `metric value > limit` phrases (none: within budget).
 *
 * @param {Omit<Row, 'broken'>} row
 */
function brokenBudgets(row) {
  const budget = budgetOf(row.route);
  /** @type {string[]} */
  const broken = [];
  if (row.jsKb > budget.jsKb) broken.push(`JS ${row.jsKb} > ${budget.jsKb} KB`);
  if (row.cssKb > budget.cssKb) broken.push(`CSS ${row.cssKb} > ${budget.cssKb} KB`);
  if (row.tbtMs > budget.tbtMs) broken.push(`TBT ${row.tbtMs} > ${budget.tbtMs} ms`);
  if (row.lcpMs > budget.lcpMs) broken.push(`LCP ${row.lcpMs} > ${budget.lcpMs} ms`);
  if (row.cls > budget.cls) broken.push(`CLS ${row.cls} > ${budget.cls}`);
  if (row.clsDesktop === null) broken.push('CLS at 1280 px not measured');
  else if (row.clsDesktop > budget.cls) broken.push(`CLS at 1280 px ${row.clsDesktop} > ${budget.cls}`);
  if (row.performance < budget.performance) broken.push(`perf ${row.performance} < ${budget.performance}`);
  return broken;
}

/** Lighthouse runs per route (`BENCH_RUNS`); the median run is reported. */
const RUNS = Math.max(1, Number(process.env['BENCH_RUNS'] ?? 3));
const routes = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
// Every route, and a post, a tag listing and a case study for the pages the blog adds (DECISIONS 65).
const targets =
  routes.length > 0 ? routes : [...siteRoutes.map((route) => route.path), ...publicationSamples];
const site = await startSite();
const origin = site.url;
const chrome = await chromeLauncher.launch({
  chromePath: await findChromium(),
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});

/**
 * The shop pages as a customer sees them (issue 20): a customer signed up the way the site does it,
 * one order paid on the built-in test gateway, then two courses in the cart; the browser gets their
 * session cookies and the name the header shows (localStorage `user`), as after signing in.
 */
async function signInCustomer() {
  const [customer] = await signUpCustomers(site, 1, { run: String(Date.now()).slice(-6), tag: 'pages' });
  if (!customer) throw new Error('The customer was not signed up.');
  const headers = { cookie: customer.cookie, 'x-xsrf-token': customer.xsrf };
  const addToCart = async (/** @type {number} */ courseId) => {
    const added = await fetch(`${origin}/api/Cart/addtocart/sispl,${courseId},${customer.userid}`, {
      method: 'POST',
      headers,
    });
    if (added.status !== 200) throw new Error(`addtocart answered ${added.status}`);
  };
  await addToCart(1);
  const { orderNo } = await payOnTestGateway(fetch, origin, { userId: customer.userid, headers });
  if (!orderNo) throw new Error('The test gateway placed no order');
  await addToCart(2);
  await addToCart(3);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium has no default context');
  await context.addCookies(
    customer.cookie.split('; ').map((pair) => {
      const [name = '', value = ''] = pair.split('=');
      return { name, value, url: origin };
    }),
  );
  const page = await context.newPage();
  await page.goto(`${origin}/who-we-are/about-us`);
  const username = 'Bench pages 0';
  await page.evaluate(
    ([key, user]) => localStorage.setItem(key, JSON.stringify(user)),
    /** @type {[string, unknown]} */ ([LOCAL_STORAGE_KEYS.user, { userid: customer.userid, username }]),
  );
  await page.close();
  await browser.close();
  return [
    { route: '/checkout (signed in, 2 courses in the cart)', path: '/checkout' },
    { route: '/purchasehistory (signed in, 1 order)', path: '/purchasehistory' },
    { route: '/invoice (signed in, its order)', path: `/invoice?id=${encodeURIComponent(orderNo)}` },
    { route: '/my-courses (signed in, 1 course)', path: '/my-courses' },
    { route: '/account (signed in)', path: '/account' },
  ];
}

/**
 * `BENCH_LCP=1`: one run's LCP as Lighthouse simulates it and as the trace observed it, and the
 * requests its simulation puts on the path to the largest paint (every request that ended before
 * the observed paint counts, a module script whose code was not needed to paint included): what to
 * load later when LCP is over budget.
 *
 * @param {import('lighthouse').RunnerResult} result
 * @param {string} route
 */
async function lcpPathOf({ lhr, artifacts }, route) {
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: lhr.configSettings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    HostDPR: artifacts.HostDPR,
    simulator: null,
  };
  const lantern = await LanternLargestContentfulPaint.request(data, {
    computedCache: new Map(),
    settings: lhr.configSettings,
  });
  /** @type {string[]} */
  const requests = [];
  lantern.pessimisticGraph.traverse((node) => {
    if (node.type === 'network') requests.push(node.request.url.replace(origin, '').slice(0, 70));
  });
  const observed = itemsOf(lhr.audits['metrics'])[0] ?? {};
  const element = itemsOf(lhr.audits['lcp-breakdown-insight'])[1]?.selector ?? '?';
  return `  LCP on ${route}: ${Math.round(lantern.timing)} ms simulated (observed ${Math.round(observed.observedLargestContentfulPaint ?? 0)} ms, ${element}); on its path: ${requests.join(', ')}`;
}

/**
 * The median of numbers.
 *
 * @param {number[]} values
 */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ index) => sorted[index] ?? NaN;
  return sorted.length % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};

/** @type {Row[]} */
const rows = [];
/**
 * Audits one page RUNS times and adds its row (`signedIn`: with the customer's session kept).
 *
 * @param {{ route: string, path: string, signedIn: boolean }} page
 */
async function measure({ route, path, signedIn }) {
  const audit = () =>
    lighthouse(`${origin}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
      throttlingMethod: 'simulate',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // Signed in: keep the session cookie and the stored name between runs.
      disableStorageReset: signedIn,
    });
  // The same page at 1280 px on Lighthouse's desktop profile, for its layout shift only (issue 42:
  // CLS 0 at 412 and 1280 px).
  const desktopAudit = () =>
    lighthouse(`${origin}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'desktop',
      screenEmulation: { mobile: false, width: 1280, height: 800, deviceScaleFactor: 1, disabled: false },
      throttling: { rttMs: 40, throughputKbps: 10_240, cpuSlowdownMultiplier: 1 },
      throttlingMethod: 'simulate',
      onlyCategories: ['performance'],
      disableStorageReset: signedIn,
    });
  // `BENCH_LCP=1`: each run's LCP path, printed after the runs.
  /** @type {string[]} */
  const lcpPaths = [];
  // Lighthouse now and then fails to record a trace; one retry tells a flake from a broken page.
  const once = async () => {
    let result = await audit();
    if (!result || result.lhr.runtimeError) result = await audit();
    if (!result || result.lhr.runtimeError) {
      throw new Error(
        `Lighthouse could not audit ${route}: ${result?.lhr.runtimeError?.message ?? 'no result'}`,
      );
    }
    if (process.env['BENCH_LCP']) lcpPaths.push(await lcpPathOf(result, route));
    return result.lhr;
  };
  // One run's TBT and LCP vary with what else the machine does: each metric is the median of
  // its RUNS values; the scripts, stylesheets and audits are those of Lighthouse's median run.
  /** @type {import('lighthouse').Result[]} */
  const lhrs = [];
  for (let run = 0; run < RUNS; run += 1) lhrs.push(await once());
  /** @type {number[]} */
  const desktopShifts = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await desktopAudit();
    if (!result || result.lhr.runtimeError) continue;
    desktopShifts.push(result.lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
    for (const item of itemsOf(result.lhr.audits['layout-shifts']))
      console.log(
        `  layout shift at 1280 px on ${route}: ${item.score?.toFixed?.(3)} ${item.node?.selector ?? ''}`,
      );
  }
  for (const line of lcpPaths) console.log(line);
  const { categories, audits } = computeMedianRun(lhrs);
  const metric = (/** @type {string} */ id) => median(lhrs.map((lhr) => lhr.audits[id]?.numericValue ?? NaN));
  // How fast this machine ran each audit (Lighthouse's benchmark index: higher is faster). The
  // simulated phone is 4x slower than the machine, so a busy or slow host shows in TBT.
  const speeds = lhrs.map((lhr) => Math.round(lhr.environment.benchmarkIndex));
  const score = (/** @type {string} */ id) => median(lhrs.map((lhr) => lhr.categories[id]?.score ?? 0));
  // JavaScript as served, each file gzipped (Netlify compresses; brotli would be smaller still).
  const scriptUrls = itemsOf(audits['network-requests'])
    .filter((item) => item.resourceType === 'Script')
    .flatMap((item) => (item.url ? [item.url] : []));
  let scriptBytes = 0;
  /** @type {string[]} */
  const scriptSizes = [];
  for (const url of scriptUrls) {
    const bytes = gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
    scriptBytes += bytes;
    scriptSizes.push(`${new URL(url).pathname.replace('/_astro/', '')} ${(bytes / 1024).toFixed(1)}`);
  }
  // `BENCH_SCRIPTS=1`: each script's share, gzipped KB (what to trim when JS is over budget).
  if (process.env['BENCH_SCRIPTS']) console.log(`  scripts on ${route}: ${scriptSizes.join(', ')}`);
  // `BENCH_TASKS=1`: the median run's long tasks (simulated ms, what TBT is made of) and each
  // script's main-thread time (what to split or defer when TBT is over budget).
  if (process.env['BENCH_TASKS']) {
    const tasks = itemsOf(audits['long-tasks']).map(
      (item) =>
        `${Math.round(item.startTime ?? NaN)}+${Math.round(item.duration ?? NaN)} ${String(item.url).replace(origin, '')}`,
    );
    console.log(`  long tasks on ${route}: ${tasks.join(', ') || 'none'}`);
    const bootup = itemsOf(audits['bootup-time']).map(
      (item) =>
        `${String(item.url).replace(origin, '')} eval ${Math.round(item.scripting ?? NaN)} parse ${Math.round(item.scriptParseCompile ?? NaN)}`,
    );
    console.log(`  script time on ${route}: ${bootup.join(', ') || 'none'}`);
  }
  // CSS on the critical path: the render-blocking stylesheets and the page's inline <style>s.
  const styleUrls = itemsOf(audits['network-requests'])
    .filter((item) => item.resourceType === 'Stylesheet')
    .flatMap((item) => (item.url ? [item.url] : []));
  const html = await (await fetch(`${origin}${path}`)).text();
  let styleText = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
  for (const url of styleUrls) styleText += await (await fetch(url)).text();
  const styleBytes = gzipSync(Buffer.from(styleText)).length;
  /** @type {Row} */
  const row = {
    route,
    performance: Math.round(score('performance') * 100),
    accessibility: Math.round(score('accessibility') * 100),
    bestPractices: Math.round(score('best-practices') * 100),
    seo: Math.round(score('seo') * 100),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    // The worst run's shift, not the median: a shift in one load of three is a shift visitors see.
    cls: Number(
      Math.max(...lhrs.map((lhr) => lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN)).toFixed(3),
    ),
    clsDesktop: desktopShifts.length > 0 ? Number(Math.max(...desktopShifts).toFixed(3)) : null,
    tbtMs: Math.round(metric('total-blocking-time')),
    jsKb: Number((scriptBytes / 1024).toFixed(1)),
    cssKb: Number((styleBytes / 1024).toFixed(1)),
    broken: [],
  };
  row.broken = brokenBudgets(row);
  rows.push(row);
  // What costs points: each weighted audit that did not pass, by category.
  const lost = Object.values(categories).flatMap((category) =>
    category.score === 1
      ? []
      : category.auditRefs
          .filter(
            (/** @type {{ id: string, weight: number }} */ ref) =>
              ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1,
          )
          .map((/** @type {{ id: string }} */ ref) => `${category.id}: ${ref.id}`),
  );
  if (lost.length > 0) console.log(`  points lost on ${route}: ${lost.join(', ')}`);
  for (const item of itemsOf(audits['layout-shifts']))
    console.log(
      `  layout shift on ${route}: ${item.score?.toFixed?.(3)} ${item.node?.selector ?? ''} ${String(item.node?.snippet ?? '').slice(0, 120)}`,
    );
  for (const item of itemsOf(audits['errors-in-console']))
    console.log(`  console error on ${route}: ${String(item.description).slice(0, 160)}`);
  console.log(
    `${row.route.padEnd(42)} [machine ${speeds.join('/')}] perf ${row.performance}  a11y ${row.accessibility}  bp ${row.bestPractices}  seo ${row.seo}  LCP ${row.lcpMs} ms  CLS ${row.cls} (1280 px: ${row.clsDesktop})  TBT ${row.tbtMs} ms  JS ${row.jsKb} KB gz  CSS ${row.cssKb} KB gz  ${row.broken.length === 0 ? 'within budget' : `OVER: ${row.broken.join(', ')}`}`,
  );
}

try {
  for (const route of targets) await measure({ route, path: route, signedIn: false });
  // Signed in after every public page (their visitor has no session): with every full run, or when
  // asked for (`-- --signed-in`).
  if (routes.length === 0 || process.argv.includes('--signed-in'))
    for (const page of await signInCustomer()) await measure({ ...page, signedIn: true });
} finally {
  await chrome.kill();
  await site.stop();
}

// SEO scores of 'localhost' pages are informational: canonical URLs point at the configured site.
// Routes measured now replace their rows; rows of routes not measured this time are kept, and so is
// everything after the notes marker (hand-written before/after comparisons).
const FILE = 'docs/benchmarks/pages.md';
const NOTES_MARKER = '<!-- notes: kept by bench:pages -->';
const previous = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '';
const notesAt = previous.indexOf(NOTES_MARKER);
// Only the table above the marker: the notes have route rows of their own, in another shape.
const keptRows = new Map(
  [...previous.slice(0, notesAt >= 0 ? notesAt : undefined).matchAll(/^\| `([^`]+)` \|.*$/gm)].map(
    // A row from before the 1280 px column gets a dash there (not measured).
    (match) => [
      match[1] ?? '',
      match[0].split(' | ').length === 11 ? match[0].replace(/^((?:[^|]*\|){8})/, '$1 – |') : match[0],
    ],
  ),
);
for (const r of rows) {
  keptRows.set(
    r.route,
    `| \`${r.route}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.cls} | ${r.clsDesktop ?? '–'} | ${r.tbtMs} | ${r.jsKb} | ${r.cssKb} | ${r.broken.length === 0 ? 'yes' : r.broken.join('; ')} |`,
  );
}
const order = siteRoutes.map((route) => route.path);
const rank = (/** @type {string} */ route) => (order.includes(route) ? order.indexOf(route) : order.length);
const table = [
  '| Route | Perf | A11y | Best practices | SEO | LCP (ms) | CLS 412 px | CLS 1280 px | TBT (ms) | JS gzipped (KB) | CSS gzipped (KB) | Within budget |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ...[...keptRows.entries()].sort(([a], [b]) => rank(a) - rank(b)).map(([, line]) => line),
].join('\n');
const notes = notesAt >= 0 ? previous.slice(notesAt) : `${NOTES_MARKER}\n`;
mkdirSync('docs/benchmarks', { recursive: true });
writeFileSync(
  FILE,
  `# Page benchmark\n\nLighthouse 13 (mobile emulation at 412 px, simulated throttling; the median of ${RUNS} runs per route, CLS the worst run's, and CLS also at 1280 px on the desktop profile) against the\nproduction build served through Netlify's local emulation. Regenerate with \`npm run bench:pages\` (all routes) or\n\`npm run bench:pages -- /route …\` (those rows only). Last run ${new Date().toISOString().slice(0, 10)} on a\n2-core CI-class machine.\n\nBudgets (issues 20 and 42; the run exits with code 1 when a route breaks one): JavaScript before interaction at most 15 KB gzipped on content pages, 30 KB on \`/\`, \`/home\` and leadership (their carousels rotate before the first touch without React) and 100 KB on the shop pages, CSS on the critical path (render-blocking stylesheets and inline styles) at most 14 KB gzipped, TBT 50 ms, LCP 950 ms, CLS 0, performance 100.\n\n${table}\n\n${notes}`,
);
console.log(`\nwrote ${FILE}`);
const over = rows.filter((row) => row.broken.length > 0);
if (over.length > 0) {
  console.log(
    `\n${over.length} of ${rows.length} routes over budget (issue 20): ${over.map((row) => row.route).join(', ')}`,
  );
  process.exitCode = 1;
} else console.log(`\nall ${rows.length} routes within budget`);
