// @ts-check
// Backup benchmark (issue 40; DECISIONS 61): the time and size of a snapshot of a shop's stores at
// one month of trade (20,000 orders, 20,000 leads, 2,000 customers) and, with `--months 12`, at
// twelve (each further month a copy of the first under other keys: the same records and sizes).
// The records go into a blob server of its own (a temp folder, never the site's; a process of its
// own that lists in pages of 1,000 keys as Netlify does: scripts/bench/blobs-server.mjs), then the
// backup runs as Netlify runs it, each run a process of its own (scripts/bench/backup-run.mjs): the
// scheduled function's run, then background runs, with the budgets and limits of RUN_LIMITS
// (src/server/backup/run.ts), until the snapshot is done. Prints a table and writes docs/benchmarks/backup.md. Usage: npm run bench:backup [-- --months 12]
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { loadSiteModule as load } from './bench/site-module.mjs';

const args = process.argv.slice(2);
const monthsArg = args.indexOf('--months');
const MONTHS = monthsArg >= 0 ? Number(args[monthsArg + 1]) : 1;
if (!Number.isInteger(MONTHS) || MONTHS < 1) throw new Error('--months takes a whole number, 1 or more');
const PER_MONTH = { customers: 2000, orders: 20_000, leads: 20_000 };
const REPORT = 'docs/benchmarks/backup.md';
const SITE = 'bench';

const root = fileURLToPath(new URL('..', import.meta.url));

const directory = await mkdtemp(join(tmpdir(), 'sis-bench-backup-'));
// The blob server runs in a process of its own and lists in pages of 1,000 keys, as Netlify does
// (scripts/bench/blobs-server.mjs): this process's memory is then the function's side.
const server = spawn(process.execPath, [join(root, 'scripts/bench/blobs-server.mjs'), directory, SITE], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const port = await new Promise((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`the blob server stopped (exit ${code})`)));
  server.stdout.setEncoding('utf8');
  server.stdout.on('data', (/** @type {string} */ chunk) => {
    const started = /^port (\d+)$/m.exec(chunk);
    if (started) resolve(Number(started[1]));
  });
});
const url = `http://127.0.0.1:${port}`;
setEnvironmentContext({ siteID: SITE, token: SITE, edgeURL: url, uncachedEdgeURL: url });

/** @type {typeof import('./bench/seed-console')} */
const seed = await load(new URL('./bench/seed-console.ts', import.meta.url));
/** @type {typeof import('../src/server/backup/snapshot')} */
const snapshot = await load(new URL('../src/server/backup/snapshot.ts', import.meta.url));
/** @type {typeof import('../src/server/backup/archive')} */
const archive = await load(new URL('../src/server/backup/archive.ts', import.meta.url));

/** @param {number} ms */
const seconds = (ms) => (ms / 1000).toFixed(1);
/** @param {number} bytes */
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
/** The process's peak resident memory so far (the kernel's high-water mark), in bytes. */
const peakRss = () => process.resourceUsage().maxRSS * 1024;
/** The blob server's peak resident memory so far (its VmHWM in /proc), in bytes; 0 where unknown. */
const serverPeakRss = async () => {
  const status = await readFile(`/proc/${server.pid}/status`, 'utf8').catch(() => '');
  return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0) * 1024;
};

/**
 * Copies store `name`'s first month as months 2..`months` on disk. The blob server keeps record
 * `a/b` of a site's store in `entries/<site>/site:<store>/a/b` and its metadata in
 * `metadata/<site>/site:<store>/a/b` (@netlify/blobs/server; `site:` is the client's prefix for a
 * site's stores; keys are not encoded on Linux or macOS), so month `m` is the store's two folders
 * copied into themselves as `copy-<m>/`: the keys `copy-<m>/<key>`, with the same bytes and
 * metadata, as the store API lists and reads them. The first month is copied aside once, each
 * month is copied from that and renamed into place (the store never holds part of a month).
 * @param {string} name
 * @param {number} months
 */
