// @ts-check
// Load benchmark of the API as `npm start` serves it: 50 concurrent clients for 10 s on each
// endpoint below, and, in the same run and on the same local blob store, a raw Netlify Blobs
// `get` + `set` pair, the floor any endpoint that touches storage stands on. Writes
// docs/benchmarks/api.md. Usage: `npm run bench:api` (builds first).
//
// Each connection is one visitor with its own loopback address (127.0.0.2, 127.0.0.3, ...), as 50
// real visitors would be: per-address rules such as the contact rate limit see 50 visitors, not
// one. BENCH_ONE_ADDRESS=1 sends everything from 127.0.0.1 instead and only prints the table.
// The records the run creates in the local store (.netlify/blobs-serve) are removed afterwards.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import hdr from 'hdr-histogram-js';
import { siteStore, signUpCustomers, startSite, xsrfTokenOf } from './bench/site.mjs';
import { payOnTestGateway, testPageForm } from './bench/test-gateway.mjs';
import { CONSOLE_SEED, consolePages, seedConsoleStore } from './bench/console.mjs';

const CONNECTIONS = 50;
/** The console rows: staff reading at once (issue 30: 20 staff, p99 <= 300 ms as the target). */
const CONSOLE_CONNECTIONS = 20;
const RUN = Date.now() % 1_000_000;
const STAFF_EMAIL = `bench.staff.${RUN}@example.com`;
const DURATION_S = 10;
const WARMUP = { connections: 10, duration: 1 };
const REPORT = 'docs/benchmarks/api.md';
const ONE_ADDRESS = process.env.BENCH_ONE_ADDRESS === '1';
/** `BENCH_ONLY=double-pay`: only the raw blob pair and the double-payment row, printed (no report). */
const ONLY_DOUBLE_PAY = process.env.BENCH_ONLY === 'double-pay';
/** `BENCH_ONLY=console`: only the raw blob pair and the console rows, printed (no report). */
const ONLY_CONSOLE = process.env.BENCH_ONLY === 'console';

/**
 * The site as this benchmark uses it: the member of staff, the bench batches and the customers are
 * added as the run goes ({@link given} reads them).
 *
 * @typedef {import('./bench/site.mjs').Customer} Customer
 * @typedef {Awaited<ReturnType<typeof startSite>> & {
 *   staff?: Customer, batches?: Map<number, string>, customers?: Customer[],
 * }} BenchSite
 * @typedef {{
 *   name: string, method?: string, path?: string, xsrf?: boolean, staff?: boolean, connections?: number,
 *   json?: unknown, headers?: (site: BenchSite) => Promise<Record<string, string>>,
 *   customer?: boolean, requests?: (customer: Customer) => { method: string, path: string }[],
 * }} Endpoint
 * @typedef {{ name: string, p50: number, p99: number, rps: number, requests: number, errors: number, note?: string }} Row
 */

/**
 * `value`, set up earlier in the run.
 *
 * @template T
 * @param {T | undefined} value
 * @param {string} what
 * @returns {T}
 */
function given(value, what) {
  if (value === undefined) throw new Error(`${what} is not set up yet`);
  return value;
}

/**
 * The endpoints measured, in order. Adding an endpoint is adding an entry: `method` and `path`;
 * `json`, a body sent as JSON, or a function of the visitor's number (0-49) that returns one, so
 * each visitor sends their own; `xsrf: true` to send the XSRF cookie and header the site hands
 * out (every non-GET call needs them); `headers(site)`, more headers, resolved once before the
 * run. `customer: true` makes each visitor a signed-in customer of their own (see `customers`):
 * `requests(customer)` then gives that visitor's requests, sent in turn with their session.
 *
 * @type {Endpoint[]}
 */
