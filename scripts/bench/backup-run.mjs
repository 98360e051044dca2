// @ts-check
// One run of the backup, in a process of its own as Netlify runs a function (issue 40): the
// scheduled function's run or a background run, with RUN_LIMITS' budget and limit
// (src/server/backup/run.ts), against the bench's blob server. Its peak memory is what one
// function invocation holds. Usage: node scripts/bench/backup-run.mjs <port> <site>
// scheduled|background; prints one line of JSON: { complete, ms, peakBytes, baseBytes }.
import { setEnvironmentContext } from '@netlify/blobs';
import { loadSiteModule } from './site-module.mjs';

const [port, site, kind] = process.argv.slice(2);
if (!port || !site || (kind !== 'scheduled' && kind !== 'background'))
  throw new Error('Usage: node scripts/bench/backup-run.mjs <port> <site> scheduled|background');
const url = `http://127.0.0.1:${port}`;
setEnvironmentContext({ siteID: site, token: site, edgeURL: url, uncachedEdgeURL: url });

/** @type {typeof import('../../src/server/backup/snapshot')} */
const snapshot = await loadSiteModule(new URL('../../src/server/backup/snapshot.ts', import.meta.url));
/** @type {typeof import('../../src/server/backup/run')} */
const { RUN_LIMITS } = await loadSiteModule(new URL('../../src/server/backup/run.ts', import.meta.url));

const limits = RUN_LIMITS[kind];
// What the process holds before the run: Node and Vite's module runner, which a function has not.
const baseBytes = process.memoryUsage.rss();
const started = performance.now();
const result = await snapshot.runBackup({
  now: () => new Date(),
  deadline: Date.now() + limits.budgetMs,
  signal: AbortSignal.timeout(limits.limitMs),
  site: `https://${site}.example`,
  version: site,
  resumeOnly: kind === 'background',
});
process.stdout.write(
  `${JSON.stringify({
    complete: result?.complete === true,
    ms: performance.now() - started,
    peakBytes: process.resourceUsage().maxRSS * 1024,
    baseBytes,
  })}\n`,
);
process.exit(0);
