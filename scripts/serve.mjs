// Serves the production build (dist/ + netlify/functions + blobs) through Netlify's own local
// emulation (@netlify/dev): redirects, headers, functions and blobs behave as they do deployed.
// Like the CDN, it compresses text answers (brotli or gzip). No Netlify account, key or network
// is needed. Usage: `npm start` (builds first) or `npm run serve`.
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { NetlifyDev } from '@netlify/dev';

const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST ?? 'localhost';

const netlify = new NetlifyDev({
  projectRoot: process.cwd(),
  // Offline by design: features that call Netlify's servers or need other runtimes stay off.
  aiGateway: { enabled: false },
  database: { enabled: false },
  edgeFunctions: { enabled: false },
  environmentVariables: { enabled: false },
  geolocation: { enabled: false },
  images: { enabled: false },
  blobs: { enabled: true },
  functions: { enabled: true },
  headers: { enabled: true },
  redirects: { enabled: true },
  staticFiles: { enabled: true },
});

await netlify.start();

/**
 * Function calls run one at a time. @netlify/dev builds each call's function into a temporary
 * folder and deletes it afterwards; overlapping calls can load modules from a folder another
 * call has just deleted ("Cannot find module .../functions-serve/_xxxx/..."), a 500 that
 * production never gives. Static files are served in parallel.
 */
let functionQueue = Promise.resolve();
function oneFunctionAtATime(work) {
  const run = functionQueue.then(work, work);
  functionQueue = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/** Text types Netlify's CDN compresses. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/** Brotli or gzip, as the CDN would pick for this client and response; undefined for none. */
function encodingFor(req, response) {
  const type = response.headers.get('content-type') ?? '';
  if (!COMPRESSIBLE.test(type) || response.headers.has('content-encoding')) return undefined;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/** Netlify's CDN answers an unmatched path with the site's 404.html and status 404. */
async function notFound(req) {
  const page = await netlify.handle(new Request(new URL('/404.html', `http://${req.headers.host ?? host}`)));
  if (!page?.ok) return new Response('Not found', { status: 404 });
  return new Response(page.body, { status: 404, headers: page.headers });
}

const server = createServer(async (req, res) => {
  try {
    // As Netlify's edge does: the client address comes from the connection, never from the client.
    req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    const handle = () => netlify.handleAndIntrospectNodeRequest(req);
    const match = await (req.url?.startsWith('/api/') ? oneFunctionAtATime(handle) : handle());
    const response = match?.response ?? (await notFound(req));
    res.statusCode = response.status;
    res.statusMessage = response.statusText;
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie') continue;
      res.setHeader(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader('set-cookie', cookies);
    const encoding = response.body ? encodingFor(req, response) : undefined;
    if (encoding) {
      res.setHeader('content-encoding', encoding);
      res.removeHeader('content-length');
      res.setHeader('vary', 'Accept-Encoding');
    }
    if (response.body && req.method !== 'HEAD') {
      const body = Readable.fromWeb(response.body);
      if (encoding === 'br') {
        body.pipe(createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })).pipe(res);
      } else if (encoding === 'gzip') {
        body.pipe(createGzip()).pipe(res);
      } else {
        body.pipe(res);
      }
    } else {
      res.end();
    }
  } catch (error) {
    console.error('[serve] request failed:', req.method, req.url, error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  }
});

server.listen(port, host, () => {
  console.log(
    `\n  Site ready at http://${host}:${port}  (production build, Netlify emulation; Ctrl-C stops)\n`,
  );
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n  ${signal}: stopping…`);
  server.close();
  server.closeAllConnections();
  await netlify.stop().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