const ENDPOINTS = [
  { name: 'GET /api/courses', method: 'GET', path: '/api/courses' },
  {
    name: 'POST /api/contact/sendmail',
    method: 'POST',
    path: '/api/contact/sendmail',
    xsrf: true,
    // Each visitor writes from their own e-mail address (the form also limits per recipient).
    json: (/** @type {number} */ visitor) => ({
      name: `Bench Visitor ${visitor}`,
      phone: '+91 98765 43210',
      email: `bench.visitor.${visitor}@example.com`,
      message: 'A message sent by the API load benchmark.',
      client: 'sis',
    }),
  },
  {
    name: 'POST /api/Cart/addtocart, then deletefromcart',
    customer: true,
    // Each customer adds a course and deletes it again, over and over: one record per customer.
    requests: (customer) => [
      { method: 'POST', path: cartPath('addtocart', 1, customer.userid) },
      { method: 'POST', path: cartPath('deletefromcart', 1, customer.userid) },
    ],
  },
  {
    name: 'GET /api/Cart/GetCoursesByUserForCart',
    customer: true,
    requests: (customer) => [{ method: 'GET', path: cartPath('GetCoursesByUserForCart', customer.userid) }],
  },
];

/** How many courses the catalogue has: the checkout rounds buy one each. */
const COURSES = 9;

/**
 * Seats of the batch the paying rows buy (one per course): every paying customer of a round and
 * the double-payment row's buyers (course 1) get a seat, so no payment is refused for a full batch
 * (the seeded batches have 25 seats; refusing the 26th buyer is DECISIONS 54, tested elsewhere).
 */
const BENCH_SEATS = 150;

/**
 * Opens a batch of BENCH_SEATS seats for each course as the staff member, through the console's
 * API (untimed); resolves to each course's batch id. The site's `stop()` removes them.
 *
 * @param {BenchSite} site
 */
async function openBenchBatches(site) {
  const startsOn = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const staff = given(site.staff, 'the member of staff');
  /** @type {Map<number, string>} */
  const batchOf = new Map();
  for (let course = 1; course <= COURSES; course += 1) {
    const response = await fetch(`${site.url}/api/console/batches`, {
      method: 'POST',
      headers: {
        cookie: staff.cookie,
        'x-xsrf-token': staff.xsrf,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        courseId: course,
        startsOn,
        schedule: 'Sat,Sun 10:00-13:00 IST',
        sessions: 8,
        trainer: 'Bench Trainer',
        seats: BENCH_SEATS,
      }),
    });
    if (response.status !== 201)
      throw new Error(
        `opening a batch of course ${course} answered ${response.status}: ${await response.text()}`,
      );
    batchOf.set(course, (await response.json()).id);
  }
  return batchOf;
}

/**
 * The cart's add path of `course` for `customer`, in the bench batch of that course.
 *
 * @param {BenchSite} site
 * @param {number} course
 * @param {Customer} customer
 */
const addToBenchBatch = (site, course, customer) =>
  `${cartPath('addtocart', course, customer.userid)}?batch=${encodeURIComponent(given(site.batches?.get(course), `the bench batch of course ${course}`))}`;

/**
 * @param {string} action
 * @param {...(string | number)} ids
 */
function cartPath(action, ...ids) {
  return `/api/Cart/${action}/${['sispl', ...ids].join(',')}`;
}

/**
 * While it is in force, each new connection to `port` comes from the next loopback address
 * (autocannon opens its connections with `net.connect(port, host)` and has no option for this).
 *
 * @param {number} port
 */
function ownAddressPerConnection(port) {
  const connect = net.connect;
  let next = 0;
  /** `net.connect`, called with whatever arguments it was given. */
  const connectAsCalled = /** @type {(...args: unknown[]) => net.Socket} */ (connect);
  net.connect = /** @type {typeof net.connect} */ (
    function connectFromOwnAddress(/** @type {unknown[]} */ ...args) {
      if (String(args[0]) === String(port) && typeof args[1] === 'string') {
        const localAddress = `127.0.0.${2 + (next++ % 250)}`;
        return connectAsCalled.call(net, { port: Number(port), host: args[1], localAddress });
      }
      return connectAsCalled.apply(net, args);
    }
  );
  return () => {
    net.connect = connect;
  };
}

/**
 * One endpoint under load; resolves to its figures.
 *
 * @param {BenchSite} site
 * @param {Endpoint} endpoint
 * @returns {Promise<Row>}
 */
