// @ts-check
// What the API benchmarks share: the site as `npm start` serves it on a free port, its local
// blob store, its XSRF tokens and cookies, and customers signed up the way the site does it.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { getStore, setEnvironmentContext } from '@netlify/blobs';

/** Where `npm start` keeps its local blob store. */
export const BLOBS_DIRECTORY = join(process.cwd(), '.netlify', 'blobs-serve');

/**
 * Every file under `directory`, as paths relative to it; empty if it does not exist.
 *
 * @param {string} directory
 * @returns {Promise<Set<string>>}
 */
export async function filesUnder(directory) {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(directory, join(entry.parentPath, entry.name))),
  );
}

/**
 * Starts `scripts/serve.mjs` on a free port with `env` added (the rate limits raised: every
 * benchmark call must be accepted, the limits have unit tests); resolves once it listens, with
 * its URL and blob store. `stop()` ends it and removes every record the run created.
 *
 * @param {Record<string, string>} [env]
 * @returns {Promise<Site & { child: import('node:child_process').ChildProcess, port: number, stop(): Promise<void> }>}
 */
export async function startSite(env = {}) {
  const filesBefore = await filesUnder(BLOBS_DIRECTORY);
  /** @type {number} */
  const port = await new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(free));
    });
  });
  await mkdir('.netlify', { recursive: true });
  const child = fork('scripts/serve.mjs', [], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CONTACT_RATE_LIMIT: '1000000000',
      AUTH_RATE_LIMIT: '1000000000',
      ...env,
    },
    // The site prints every e-mail it "sends" to the local outbox: thousands here.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  // serve.mjs's first message once it listens: `{ type: 'ready', url, blobsContext }`.
  const [message] = /** @type {[{ url: string, blobsContext: string }]} */ (
    await Promise.race([
      once(child, 'message'),
      once(child, 'exit').then(([code]) => Promise.reject(new Error(`serve.mjs exited (code ${code})`))),
    ])
  );
  const stop = async () => {
    child.kill('SIGTERM');
    await once(child, 'exit');
    // Leave the local store as it was: remove every record the run created.
    const filesAfter = await filesUnder(BLOBS_DIRECTORY);
    const created = [...filesAfter].filter((file) => !filesBefore.has(file));
    await Promise.all(created.map((file) => rm(join(BLOBS_DIRECTORY, file), { force: true })));
  };
  return { child, port, url: message.url, blobsContext: message.blobsContext, stop };
}

/**
 * The site as the benchmarks reach it: its address and its blob store's context (base64 JSON, as
 * `NETLIFY_BLOBS_CONTEXT`).
 *
 * @typedef {{ readonly url: string, readonly blobsContext: string }} Site
 */

/**
 * The XSRF token the site hands a new visitor (its `Set-Cookie` on any API answer).
 *
 * @param {Site} site
 */
export async function xsrfTokenOf(site) {
  const response = await fetch(`${site.url}/api/courses`);
  await response.arrayBuffer();
  return cookieOf(response, 'XSRF-TOKEN');
}

/**
 * The site's local blob store `name`, as the functions see it.
 *
 * @param {Site} site
 * @param {string} name
 */
export function siteStore(site, name) {
  setEnvironmentContext(JSON.parse(Buffer.from(site.blobsContext, 'base64').toString('utf8')));
  return getStore({ name, consistency: 'strong' });
}

/**
 * A value of a `Set-Cookie` answer header, by cookie name.
 *
 * @param {Response} response
 * @param {string} name
 * @returns {string}
 */
function cookieOf(response, name) {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  if (!cookie) throw new Error(`${response.url} set no ${name} cookie`);
  return cookie.slice(name.length + 1).split(';')[0] ?? '';
}

/**
 * The mail the site put in its local outbox under `key`, waiting up to 10 s for it.
 *
 * @param {Site} site
 * @param {string} key
 * @returns {Promise<{ text?: string } | undefined>}
 */