async function copyMonths(name, months) {
  if (process.platform === 'win32') throw new Error('The months are copied as files: not on Windows');
  const cp = promisify(execFile);
  for (const side of ['entries', 'metadata']) {
    const folder = join(directory, side, SITE, `site:${name}`);
    const exists = await stat(folder).then(
      () => true,
      (/** @type {NodeJS.ErrnoException} */ error) => {
        if (error.code === 'ENOENT') return false;
        throw error;
      },
    );
    if (!exists || months < 2) continue;
    const aside = join(directory, 'copies', side, name);
    await mkdir(aside, { recursive: true });
    const first = join(aside, 'first');
    await cp('cp', ['-R', '--', folder, first]);
    for (let month = 1; month < months; month += 1) {
      const copy = join(aside, `copy-${month}`);
      if (month < months - 1) await cp('cp', ['-R', '--', first, copy]);
      else await rename(first, copy);
      await rename(copy, join(folder, `copy-${month}`));
    }
  }
}

try {
  const now = new Date();
  const seededStart = performance.now();
  // The first month is written through the storage layer (records, markers, indexes, totals, as
  // the site writes them); each further month is a copy of its files under other keys
  // (`copyMonths`): the same records and sizes, in minutes (seeding one month takes 13-25 minutes
  // on two busy cores; eleven copies through the store API took 37).
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 60_000);
  await seed.seedConsole({
    run: '0',
    ...PER_MONTH,
    from,
    to,
    log: (line) => console.log(`  month 1: ${line}`),
  });
  const firstMonthMs = performance.now() - seededStart;
  /** @type {Map<string, string[]>} The first month's keys of each store backed up. */
  const firstMonth = new Map();
  for (const name of snapshot.BACKED_UP)
    firstMonth.set(
      name,
      (await getStore({ name, consistency: 'strong' }).list()).blobs.map(({ key }) => key),
    );
  const copiesStart = performance.now();
  if (MONTHS > 1)
    for (const [name, keys] of firstMonth) {
      await copyMonths(name, MONTHS);
      console.log(`  ${name}: ${keys.length} records copied ${MONTHS - 1} times`);
    }
  const copiesMs = performance.now() - copiesStart;
  // The copies read through the store API as the records they copy: the first, middle and last
  // key of each store, in the last month.
  if (MONTHS > 1)
    for (const [name, keys] of firstMonth) {
      const store = getStore({ name, consistency: 'strong' });
      for (const key of new Set([keys[0], keys[keys.length >> 1], keys.at(-1)])) {
        if (key === undefined) continue;
        const [record, copy] = await Promise.all([
          store.getWithMetadata(key, { type: 'arrayBuffer' }),
          store.getWithMetadata(`copy-${MONTHS - 1}/${key}`, { type: 'arrayBuffer' }),
        ]);
        if (
          !record ||
          !copy ||
          Buffer.compare(Buffer.from(record.data), Buffer.from(copy.data)) !== 0 ||
          JSON.stringify(record.metadata) !== JSON.stringify(copy.metadata)
        )
          throw new Error(`${name}: copy-${MONTHS - 1}/${key} does not read as ${key}`);
      }
    }
  const expectedRecords = [...firstMonth.values()].reduce((sum, keys) => sum + keys.length, 0) * MONTHS;
  const seededMs = performance.now() - seededStart;
  const peakSeeding = peakRss();
  /** @type {{ kind: 'scheduled' | 'background', ms: number, peakBytes: number, baseBytes: number }[]} */
  const runs = [];
  const started = performance.now();
  // Each run is a process of its own, as each function invocation is on Netlify
  // (scripts/bench/backup-run.mjs): the scheduled run, then background runs until it is done.
  for (let run = 0; ; run += 1) {
    const kind = run === 0 ? 'scheduled' : 'background';
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(root, 'scripts/bench/backup-run.mjs'), String(port), SITE, kind],
      { maxBuffer: 1024 * 1024 },
    );
    /** @type {{ complete: boolean, ms: number, peakBytes: number, baseBytes: number }} */
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
    runs.push({ kind, ms: result.ms, peakBytes: result.peakBytes, baseBytes: result.baseBytes });
    console.log(
      `  ${kind} run: ${seconds(result.ms)} s, peak ${mb(result.peakBytes)} MB${result.complete ? ', done' : ''}`,
    );
    if (result.complete) break;
    if (run > 20) throw new Error('the snapshot did not finish in 20 runs');
  }
  const totalMs = performance.now() - started;
  const state = (await snapshot.listSnapshots())[0];
  const manifest = state?.manifest;
  if (!state || !manifest) throw new Error('the snapshot finished with no manifest');
  const parts = Object.values(state.stores).reduce((sum, store) => sum + store.parts.length, 0);
  const records = manifest.stores.reduce((sum, store) => sum + store.records, 0);
  const bytes = manifest.stores.reduce((sum, store) => sum + store.bytes, 0);
  if (records !== expectedRecords)
    throw new Error(`the snapshot holds ${records} records; the stores held ${expectedRecords}`);

  const archiveStart = performance.now();
  const file = new Uint8Array(await new Response(archive.archiveOf({ ...state, manifest })).arrayBuffer());
  const archiveMs = performance.now() - archiveStart;
  const checkStart = performance.now();
  await archive.checkArchive(file);
  const checkMs = performance.now() - checkStart;
  const peakArchive = peakRss();
  const peakServer = await serverPeakRss();

  /** Netlify's limits: a scheduled function 30 s, a background function 15 minutes. */
  const PLATFORM_MS = { scheduled: 30_000, background: 15 * 60_000 };
  const rows = [
    [
      'Months of trade',
      `${MONTHS} (${(PER_MONTH.orders * MONTHS).toLocaleString('en-IN')} orders, ${(PER_MONTH.leads * MONTHS).toLocaleString('en-IN')} leads, ${(PER_MONTH.customers * MONTHS).toLocaleString('en-IN')} customers)`,
    ],
    ['Records in the snapshot', records.toLocaleString('en-IN')],
    ['Snapshot size (gzip files)', `${mb(bytes)} MB in ${parts} parts`],
    [
      'Snapshot time',
      `${seconds(totalMs)} s in ${runs.length} run(s): ${runs.map((run) => `${run.kind} ${seconds(run.ms)} s`).join(', ')}`,
    ],
    [
      'Within the limits (scheduled 30 s, background 15 min)',
      runs.every((run) => run.ms < PLATFORM_MS[run.kind]) ? 'yes' : 'NO',
    ],
    ['Download (tar.gz) made in', `${seconds(archiveMs)} s, ${mb(file.length)} MB`],
    ['Restore check (every SHA-256, every record parsed)', `${seconds(checkMs)} s`],
    [
      'Peak memory of a snapshot run (its own process, RSS high-water mark)',
      `${mb(Math.max(...runs.map((run) => run.peakBytes)))} MB at most; by run ${runs.map((run) => `${mb(run.peakBytes)} MB (${mb(run.baseBytes)} MB of it before the run began: Node and Vite's loader)`).join(', ')}`,
    ],
    [
      'Peak memory of the bench process (seeding, then the download and restore check)',
      `${mb(peakSeeding)} MB after seeding, ${mb(peakArchive)} MB after the download and restore check`,
    ],
    [
      "Peak memory of the blob server (its own process, not a function's)",
      peakServer ? `${mb(peakServer)} MB` : 'not known on this system',
    ],
    [
      'Seeding (not part of the backup)',
      `${seconds(seededMs)} s: month 1 through the storage layer ${seconds(firstMonthMs)} s${MONTHS > 1 ? `, ${MONTHS - 1} copies of it on disk ${seconds(copiesMs)} s` : ''}`,
    ],
  ];
  console.table(Object.fromEntries(rows));
  const table = [
    '| Measure | Figure |',
    '| --- | --- |',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
  ].join('\n');
  const note = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on this machine (2 cores, load average ${loadavg()[0]?.toFixed(1)}), \`npm run bench:backup${MONTHS === 1 ? '' : ` -- --months ${MONTHS}`}\`, a local blob server on loopback in its own process, listing in pages of 1,000 keys.`;
  const before = await readFile(REPORT, 'utf8').catch(
    () =>
      '# Backup benchmark\n\nWritten by `npm run bench:backup` (scripts/bench-backup.mjs): see its header for what it does.\n',
  );
  const heading = `## ${MONTHS} month${MONTHS === 1 ? '' : 's'} of trade`;
  const section = `${heading}\n\n${note}\n\n${table}\n`;
  const at = before.indexOf(heading);
  const next = at < 0 ? -1 : before.indexOf('\n## ', at + heading.length);
  const after =
    at < 0
      ? `${before.trimEnd()}\n\n${section}`
      : `${before.slice(0, at)}${section}${next < 0 ? '' : `\n${before.slice(next + 1)}`}`;
  await writeFile(REPORT, after);
  console.log(`Written to ${REPORT}.`);
} finally {
  server.kill('SIGTERM');
  if (server.exitCode === null) await once(server, 'exit');
  await rm(directory, { recursive: true, force: true });
}
