// @ts-check
// Times the same API calls through `npm start`'s server (scripts/serve.mjs, started as
// scripts/bench/site.mjs starts it) and through plain `@netlify/dev` in this process (its own
// functions on, as tests/e2e/local-server-parity.spec.ts starts it), on the same build and the
// same kind of local blob store (.netlify/blobs-serve, patched BlobsServer), one server after the
// other (issue 42, item 10). Prints each row's p50 and p99 per server and each server's start and
// first call; docs/benchmarks/local-server.md holds the figures and what they mean.
// Usage: `npm run bench:local-server` (builds first). BENCH_CALLS (30) and BENCH_ROUNDS (5)
// change the number of sequential calls and of concurrent rounds.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { NetlifyDev } from '@netlify/dev';
import { seedConsoleStore } from './bench/console.mjs';
import { BLOBS_DIRECTORY, filesUnder, signUpThrough, startSite } from './bench/site.mjs';
import { netlifyDevOptions } from './serve/netlify-dev-options.mjs';

const RUN = Date.now() % 1_000_000;
const STAFF_EMAIL = `bench.local.staff.${RUN}@example.com`;
/** What both servers' functions see: the test gateway, the raised limits, the staff member. */
const ENV = {
  TEST_GATEWAY: 'on',
  CONTACT_RATE_LIMIT: '1000000000',
  AUTH_RATE_LIMIT: '1000000000',
  STAFF_EMAILS: STAFF_EMAIL,
};
const WARMUPS = 3;
const CALLS = Number(process.env.BENCH_CALLS ?? 30);
const AT_ONCE = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** The console's list gets a first page of 50 real rows: small, as seeding costs minutes. */
const CONSOLE_SEED = { customers: 20, orders: 200, leads: 200 };

/**
 * A server under test: `send` answers one request; `blobsContext` is its blob store's context.
 *
 * @typedef {{ name: string, origin: string, send: (request: Request) => Promise<Response>, blobsContext: string }} Server
 * @typedef {{ userid: string, cookie: string, xsrf: string }} Member
 * @typedef {{ name: string, expect: number, request: () => Request }} Row
 * @typedef {{ name: string, p50: number, p99: number, samples: number, errors: number }} Figures
 */

const load = () =>
  os
    .loadavg()
    .map((figure) => figure.toFixed(2))
    .join(' ');

/**
 * The value at percentile `p` of `samples` by nearest rank (of 30 samples, p99 is the slowest).
 *
 * @param {number[]} samples
 * @param {number} p
 */
function percentile(samples, p) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * One call, timed to the end of its body; undefined when its status is not `expect`.
 *
 * @param {Server} server
 * @param {Row} row
 */
async function timedCall(server, row) {
  const started = performance.now();
  const response = await server.send(row.request());
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status === row.expect) return ms;
  console.error(`  ${server.name} ${row.name}: ${response.status} ${body.slice(0, 200)}`);
  return undefined;
}

/**
 * `WARMUPS` untimed calls, then `CALLS` one after the other, then `ROUNDS` rounds of `AT_ONCE`
 * at once; resolves to the figures of each way.
 *
 * @param {Server} server
 * @param {Row} row
 * @returns {Promise<{ sequential: Figures, concurrent: Figures }>}
 */
async function measureRow(server, row) {
  for (let i = 0; i < WARMUPS; i += 1) await timedCall(server, row);
  /** @type {(number | undefined)[]} */
  const sequential = [];
  for (let i = 0; i < CALLS; i += 1) sequential.push(await timedCall(server, row));
  /** @type {(number | undefined)[]} */
  const concurrent = [];
  for (let round = 0; round < ROUNDS; round += 1)
    concurrent.push(...(await Promise.all(Array.from({ length: AT_ONCE }, () => timedCall(server, row)))));
  /** @param {(number | undefined)[]} results @param {string} way @returns {Figures} */
  const figures = (results, way) => {
    const ok = results.filter((ms) => ms !== undefined);
    return {
      name: `${row.name}, ${way}`,
      p50: percentile(ok, 50),
      p99: percentile(ok, 99),
      samples: ok.length,
      errors: results.length - ok.length,
    };
  };
  return {
    sequential: figures(sequential, `${CALLS} one after another`),
    concurrent: figures(concurrent, `${AT_ONCE} at once x ${ROUNDS}`),
  };
}