async function measureEndpoint(site, endpoint) {
  /** @type {Record<string, string>} */
  const headers = { ...(await endpoint.headers?.(site)) };
  if (endpoint.staff) headers['cookie'] = given(site.staff, 'the member of staff').cookie;
  if (endpoint.xsrf) {
    const token = await xsrfTokenOf(site);
    headers['cookie'] = [headers['cookie'], `XSRF-TOKEN=${token}`].filter(Boolean).join('; ');
    headers['x-xsrf-token'] = token;
  }
  if (endpoint.json !== undefined) headers['content-type'] = 'application/json';
  const json = endpoint.json;
  /** @type {(visitor: number) => unknown} */
  const bodyOf = typeof json === 'function' ? /** @type {(visitor: number) => unknown} */ (json) : () => json;
  let visitors = 0;
  /** @param {import('autocannon').Client} client */
  const customerRequests = (client) => {
    const customer = given(given(site.customers, 'the customers')[visitors++ % CONNECTIONS], 'a customer');
    const own = { cookie: customer.cookie, 'x-xsrf-token': customer.xsrf };
    const requests = given(endpoint.requests, `the requests of ${endpoint.name}`)(customer);
    client.setRequests(requests.map((request) => ({ ...request, headers: own })));
  };
  const restore = ONE_ADDRESS ? () => undefined : ownAddressPerConnection(site.port);
  try {
    const result = await autocannon({
      url: `${site.url}${endpoint.path ?? '/'}`,
      method: endpoint.method ?? 'GET',
      headers,
      ...(endpoint.customer ? { setupClient: customerRequests } : {}),
      ...(endpoint.json === undefined
        ? {}
        : {
            body: JSON.stringify(bodyOf(0)),
            // Each connection is the next visitor, with their own body.
            setupClient: (client) => client.setBody(JSON.stringify(bodyOf(visitors++ % CONNECTIONS))),
          }),
      connections: endpoint.connections ?? CONNECTIONS,
      duration: DURATION_S,
      warmup: WARMUP,
    });
    return {
      name: endpoint.name,
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: result.requests.average,
      requests: result.requests.total,
      errors: result.errors + result.timeouts + result.non2xx,
    };
  } finally {
    restore();
  }
}

/**
 * Paying under load (issue 18): in each of 9 rounds every customer puts the next course in the
 * cart (not timed), then all of them pay at the same moment, each a whole round trip against the
 * test gateway (timed, one sample each): checkout, the gateway's page, Pay, the callback that
 * places the order. Also checks what matters more than speed: every order got its own number.
 *
 * @param {BenchSite} site
 * @returns {Promise<Row>}
 */
async function measurePayment(site) {
  const histogram = newHistogram();
  const customers = given(site.customers, 'the customers');
  /** @type {Set<string>} */
  const orderNumbers = new Set();
  let placed = 0;
  let errors = 0;
  let timedMs = 0;
  /**
   * @param {Customer} customer
   * @param {string} method
   * @param {string} path
   */
  const call = (customer, method, path, headers = {}) =>
    fetch(`${site.url}${path}`, {
      method,
      headers: { cookie: customer.cookie, 'x-xsrf-token': customer.xsrf, ...headers },
    });
  for (let course = 1; course <= COURSES; course += 1) {
    await Promise.all(
      customers.map(async (customer) => {
        const added = await call(customer, 'POST', addToBenchBatch(site, course, customer));
        await added.arrayBuffer();
      }),
    );
    const roundStarted = performance.now();
    await Promise.all(
      customers.map(async (customer) => {
        const started = performance.now();
        const orderNo = await payAs(site, customer).catch(() => undefined);
        if (!orderNo) {
          errors += 1;
          return;
        }
        histogram.recordValue(Math.max(1, Math.round(performance.now() - started)));
        orderNumbers.add(orderNo);
        placed += 1;
      }),
    );
    timedMs += performance.now() - roundStarted;
  }
  if (orderNumbers.size !== placed)
    throw new Error(`${placed} orders placed but ${orderNumbers.size} distinct numbers`);
  return {
    name: `Payment round trip: checkout + test gateway + callback (${customers.length} at once, ${COURSES} rounds)`,
    p50: histogram.getValueAtPercentile(50),
    p99: histogram.getValueAtPercentile(99),
    rps: placed / (timedMs / 1000),
    requests: placed,
    errors,
    note: `${placed} orders, ${orderNumbers.size} distinct order numbers`,
  };
}

