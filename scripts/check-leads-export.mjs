// @ts-check
// Issue 33's check: a Node client of `npm start` reads the console's leads export of a grown store.
// Starts the site as `npm start` serves it (on a free port, as the API benchmark does), signs up
// one member of staff, seeds LEADS leads (5,000 unless set) through the storage layer as
// `npm run bench:api` does (scripts/bench/console.mjs: spread over the current month), then
// downloads GET /api/console/export/leads.csv with the staff session: with Node's fetch, which
// refuses more than 16 KB of headers (rows, bytes, seconds), then with node:http, which reads
// headers of any size, to measure them (and count the blob calls in `x-nf-fetch-timing`, should
// it be there). Exits 1 if fetch cannot read the whole export, or it takes more than half the
// function timeout (30 s). The records it creates are removed afterwards. Usage: `npm run build`,
// then `npx node scripts/check-leads-export.mjs` (LEADS=... to change the count).
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { seedConsoleStore } from './bench/console.mjs';
import { signUpCustomers, startSite } from './bench/site.mjs';

const LEADS = Number(process.env.LEADS ?? 5000);
const RUN = Date.now() % 1_000_000;
const STAFF_EMAIL = `export.staff.${RUN}@example.com`;
const EXPORT_PATH = '/api/console/export/leads.csv';
/** Half the function timeout: the export must finish well inside it. */
const WELL_INSIDE_S = 15;

/**
 * The answer's status and raw header lines, read by node:http with no limit on header size.
 *
 * @param {string} url
 * @param {string} cookie
 * @returns {Promise<{ status: number | undefined, lines: string[] }>}
 */
function rawHead(url, cookie) {
  return new Promise((resolve, reject) => {
    const call = request(url, { headers: { cookie }, maxHeaderSize: 64 * 1024 * 1024 }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, lines: response.rawHeaders }));
    });
    call.on('error', reject);
    call.end();
  });
}

const site = await startSite({ STAFF_EMAILS: STAFF_EMAIL });
try {
  const [staff] = await signUpCustomers(site, 1, {
    run: `${RUN}1`,
    tag: 'staff',
    emailOf: () => STAFF_EMAIL,
  });
  if (!staff) throw new Error('The member of staff was not signed up.');
  const seeded = await seedConsoleStore(site, RUN, { customers: 0, orders: 0, leads: LEADS });
  console.log(`Seeded ${LEADS} leads through the storage layer in ${seeded.seconds.toFixed(1)} s.`);

  let started = performance.now();
  try {
    const response = await fetch(`${site.url}${EXPORT_PATH}`, { headers: { cookie: staff.cookie } });
    const body = new Uint8Array(await response.arrayBuffer());
    const seconds = (performance.now() - started) / 1000;
    const text = new TextDecoder().decode(body);
    const rows = text.split('\r\n').filter(Boolean).length - 1;
    const ours = (text.match(new RegExp(`Bench Lead ${RUN}-\\d+`, 'g')) ?? []).length;
    console.log(
      `Node's fetch: ${response.status} in ${seconds.toFixed(1)} s, ${rows} rows (${ours} of this run's ${LEADS} leads), ${body.byteLength} bytes.`,
    );
    if (response.status !== 200 || ours < LEADS || seconds > WELL_INSIDE_S) process.exitCode = 1;
  } catch (caught) {
    const error = /** @type {Error & { cause?: { code?: string, message?: string } }} */ (caught);
    console.log(`Node's fetch failed: ${error.message} (${error.cause?.code ?? error.cause?.message ?? ''})`);
    process.exitCode = 1;
  }

  // The same export by node:http, which reads headers of any size: their size, and the blob calls
  // the function made when `x-nf-fetch-timing` is there to count them.
  started = performance.now();
  const head = await rawHead(`${site.url}${EXPORT_PATH}`, staff.cookie);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  let headerBytes = 0;
  let fetchTimings = 0;
  for (let i = 0; i + 1 < head.lines.length; i += 2) {
    const [name, value] = /** @type {[string, string]} */ ([head.lines[i], head.lines[i + 1]]);
    headerBytes += name.length + value.length + 4;
    if (name.toLowerCase() === 'x-nf-fetch-timing') fetchTimings += value.split(',').length;
  }
  const internal = head.lines.filter((line, i) => i % 2 === 0 && /^x-nf-/i.test(line));
  console.log(
    `node:http: ${head.status} in ${seconds} s; headers ${headerBytes} bytes; x-nf- headers: ${internal.join(', ') || 'none'}` +
      (fetchTimings ? `; x-nf-fetch-timing entries (blob calls): ${fetchTimings}` : ''),
  );
} finally {
  await site.stop();
}