/**
 * Signs up one member the way the site does, through `server.send` (scripts/bench/site.mjs).
 *
 * @param {Server} server
 * @param {string} tag
 * @param {string} email
 * @returns {Promise<Member>}
 */
function signUp(server, tag, email) {
  return signUpThrough(
    { url: server.origin, blobsContext: server.blobsContext, send: server.send },
    {
      name: `Bench ${tag}`,
      mobile: `9${String(RUN * 1000 + (tag === 'staff' ? 1 : 2))
        .slice(-9)
        .padStart(9, '0')}`,
      email,
    },
  );
}

/**
 * The rows, in order: the cart's add comes before the checkout, which needs a course in the cart.
 *
 * @param {Server} server
 * @param {Member} customer
 * @param {Member} staff
 * @returns {Row[]}
 */
function rows(server, customer, staff) {
  const as = (/** @type {Member} */ member) => ({ cookie: member.cookie, 'x-xsrf-token': member.xsrf });
  const url = (/** @type {string} */ path) => `${server.origin}${path}`;
  return [
    { name: 'GET /api/courses', expect: 200, request: () => new Request(url('/api/courses')) },
    {
      name: "GET /api/Cart/GetCoursesByUserForCart (a customer's cart)",
      expect: 200,
      request: () =>
        new Request(url(`/api/Cart/GetCoursesByUserForCart/sispl,${customer.userid}`), {
          headers: as(customer),
        }),
    },
    {
      name: 'POST /api/Cart/addtocart (course 1, XSRF)',
      expect: 200,
      request: () =>
        new Request(url(`/api/Cart/addtocart/sispl,1,${customer.userid}`), {
          method: 'POST',
          headers: as(customer),
        }),
    },
    {
      name: 'POST /api/Cart/checkout (starts a test-gateway payment)',
      expect: 200,
      request: () =>
        new Request(url(`/api/Cart/checkout/sispl,${customer.userid}`), {
          method: 'POST',
          headers: { ...as(customer), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ name: 'Priya Rao', country: 'IN', state: '29' }),
        }),
    },
    {
      name: 'GET /api/console/orders, first page (staff)',
      expect: 200,
      request: () => new Request(url('/api/console/orders'), { headers: as(staff) }),
    },
  ];
}

/**
 * Each row on one server.
 *
 * @param {Server} server
 * @param {Member} customer
 * @param {Member} staff
 */
async function measureServer(server, customer, staff) {
  /** @type {Figures[]} */
  const figures = [];
  for (const row of rows(server, customer, staff)) {
    const { sequential, concurrent } = await measureRow(server, row);
    for (const line of [sequential, concurrent])
      console.log(
        `  ${server.name} | ${line.name}: p50 ${line.p50.toFixed(0)} ms, p99 ${line.p99.toFixed(0)} ms, ${line.errors} errors (load ${load()})`,
      );
    figures.push(sequential, concurrent);
  }
  return figures;
}

/**
 * Starts plain @netlify/dev in this process with its own functions, on the project's store, and
 * times its start and first call (which builds every function).
 *
 * @returns {Promise<{ plain: NetlifyDev, server: Server, startMs: number, firstCallMs: number }>}
 */
async function startPlain() {
  Object.assign(process.env, ENV);
  delete process.env['NETLIFY_BLOBS_CONTEXT'];
  const plain = new NetlifyDev(netlifyDevOptions(process.cwd(), { functions: true }));
  const started = performance.now();
  await plain.start();
  const startMs = performance.now() - started;
  const origin = 'http://localhost:8888';
  /** @type {Server} */
  const server = {
    name: 'plain @netlify/dev',
    origin,
    send: async (request) => {
      const answer = await plain.handle(request);
      if (!answer) throw new Error(`plain @netlify/dev did not answer ${request.url}`);
      return answer;
    },
    blobsContext: process.env['NETLIFY_BLOBS_CONTEXT'] ?? '',
  };
  const first = performance.now();
  await (await server.send(new Request(`${origin}/api/courses`))).arrayBuffer();
  const firstCallMs = performance.now() - first;
  return { plain, server, startMs, firstCallMs };
}