/** Buyers who pay twice in the double-payment row (issue 28), of the `CONNECTIONS` paying at once. */
const DOUBLE_PAYERS = 10;

/**
 * Posts a form as the browser does (no redirect followed).
 *
 * @param {string | URL} url
 * @param {URLSearchParams | Record<string, string>} fields
 */
const postForm = (url, fields) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

/**
 * 50 new buyers pay at once while 10 of them pay twice (issue 28): each of the 10, once back from
 * paying, opens the gateway's page again and pays again (the test gateway captures a second
 * payment of a paid order at once, as Razorpay's auto-capture does), and its callback is sent
 * twice at once (a replay). One sample per buyer: the whole round trip, both payments for the 10.
 * Checks what matters more than speed, from the test gateway's own records: every buyer has one
 * order, and every extra payment was refunded exactly once, in full.
 *
 * @param {BenchSite} site
 * @returns {Promise<Row>}
 */
async function measureDoublePayment(site) {
  // Signed up one at a time (untimed): 5 or 50 password hashes at once timed out on a loaded machine.
  const buyers = await signUpCustomers(site, CONNECTIONS, { run: `${RUN}4`, tag: 'double', batch: 1 });
  await Promise.all(
    buyers.map(async (buyer) => {
      const added = await fetch(`${site.url}${addToBenchBatch(site, 1, buyer)}`, {
        method: 'POST',
        headers: { cookie: buyer.cookie, 'x-xsrf-token': buyer.xsrf },
      });
      await added.arrayBuffer();
    }),
  );
  const histogram = newHistogram();
  /** @type {{ paymentId: string | null, amount: number }[]} */
  const extraPayments = [];
  /** @type {Set<string>} */
  const orders = new Set();
  let errors = 0;
  let placed = 0;
  const started = performance.now();
  await Promise.all(
    buyers.map(async (buyer, index) => {
      const began = performance.now();
      try {
        const paid = await payOnTestGateway((request) => fetch(request), site.url, {
          userId: buyer.userid,
          headers: { cookie: buyer.cookie, 'x-xsrf-token': buyer.xsrf },
          idempotencyKey: randomUUID(),
        });
        if (!paid.orderNo) throw new Error(`no order: ${paid.location}`);
        orders.add(paid.orderNo);
        placed += 1;
        if (index < DOUBLE_PAYERS) {
          const { url, fields } = paid.answer.gateway;
          const page = await postForm(new URL(url, site.url), fields);
          const pay = testPageForm(await page.text(), 'pay');
          const decided = await postForm(new URL(pay.action, site.url), pay.fields);
          await decided.arrayBuffer();
          const backs = await Promise.all(
            [1, 2].map(() => postForm(decided.headers.get('location') ?? '', pay.fields)),
          );
          for (const back of backs) {
            await back.arrayBuffer();
            if (!back.headers.get('location')?.includes('payment=refunded'))
              throw new Error(`second payment landed on ${back.headers.get('location')}`);
          }
          extraPayments.push({
            paymentId: pay.fields.get('razorpay_payment_id'),
            amount: Number(fields.amount),
          });
        }
        histogram.recordValue(Math.max(1, Math.round(performance.now() - began)));
      } catch (error) {
        errors += 1;
        console.error('double payment:', error instanceof Error ? error.message : error);
      }
    }),
  );
  const timedMs = performance.now() - started;
  // Every refund the test gateway made, by payment: exactly one per extra payment, in full.
  const gateway = siteStore(site, 'test-gateway');
  const refundKeys = (await gateway.list({ prefix: 'refunds/' })).blobs.map((blob) => blob.key);
  /** @type {({ payment_id: string, amount: number, status: string } | null)[]} */
  const refunds = await Promise.all(refundKeys.map((key) => gateway.get(key, { type: 'json' })));
  for (const extra of extraPayments) {
    const made = refunds.filter((refund) => refund?.payment_id === extra.paymentId);
    if (made.length !== 1 || made[0]?.amount !== extra.amount || made[0]?.status !== 'processed')
      throw new Error(`extra payment ${extra.paymentId}: ${made.length} refunds (${JSON.stringify(made)})`);
  }
  if (orders.size !== placed) throw new Error(`${orders.size} distinct orders for ${placed} buyers`);
  return {
    name: `${CONNECTIONS} buyers paying at once, ${DOUBLE_PAYERS} of them twice (issue 28)`,
    p50: histogram.getValueAtPercentile(50),
    p99: histogram.getValueAtPercentile(99),
    rps: (CONNECTIONS - errors) / (timedMs / 1000),
    requests: CONNECTIONS - errors,
    errors,
    note: `${orders.size} orders; ${extraPayments.length} extra payments, each refunded exactly once in full`,
  };
}

