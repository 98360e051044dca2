// @ts-check
// Backup benchmark (issue 40; DECISIONS 61): the time and size of a snapshot of a shop's stores at
// one month of trade (20,000 orders, 20,000 leads, 2,000 customers) and, with `--months 12`, at
// twelve (each further month a copy of the first under other keys: the same records and sizes).
// The records go into a blob server of its own (a temp folder, never the site's), then the backup runs as Netlify runs
// it: the scheduled function's run, then background runs, with the budgets and limits of RUN_LIMITS (src/server/backup/run.ts), until the snapshot is
// done. Prints a table and writes docs/benchmarks/backup.md. Usage: npm run bench:backup [-- --months 12]
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { runnerImport } from 'vite';

const args = process.argv.slice(2);
const monthsArg = args.indexOf('--months');
const MONTHS = monthsArg >= 0 ? Number(args[monthsArg + 1]) : 1;
if (!Number.isInteger(MONTHS) || MONTHS < 1) throw new Error('--months takes a whole number, 1 or more');
const PER_MONTH = { customers: 2000, orders: 20_000, leads: 20_000 };
const REPORT = 'docs/benchmarks/backup.md';
const SITE = 'bench';

const root = fileURLToPath(new URL('..', import.meta.url));
/**
 * A TypeScript module of the site, loaded with Vite's module runner so its `~` imports resolve.
 * @template T
 * @param {string} file
 * @returns {Promise<T>}
 */
const load = async (file) =>
  (
    await runnerImport(join(root, file), {
      configFile: false,
      root,
      logLevel: 'error',
      resolve: { alias: { '~': join(root, 'src') } },
    })
  ).module;

const directory = await mkdtemp(join(tmpdir(), 'sis-bench-backup-'));
const server = new BlobsServer({ directory, token: SITE });
const { port } = await server.start();
const url = `http://127.0.0.1:${port}`;
setEnvironmentContext({ siteID: SITE, token: SITE, edgeURL: url, uncachedEdgeURL: url });

/** @type {typeof import('./bench/seed-console')} */
const seed = await load('scripts/bench/seed-console.ts');
/** @type {typeof import('../src/server/backup/snapshot')} */
const snapshot = await load('src/server/backup/snapshot.ts');
/** @type {typeof import('../src/server/backup/archive')} */
const archive = await load('src/server/backup/archive.ts');
/** @type {typeof import('../src/server/backup/run')} */
const { RUN_LIMITS } = await load('src/server/backup/run.ts');

/** @param {number} ms */
const seconds = (ms) => (ms / 1000).toFixed(1);
/** @param {number} bytes */
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
/** The process's peak resident memory so far (the kernel's high-water mark), in bytes. */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

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
  /** @type {{ kind: 'scheduled' | 'background', ms: number }[]} */
  const runs = [];
  const started = performance.now();
  for (let run = 0; ; run += 1) {
    const limits = run === 0 ? RUN_LIMITS.scheduled : RUN_LIMITS.background;
    const runStart = performance.now();
    const result = await snapshot.runBackup({
      now: () => new Date(),
      deadline: Date.now() + limits.budgetMs,
      signal: AbortSignal.timeout(limits.limitMs),
      site: 'https://bench.example',
      version: 'bench',
      resumeOnly: run > 0,
    });
    runs.push({
      kind: run === 0 ? 'scheduled' : 'background',
      ms: performance.now() - runStart,
    });
    if (result?.complete) break;
    if (run > 20) throw new Error('the snapshot did not finish in 20 runs');
  }
  const totalMs = performance.now() - started;
  const peakSnapshot = peakRss();
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
      'Peak memory of the process (RSS high-water mark)',
      `${mb(peakSeeding)} MB after seeding, ${mb(peakSnapshot)} MB after the snapshot runs, ${mb(peakArchive)} MB after the download and restore check`,
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
  const note = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on this machine (2 cores, load average ${loadavg()[0]?.toFixed(1)}), \`npm run bench:backup${MONTHS === 1 ? '' : ` -- --months ${MONTHS}`}\`, a local blob server on loopback.`;
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
  await server.stop();
  await rm(directory, { recursive: true, force: true });
}
