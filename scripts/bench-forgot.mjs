// @ts-check
// Timing benchmark of `POST /api/account/forgot` (issue 22, item 2): does the answer take longer
// for an e-mail that has an account than for one that has none? Signs up 50 customers, then asks
// for a reset code 50 times for their addresses and 50 times for unknown ones, alternating, one
// request at a time with a pause between (so no request waits behind another's work), and prints
// both medians and the gap, which must stay under 1 ms. Writes docs/benchmarks/forgot.md.
// Usage: `npm run bench:forgot` (builds first).
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { signUpCustomers, startSite, xsrfTokenOf } from './bench/site.mjs';

const SAMPLES = 50;
const WARMUP = 10;
const PAUSE_MS = 150;
const GAP_LIMIT_MS = 1;
const RUN = Date.now() % 1_000_000;
const REPORT = 'docs/benchmarks/forgot.md';

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ index) => sorted[index] ?? NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};

const loadBefore = (os.loadavg()[0] ?? 0).toFixed(2);
const site = await startSite();
/** @type {number[]} */
let registered = [];
/** @type {number[]} */
let unknown = [];
try {
  const customers = await signUpCustomers(site, SAMPLES, { run: `${RUN}7`, tag: 'forgot' });
  const xsrf = await xsrfTokenOf(site);
  /** One reset request for `email`; resolves to its time in ms, from sending to the whole answer. */
  const forgot = async (/** @type {string} */ email) => {
    const started = performance.now();
    const response = await fetch(`${site.url}/api/account/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      body: JSON.stringify({ email, clientCode: 'sispl' }),
    });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`forgot answered ${response.status} for ${email}`);
    await sleep(PAUSE_MS);
    return elapsed;
  };
  /** A sign-up code request for an address that has no account (the customers made theirs). */
  const sendCodeFor = async (/** @type {string} */ email) => {
    const response = await fetch(`${site.url}/api/account/sendcode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      body: JSON.stringify({
        name: 'Bench Nobody',
        mobile: '9000000000',
        email,
        password: 'bench-pass1',
        repassword: 'bench-pass1',
        clientCode: 'sispl',
      }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`sendcode answered ${response.status} for ${email}`);
  };
  for (let i = 0; i < WARMUP; i += 1) await forgot(`bench.warmup.${RUN}.${i}@example.com`);
  // Every address, with an account or not, has asked for one code before the measured request
  // (the customers at sign-up), so its rate-limit counters are in the same state: the run compares
  // accounts, not histories.
  for (let i = 0; i < SAMPLES; i += 1) await sendCodeFor(`bench.nobody.${RUN}.${i}@example.com`);
  registered = [];
  unknown = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    // Alternate which goes first, so neither side always follows the other.
    const pair = [
      async () => registered.push(await forgot(customers[i]?.email ?? '')),
      async () => unknown.push(await forgot(`bench.nobody.${RUN}.${i}@example.com`)),
    ];
    if (i % 2) pair.reverse();
    for (const step of pair) await step();
  }
} finally {
  await site.stop();
}

const withAccount = median(registered);
const withoutAccount = median(unknown);
const gap = Math.abs(withAccount - withoutAccount);
const lines = [
  `| Reset asked for | Requests | Median |`,
  `| --- | ---: | ---: |`,
  `| an e-mail with an account | ${registered.length} | ${withAccount.toFixed(2)} ms |`,
  `| an e-mail with no account | ${unknown.length} | ${withoutAccount.toFixed(2)} ms |`,
  ``,
  `Gap between the medians: **${gap.toFixed(2)} ms** (limit ${GAP_LIMIT_MS} ms: ${gap < GAP_LIMIT_MS ? 'met' : 'NOT met'}).`,
].join('\n');
console.log(`\n${lines}\n`);
const cpu = os.cpus();
await writeFile(
  REPORT,
  `# Forgot-password timing benchmark

Written by \`npm run bench:forgot\` (scripts/bench-forgot.mjs); run it again to refresh. It shows
whether the time to answer \`POST /api/account/forgot\` tells an address with an account from one
without (issue 22, item 2): the answer now comes before the account is looked up, and the code
and mail are made after it.

- When: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${loadBefore} before the run
- Server: the production build as \`npm start\` serves it, local blob store
- Requests: ${SAMPLES} for addresses of ${SAMPLES} customers signed up before the run, ${SAMPLES} for unknown addresses, alternating, one at a time, ${PAUSE_MS} ms apart, after ${WARMUP} warm-up requests

${lines}
`,
);
console.log(`Wrote ${REPORT}.`);
if (gap >= GAP_LIMIT_MS) process.exitCode = 1;