/**
 * The console rows (issue 30, item 6): seeds CONSOLE_SEED through the storage layer (untimed), then
 * one member of staff (STAFF_EMAILS) reads each list's first and fifth page from
 * CONSOLE_CONNECTIONS connections.
 *
 * @param {BenchSite} site
 * @returns {Promise<Row[]>}
 */
async function measureConsole(site) {
  const load = () =>
    os
      .loadavg()
      .map((figure) => figure.toFixed(2))
      .join(' ');
  console.log(`Seeding the console's lists (load average ${load()}).`);
  const seeded = await seedConsoleStore(site, RUN);
  console.log(`Seeded in ${seeded.seconds.toFixed(0)} s (load average ${load()}).`);
  site.staff ??= await signUpStaff(site);
  const pages = await consolePages({ ...site, staff: site.staff });
  /** @type {Row[]} */
  const rows = [];
  for (const page of pages) {
    await sleep(1000);
    const row = await measureEndpoint(site, {
      name: `${page.name} (staff, ${CONSOLE_CONNECTIONS} at once)`,
      path: page.path,
      staff: true,
      connections: CONSOLE_CONNECTIONS,
    });
    console.log(
      `${row.name}: p50 ${row.p50} ms, p99 ${row.p99} ms, ${Math.round(row.rps)}/s, ${row.errors} errors (load average ${load()})`,
    );
    rows.push(row);
  }
  return rows;
}

/**
 * One customer pays for their cart on the test gateway; resolves to the order number.
 *
 * @param {BenchSite} site
 * @param {Customer} customer
 */
async function payAs(site, customer) {
  const paid = await payOnTestGateway((request) => fetch(request), site.url, {
    userId: customer.userid,
    headers: { cookie: customer.cookie, 'x-xsrf-token': customer.xsrf },
    idempotencyKey: randomUUID(),
  });
  return paid.orderNo;
}

function newHistogram() {
  return hdr.build({
    bitBucketSize: 64,
    autoResize: true,
    lowestDiscernibleValue: 1,
    highestTrackableValue: 10000,
    numberOfSignificantValueDigits: 5,
  });
}

/**
 * The raw store under the same load: 50 clients, each reading and writing its own key with the
 * @netlify/blobs client the functions use, for 10 s. Latency is per get + set pair, recorded as
 * autocannon records it (hdr-histogram, whole milliseconds).
 *
 * @param {BenchSite} site
 * @returns {Promise<Row>}
 */
async function measureBlobPair(site) {
  const store = siteStore(site, 'bench-api');
  const histogram = newHistogram();
  let pairs = 0;
  let errors = 0;
  /**
   * @param {number} index
   * @param {number} deadline
   * @param {boolean} record
   */
  const client = async (index, deadline, record) => {
    const key = `client-${index}`;
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        /** @type {{ count?: number } | null} */
        const current = await store.get(key, { type: 'json', consistency: 'strong' });
        await store.setJSON(key, { count: (current?.count ?? 0) + 1, at: Date.now() });
        if (record) {
          histogram.recordValue(Math.round(performance.now() - started));
          pairs += 1;
        }
      } catch {
        if (record) errors += 1;
      }
    }
  };
  /**
   * @param {number} connections
   * @param {number} seconds
   * @param {boolean} record
   */
  const run = (connections, seconds, record) => {
    const deadline = performance.now() + seconds * 1000;
    return Promise.all(Array.from({ length: connections }, (_, index) => client(index, deadline, record)));
  };
  await run(WARMUP.connections, WARMUP.duration, false);
  const started = performance.now();
  await run(CONNECTIONS, DURATION_S, true);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => store.delete(`client-${index}`)));
  return {
    name: 'Raw blob get + set pair',
    p50: histogram.getValueAtPercentile(50),
    p99: histogram.getValueAtPercentile(99),
    rps: pairs / seconds,
    requests: pairs,
    errors,
  };
}