console.log(`Load average before: ${load()}; ${os.cpus().length} cores, Node ${process.version}.`);
// Plain @netlify/dev cannot sign anyone up: it routes /api/account/* to the /api/* catch-all
// (docs/local-server.md, route precedence). So the members and the console's rows are made once
// through npm start's server, which stays up, idle, while plain @netlify/dev (its own blob server
// on the same folder) is measured; stopping it at the end removes every record the run made.
const filesBefore = await filesUnder(BLOBS_DIRECTORY);
let started = performance.now();
const site = await startSite(ENV);
const serveStartMs = performance.now() - started;
/** @type {{ startMs: number, firstCallMs: number, figures: Figures[] }} */
let serve;
/** @type {{ startMs: number, firstCallMs: number, figures: Figures[] }} */
let plainFigures;
try {
  /** @type {Server} */
  const server = {
    name: 'npm start',
    origin: site.url,
    send: (request) => fetch(request),
    blobsContext: site.blobsContext,
  };
  started = performance.now();
  await (await server.send(new Request(`${site.url}/api/courses`))).arrayBuffer();
  const firstCallMs = performance.now() - started;
  console.log(
    `npm start: listening after ${(serveStartMs / 1000).toFixed(1)} s, first call ${firstCallMs.toFixed(0)} ms (load ${load()})`,
  );
  const staff = await signUp(server, 'staff', STAFF_EMAIL);
  const customer = await signUp(server, 'customer', `bench.local.customer.${RUN}@example.com`);
  const seeded = await seedConsoleStore(server, String(RUN), CONSOLE_SEED, () => {});
  console.log(`  members signed up, console seeded in ${seeded.seconds.toFixed(0)} s`);
  serve = { startMs: serveStartMs, firstCallMs, figures: await measureServer(server, customer, staff) };
  const plain = await startPlain();
  console.log(
    `plain @netlify/dev: started after ${(plain.startMs / 1000).toFixed(1)} s, first call (builds the functions) ${(plain.firstCallMs / 1000).toFixed(1)} s (load ${load()})`,
  );
  try {
    plainFigures = { ...plain, figures: await measureServer(plain.server, customer, staff) };
  } finally {
    await plain.plain.stop();
  }
} finally {
  await site.stop();
  // site.stop() removes what was made while it ran; this catches anything plain wrote after.
  const created = [...(await filesUnder(BLOBS_DIRECTORY))].filter((file) => !filesBefore.has(file));
  await Promise.all(created.map((file) => rm(join(BLOBS_DIRECTORY, file), { force: true })));
}
console.log(`Load average after: ${load()}.\n`);
const lines = [
  '| Call | `npm start` p50 (ms) | `npm start` p99 (ms) | plain `@netlify/dev` p50 (ms) | plain `@netlify/dev` p99 (ms) | p50 ratio | Errors (start / plain) |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
];
serve.figures.forEach((row, index) => {
  const other = plainFigures.figures[index];
  if (!other) return;
  lines.push(
    `| ${row.name} | ${row.p50.toFixed(0)} | ${row.p99.toFixed(0)} | ${other.p50.toFixed(0)} | ${other.p99.toFixed(0)} | ${(other.p50 / row.p50).toFixed(0)}x | ${row.errors} / ${other.errors} |`,
  );
});
lines.push(
  `| Start (until it answers) | ${serve.startMs.toFixed(0)} | | ${plainFigures.startMs.toFixed(0)} | | | |`,
  `| First call (GET /api/courses) | ${serve.firstCallMs.toFixed(0)} | | ${plainFigures.firstCallMs.toFixed(0)} | | | |`,
);
console.log(lines.join('\n'));
