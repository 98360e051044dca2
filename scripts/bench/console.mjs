// @ts-check
// The console's part of the API benchmarks (issue 30, item 6): seeds a running local site's
// store through the storage layer (scripts/bench/seed-console.ts, loaded with Vite's module
// runner so its `~` imports resolve as in the site) and names the console pages to measure.
import { setEnvironmentContext } from '@netlify/blobs';
import { loadSiteModule } from './site-module.mjs';

/** What the console rows seed: 20,000 orders in one month, their 2,000 buyers, 20,000 leads. */
export const CONSOLE_SEED = { customers: 2000, orders: 20_000, leads: 20_000 };

/**
 * Seeds `counts` into the site's store, spread evenly over the current month (UTC) up to a minute
 * ago. Resolves to the seeding's figures (seconds).
 *
 * @param {Pick<import('./site.mjs').Site, 'blobsContext'>} site
 * @param {string | number} run
 * @param {{ customers: number, orders: number, leads: number }} [counts]
 * @param {(line: string) => void} [log]
 */
export async function seedConsoleStore(site, run, counts = CONSOLE_SEED, log = console.log) {
  setEnvironmentContext(JSON.parse(Buffer.from(site.blobsContext, 'base64').toString('utf8')));
  /** @type {typeof import('./seed-console.ts')} */
  const module = await loadSiteModule(new URL('./seed-console.ts', import.meta.url));
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const started = performance.now();
  await module.seedConsole({
    run: String(run),
    ...counts,
    from,
    to: new Date(Math.max(from.getTime(), now.getTime() - 60_000)),
    log: (line) => log(`  seeded ${line}`),
  });
  return { seconds: (performance.now() - started) / 1000 };
}

/**
 * A site the benchmarks signed a member of staff up on.
 *
 * @typedef {import('./site.mjs').Site & { readonly staff: import('./site.mjs').Customer }} StaffSite
 */

/**
 * The cursor of page `n` (2 or more) of a console list, read as the staff member.
 *
 * @param {StaffSite} site
 * @param {string} path
 * @param {number} n
 * @returns {Promise<string>}
 */
async function cursorOfPage(site, path, n) {
  /** @type {string | undefined} */
  let cursor;
  for (let page = 1; page < n; page += 1) {
    const url = new URL(path, site.url);
    if (cursor) url.searchParams.set('cursor', cursor);
    const response = await fetch(url, { headers: { cookie: site.staff.cookie } });
    if (response.status !== 200)
      throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    ({ cursor } = await response.json());
    if (!cursor) throw new Error(`${path} has fewer than ${n} pages`);
  }
  if (!cursor) throw new Error(`${path}: no cursor for page ${n} (pages 2 and later have one)`);
  return cursor;
}

/**
 * The console pages measured: first the floor (an empty range of orders, long before the index:
 * the staff session check and the function's own cost, no index read), then each list's first
 * page and its fifth (rows 201-250).
 *
 * @param {StaffSite} site
 */
export async function consolePages(site) {
  const pages = [
    {
      name: "GET /api/console/orders, an empty range: the session check and the function's own cost",
      path: '/api/console/orders?from=2020-01-01&to=2020-01-02',
    },
  ];
  for (const [list, path] of /** @type {const} */ ([
    ['orders', '/api/console/orders'],
    ['leads', '/api/console/leads?status=all'],
    ['customers', '/api/console/customers'],
  ])) {
    pages.push({ name: `GET /api/console/${list}, first page`, path });
    const cursor = await cursorOfPage(site, path, 5);
    const later = new URL(path, site.url);
    later.searchParams.set('cursor', cursor);
    pages.push({ name: `GET /api/console/${list}, fifth page`, path: `${later.pathname}${later.search}` });
  }
  return pages;
}
