// Backup benchmark (issue 40; DECISIONS 61): the time and size of a snapshot of a shop's stores at
// one month of trade (20,000 orders, 20,000 leads, 2,000 customers) and, with `--months 12`, at
// twelve (each further month a copy of the first under other keys: the same records and sizes).
// The records go into a blob server of its own (a temp folder, never the site's), then the backup runs as Netlify runs
// it: the scheduled function's run, then background runs, with the budgets and limits of RUN_LIMITS (src/server/backup/run.ts), until the snapshot is
// done. Prints a table and writes docs/benchmarks/backup.md. Usage: npm run bench:backup [-- --months 12]
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { runnerImport } from 'vite';

const args = process.argv.slice(2);
const monthsArg = args.indexOf('--months');
const MONTHS = monthsArg >= 0 ? Number(args[monthsArg + 1]) : 1;
const PER_MONTH = { customers: 2000, orders: 20_000, leads: 20_000 };
const REPORT = 'docs/benchmarks/backup.md';

const root = fileURLToPath(new URL('..', import.meta.url));
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
const server = new BlobsServer({ directory, token: 'bench' });
const { port } = await server.start();
const url = `http://127.0.0.1:${port}`;
setEnvironmentContext({ siteID: 'bench', token: 'bench', edgeURL: url, uncachedEdgeURL: url });

const seed = await load('scripts/bench/seed-console.ts');
const snapshot = await load('src/server/backup/snapshot.ts');
const archive = await load('src/server/backup/archive.ts');
const { RUN_LIMITS } = await load('src/server/backup/run.ts');

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
const seconds = (ms) => (ms / 1000).toFixed(1);
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

try {
  const now = new Date();
  const seededStart = performance.now();
  // The first month is written through the storage layer (records, markers, indexes, totals, as
  // the site writes them); each further month is a copy of it under other keys: the same records
  // and sizes, in a fraction of the time (seeding one month takes 5-15 minutes on two cores).
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 60_000);
  await seed.seedConsole({
    run: '0',
    ...PER_MONTH,
    from,
    to,
    log: (line) => console.log(`  month 1: ${line}`),
  });
  const { getStore } = await import('@netlify/blobs');
  for (const name of snapshot.BACKED_UP) {
    const store = getStore({ name, consistency: 'strong' });
    const { blobs } = await store.list();
    for (let month = 1; month < MONTHS; month += 1) {
      for (let at = 0; at < blobs.length; at += 50)
        await Promise.all(
          blobs.slice(at, at + 50).map(async ({ key }) => {
            const entry = await store.getWithMetadata(key, { type: 'arrayBuffer' });
            if (entry) await store.set(`copy-${month}/${key}`, entry.data, { metadata: entry.metadata });
          }),
        );
    }
    if (MONTHS > 1) console.log(`  ${name}: ${blobs.length} records copied ${MONTHS - 1} times`);
  }
  const seededSeconds = (performance.now() - seededStart) / 1000;

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
  const state = (await snapshot.listSnapshots())[0];
  const parts = Object.values(state.stores).reduce((sum, store) => sum + store.parts.length, 0);
  const records = state.manifest.stores.reduce((sum, store) => sum + store.records, 0);
  const bytes = state.manifest.stores.reduce((sum, store) => sum + store.bytes, 0);

  const archiveStart = performance.now();
  const file = new Uint8Array(await new Response(archive.archiveOf(state)).arrayBuffer());
  const archiveMs = performance.now() - archiveStart;
  const checkStart = performance.now();
  await archive.checkArchive(file);
  const checkMs = performance.now() - checkStart;

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
      'Within the limits',
      runs.every((run, index) => run.ms < (index === 0 ? 30_000 : 15 * 60_000)) ? 'yes' : 'NO',
    ],
    ['Download (tar.gz) made in', `${seconds(archiveMs)} s, ${mb(file.length)} MB`],
    ['Restore check (every SHA-256, every record parsed)', `${seconds(checkMs)} s`],
    ['Peak memory of the process', `${mb(peakRss)} MB`],
    ['Seeding (not part of the backup)', `${seconds(seededSeconds * 1000)} s`],
  ];
  console.table(Object.fromEntries(rows));
  const table = [
    '| Measure | Figure |',
    '| --- | --- |',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
  ].join('\n');
  const note = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on this machine (2 cores, load average ${(await import('node:os')).loadavg()[0].toFixed(1)}), \`npm run bench:backup${MONTHS === 1 ? '' : ` -- --months ${MONTHS}`}\`, a local blob server on loopback.`;
  const { readFile } = await import('node:fs/promises');
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
      : `${before.slice(0, at)}${section}${next < 0 ? '' : before.slice(next + 1)}`;
  await writeFile(REPORT, after);
  console.log(`Written to ${REPORT}.`);
} finally {
  clearInterval(sampler);
  await server.stop();
  await rm(directory, { recursive: true, force: true });
}
