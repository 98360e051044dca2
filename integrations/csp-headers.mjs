// @ts-check
/**
 * Astro integration: after the build, hashes every inline <script> Astro emitted (the island
 * bootstrap) and writes `dist/_headers` with a Content-Security-Policy that allows scripts from
 * this origin plus exactly those hashes. Netlify (and its local emulation) applies `_headers` to
 * every response; the other security headers stay in netlify.toml.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Inline, executable scripts: no src, and not a data block such as JSON-LD. */
const INLINE_SCRIPT =
  /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The `'sha256-…'` source of each distinct inline script in `html`.
 * @param {string} html
 * @returns {Set<string>}
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** Razorpay's hosted checkout when `RAZORPAY_CHECKOUT_URL` is not set (API.md, Payments). */
const RAZORPAY_CHECKOUT_URL = 'https://api.razorpay.com/v1/checkout/embedded';

/**
 * The origin the checkout page's form posts to (DECISIONS 36): `RAZORPAY_CHECKOUT_URL`'s.
 * @param {string | undefined} checkoutUrl
 * @returns {string}
 */
export function gatewayOrigin(checkoutUrl) {
  return new URL(checkoutUrl?.trim() || RAZORPAY_CHECKOUT_URL).origin;
}

/**
 * The policy, given the script hashes to allow and the payment gateway's origin, the one place
 * besides this site a form may post to.
 * @param {Iterable<string>} scriptHashes
 * @param {string} [formOrigin]
 * @returns {string}
 */
export function contentSecurityPolicy(scriptHashes, formOrigin = gatewayOrigin(undefined)) {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes].sort().join(' ')}`.trim(),
    // Astro inlines small stylesheets and the Fonts API's @font-face rules; sonner injects its
    // styles. An inline style cannot run script.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${formOrigin}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function htmlFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** @returns {import('astro').AstroIntegration} */
export default function cspHeaders() {
  return {
    name: 'csp-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const hashes = new Set();
        for (const file of await htmlFiles(out)) {
          for (const hash of inlineScriptHashes(await readFile(file, 'utf8'))) hashes.add(hash);
        }
        await writeFile(
          join(out, '_headers'),
          `/*\n  Content-Security-Policy: ${contentSecurityPolicy(hashes, gatewayOrigin(process.env['RAZORPAY_CHECKOUT_URL']))}\n`,
        );
        logger.info(`_headers: Content-Security-Policy with ${hashes.size} inline script hash(es)`);
      },
    },
  };
}