/**
 * Waits until the site has no e-mail waiting (the staff's `GET /api/console/mail?status=pending`,
 * at most 3 minutes): the contact row's e-mails go out after its answers, and the row after it
 * should measure its own calls, not those. Prints how long it waited when it did.
 *
 * @param {BenchSite} site
 */
async function mailDelivered(site) {
  const staff = given(site.staff, 'the member of staff');
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${site.url}/api/console/mail?status=pending`, {
      headers: { cookie: staff.cookie },
    });
    if (response.status !== 200) throw new Error(`the pending mail answered ${response.status}`);
    const { items } = await response.json();
    const waited = (performance.now() - started) / 1000;
    if (items.length === 0) {
      if (waited >= 1) console.log(`  (waited ${waited.toFixed(0)} s for the row's e-mails to go out)`);
      return;
    }
    if (waited > 180) throw new Error(`${items.length} e-mails still waiting after 3 minutes`);
    await sleep(1000);
  }
}

/**
 * Signs up the staff member (STAFF_EMAILS names their e-mail).
 *
 * @param {BenchSite} site
 */
async function signUpStaff(site) {
  const [staff] = await signUpCustomers(site, 1, {
    run: `${RUN}3`,
    tag: 'staff',
    emailOf: () => STAFF_EMAIL,
  });
  return given(staff, 'the member of staff');
}

/**
 * The figures as a Markdown table, each p99 also as a multiple of the raw blob pair's.
 *
 * @param {Row[]} rows
 * @param {Row} blobPair
 */
function table(rows, blobPair) {
  const lines = [
    '| What | p50 (ms) | p99 (ms) | Requests/s | Errors | p99 / blob pair p99 |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of [blobPair, ...rows]) {
    const ratio = row === blobPair ? '1.0' : (row.p99 / Math.max(blobPair.p99, 1)).toFixed(1);
    lines.push(
      `| ${row.name} | ${row.p50} | ${row.p99} | ${Math.round(row.rps)} | ${row.errors} | ${ratio} |`,
    );
  }
  return lines.join('\n');
}

function gitDescription() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim() !== '';
    return `${commit}${dirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

const loadBefore = (os.loadavg()[0] ?? 0).toFixed(2);
/** @type {BenchSite} */
const site = await startSite({ STAFF_EMAILS: STAFF_EMAIL });
let report;
try {
  console.log(
    `Site at ${site.url}; ${CONNECTIONS} connections, ${DURATION_S} s each (after a ${WARMUP.duration} s warm-up).`,
  );
  const blobPair = await measureBlobPair(site);
  console.log(`${blobPair.name}: p50 ${blobPair.p50} ms, p99 ${blobPair.p99} ms`);
  if (ONLY_CONSOLE) {
    const rows = await measureConsole(site);
    console.log(`\n${table(rows, blobPair)}\n`);
    await site.stop();
    process.exit(0);
  }
  site.staff = await signUpStaff(site);
  site.batches = await openBenchBatches(site);
  if (ONLY_DOUBLE_PAY) {
    const doublePay = await measureDoublePayment(site);
    console.log(`${doublePay.note}\n\n${table([doublePay], blobPair)}\n`);
    await site.stop();
    process.exit(0);
  }
  // The console first: its rows measure the month the issue names (CONSOLE_SEED), before the rows
  // below put their own records (about 1,500 leads and 500 orders) into the current hour.
  const rows = await measureConsole(site);
  site.customers = await signUpCustomers(site, CONNECTIONS, { run: `${RUN}1` });
  console.log(`${site.customers.length} customers signed up.`);
  for (const endpoint of ENDPOINTS) {
    await sleep(1000);
    const row = await measureEndpoint(site, endpoint);
    console.log(
      `${row.name}: p50 ${row.p50} ms, p99 ${row.p99} ms, ${Math.round(row.rps)}/s, ${row.errors} errors`,
    );
    rows.push(row);
    await mailDelivered(site);
  }
  await sleep(1000);
  const checkout = await measurePayment(site);
  console.log(
    `${checkout.name}: p50 ${checkout.p50} ms, p99 ${checkout.p99} ms, ${Math.round(checkout.rps)}/s, ${checkout.errors} errors; ${checkout.note}`,
  );
  rows.push(checkout);
  await sleep(1000);
  const doublePay = await measureDoublePayment(site);
  console.log(
    `${doublePay.name}: p50 ${doublePay.p50} ms, p99 ${doublePay.p99} ms, ${doublePay.errors} errors; ${doublePay.note}`,
  );
  rows.push(doublePay);
  report = table(rows, blobPair);
} finally {
  await site.stop();
}

console.log(`\n${report}\n`);
if (ONE_ADDRESS) {
  console.log(`BENCH_ONE_ADDRESS=1: every connection came from 127.0.0.1; ${REPORT} left as it was.`);
} else {
  const cpu = os.cpus();
  await writeFile(
    REPORT,
    `# API load benchmark

