// Issue 33's check: a Node client of `npm start` reads the console's leads export of a grown store.
// Starts the site as `npm start` serves it (on a free port, rate limits raised, as the API
// benchmark does), signs up one member of staff, sends LEADS contact messages (5,000 unless set)
// through the contact endpoint, then downloads GET /api/console/export/leads.csv with the staff
// session: with Node's fetch, which refuses more than 16 KB of headers, then with node:http, which
// reads headers of any size, to measure them (and count the blob calls in `x-nf-fetch-timing`,
// should it be there). Exits 1 if fetch cannot read the whole export. The
// records it creates are removed afterwards. Usage: `npm run build`, then
// `npx node scripts/check-leads-export.mjs` (LEADS=... to change the count).
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { signUpCustomers, startSite, xsrfTokenOf } from './bench/site.mjs';

const LEADS = Number(process.env.LEADS ?? 5000);
/** Contact messages sent at once while seeding. */
const AT_ONCE = 20;
const RUN = Date.now() % 1_000_000;
const STAFF_EMAIL = `export.staff.${RUN}@example.com`;
const EXPORT_PATH = '/api/console/export/leads.csv';

/** Sends `count` contact messages, AT_ONCE at a time; each from its own e-mail address. */
async function seedLeads(site, count) {
  const xsrf = await xsrfTokenOf(site);
  const send = async (index) => {
    const response = await fetch(`${site.url}/api/contact/sendmail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      body: JSON.stringify({
        name: `Export Lead ${RUN}-${index}`,
        phone: '+91 98765 43210',
        email: `export.lead.${RUN}.${index}@example.com`,
        message: `Lead ${index} of the leads export check (issue 33).`,
        client: 'sis',
      }),
    });
    if (response.status !== 200)
      throw new Error(`sendmail answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };
  for (let start = 0; start < count; start += AT_ONCE) {
    const indexes = Array.from({ length: Math.min(AT_ONCE, count - start) }, (_, i) => start + i);
    await Promise.all(indexes.map(send));
    if ((start + AT_ONCE) % 1000 === 0) console.log(`  ${start + AT_ONCE} leads sent`);
  }
}

/** The answer's status and raw header lines, read by node:http with no limit on header size. */
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
  let started = performance.now();
  await seedLeads(site, LEADS);
  console.log(`Sent ${LEADS} contact messages in ${((performance.now() - started) / 1000).toFixed(1)} s.`);

  started = performance.now();
  try {
    const response = await fetch(`${site.url}${EXPORT_PATH}`, { headers: { cookie: staff.cookie } });
    const text = await response.text();
    const rows = text.split('\r\n').filter(Boolean).length - 1;
    const ours = (text.match(new RegExp(`Export Lead ${RUN}-\\d+`, 'g')) ?? []).length;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Node's fetch: ${response.status} in ${seconds} s, ${rows} rows (${ours} of this run's ${LEADS} leads).`,
    );
    if (response.status !== 200 || ours < LEADS) process.exitCode = 1;
  } catch (error) {
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
  for (let i = 0; i < head.lines.length; i += 2) {
    headerBytes += head.lines[i].length + head.lines[i + 1].length + 4;
    if (head.lines[i].toLowerCase() === 'x-nf-fetch-timing')
      fetchTimings += head.lines[i + 1].split(',').length;
  }
  const internal = head.lines.filter((line, i) => i % 2 === 0 && /^x-nf-/i.test(line));
  console.log(
    `node:http: ${head.status} in ${seconds} s; headers ${headerBytes} bytes; x-nf- headers: ${internal.join(', ') || 'none'}` +
      (fetchTimings ? `; x-nf-fetch-timing entries (blob calls): ${fetchTimings}` : ''),
  );
} finally {
  await site.stop();
}