async function outboxMail(site, key) {
  const outbox = siteStore(site, 'outbox');
  for (let tries = 0; tries < 200; tries += 1) {
    /** @type {{ text?: string } | null} */
    const mail = await outbox.get(`mails/${key}`, { type: 'json' });
    if (mail) return mail;
    await sleep(50);
  }
  return undefined;
}

/**
 * Signs up `count` customers the way the site does (send code, read it from the local outbox,
 * register), `batch` at a time: each sign-up hashes a password with scrypt (~128 MiB), and 150
 * at once starve the functions past their 30 s limit on two cores. `run` makes e-mails and
 * mobiles unique to this run; `emailOf(index)` may choose the e-mails. Resolves to each one's
 * `{userid, email, cookie, xsrf}`.
 *
 * @param {Site} site
 * @param {number} count
 * @param {{ run: string | number, tag?: string, emailOf?: (index: number) => string, batch?: number }} options
 * @returns {Promise<Customer[]>}
 */
export async function signUpCustomers(site, count, { run, tag = 'customer', emailOf, batch = 50 }) {
  /** @type {Customer[]} */
  const signedUp = [];
  for (let start = 0; start < count; start += batch) {
    const indexes = Array.from({ length: Math.min(count, start + batch) - start }, (_, i) => start + i);
    signedUp.push(...(await Promise.all(indexes.map((index) => signUpOne(site, index, run, tag, emailOf)))));
  }
  return signedUp;
}

/**
 * A customer signed up by {@link signUpCustomers}: signed in with `cookie` and `xsrf`.
 *
 * @typedef {{ userid: string, email: string, xsrf: string, cookie: string }} Customer
 */

/**
 * @param {Site} site
 * @param {number} index
 * @param {string | number} run
 * @param {string} tag
 * @param {((index: number) => string) | undefined} emailOf
 * @returns {Promise<Customer>}
 */
function signUpOne(site, index, run, tag, emailOf) {
  return signUpThrough(
    { url: site.url, blobsContext: site.blobsContext, send: (request) => fetch(request) },
    {
      name: `Bench ${tag} ${index}`,
      mobile: `9${String(Number(run) * 1000 + index)
        .slice(-9)
        .padStart(9, '0')}`,
      email: emailOf?.(index) ?? `bench.${tag}.${run}.${index}@example.com`,
    },
  );
}

/**
 * Signs up one member the way the site does (send code, read it from the outbox, register),
 * sending each request with `via.send`: `fetch` for a site over HTTP, or a server's own handler
 * (scripts/bench-local-server.mjs). Resolves to the member signed in.
 *
 * @param {Site & { readonly send: (request: Request) => Promise<Response> }} via
 * @param {{ readonly name: string, readonly mobile: string, readonly email: string }} who
 * @returns {Promise<Customer>}
 */
export async function signUpThrough(via, who) {
  const first = await via.send(new Request(`${via.url}/api/courses`));
  await first.arrayBuffer();
  const xsrf = cookieOf(first, 'XSRF-TOKEN');
  /**
   * @param {string} path
   * @param {unknown} body
   */
  const post = (path, body) =>
    via.send(
      new Request(`${via.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
        body: JSON.stringify(body),
      }),
    );
  const details = { ...who, password: 'bench-pass1', repassword: 'bench-pass1', clientCode: 'sispl' };
  const sent = await post('/api/account/sendcode', details);
  if (sent.status !== 200) throw new Error(`sendcode answered ${sent.status}: ${await sent.text()}`);
  const pending = await sent.json();
  // The code mail is written to the outbox just after the answer.
  const mail = await outboxMail(via, `account-sign-up-${pending.usercode}`);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`No sign-up code reached the outbox for ${details.email}`);
  const registered = await post('/api/account/register', {
    ...details,
    ...pending,
    verificationcode: code,
    status: 1,
  });
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const { userid } = await registered.json();
  // Signing in renews the XSRF token, bound to the new session (DECISIONS 44).
  const renewed = cookieOf(registered, 'XSRF-TOKEN');
  return {
    userid,
    email: details.email,
    xsrf: renewed,
    cookie: `XSRF-TOKEN=${renewed}; session=${cookieOf(registered, 'session')}`,
  };
}