Written by \`npm run bench:api\` (scripts/bench-api.mjs); run it again to refresh.

- When: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${gitDescription()}
- Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${loadBefore} before the run (the machine is shared)
- Server: the production build as \`npm start\` serves it (scripts/serve.mjs), local blob store in \`.netlify/blobs-serve\`
- Load: ${CONNECTIONS} concurrent connections for ${DURATION_S} s per row, after a ${WARMUP.duration} s warm-up at ${WARMUP.connections}, by autocannon on the same machine. Each connection is one visitor with its own loopback address. The contact and account limits are raised (CONTACT_RATE_LIMIT, AUTH_RATE_LIMIT) so every call is accepted. A row starts once the e-mails the one before it queued have gone out (the contact row's go after its answers).
- Customers: ${CONNECTIONS} customers sign up through the API before the run (the code read from the local outbox); each cart row's connection is one of them, with their session. Paying is measured in rounds: every customer puts the next course in the cart (not timed; in a batch of ${BENCH_SEATS} seats the staff member opened for the run, so none is refused for a full batch), then all ${CONNECTIONS} pay at once, each one sample of a whole round trip against the built-in test gateway (checkout, the gateway's page, its Pay, the callback that places the order: four requests); ${COURSES} rounds, one per course. The run fails if two orders share a number.
- Paying twice (issue 28): ${CONNECTIONS} more customers each put a course in the cart (not timed) and pay at once; ${DOUBLE_PAYERS} of them, once back from paying, open the gateway's page again and pay again (the test gateway captures a payment of a paid order at once, as Razorpay's auto-capture does), the second callback sent twice at once. One sample per buyer (both payments for the ${DOUBLE_PAYERS}). The run fails unless every buyer has one order and the test gateway's records show every extra payment refunded exactly once, in full.
- Console (issue 30): ${CONSOLE_SEED.orders} orders of ${CONSOLE_SEED.customers} customers and ${CONSOLE_SEED.leads} leads are written through the storage layer (scripts/bench/seed-console.ts: records, indexes, totals; untimed), spread evenly over the current month, before the other rows (whose records would all fall in the current hour); then one member of staff (STAFF_EMAILS) reads the first and the fifth page (50 rows each) of \`/api/console/orders\`, \`/api/console/leads?status=all\` and \`/api/console/customers\` from ${CONSOLE_CONNECTIONS} connections.
- Raw blob pair: ${CONNECTIONS} clients of the same local store, each a \`get\` then a \`set\` of its own key with the @netlify/blobs client the functions use; one sample per pair.
- Latency counts successful answers only (autocannon's rule); errors are failed connections, timeouts and non-2xx answers.

${report}
`,
  );
  console.log(`Wrote ${REPORT}.`);
}
