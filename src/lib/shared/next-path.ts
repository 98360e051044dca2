/**
 * `/login?next=…` (DECISIONS 26): after signing in, the visitor goes back to the page that sent
 * them, but only to a path of this site. Anything that could leave the site (`//evil.com`,
 * `https://…`, `/\evil.com`, `javascript:…`, `/.//evil.com`) or loop back to the login page
 * falls back.
 */

/** The page after sign-in when `next` is missing or refused. */
export const DEFAULT_NEXT_PATH = '/';

/** Paths that make no sense as a destination after signing in. */
const REFUSED_PATHS = new Set(['/login']);

/** Control characters and whitespace: URL parsers drop some of them, which can turn `/\t/x` into `//x`. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\\]/;

/**
 * The same-site path (with its query and fragment) that `raw` names, or `fallback`.
 * `raw` is the decoded value of the `next` query parameter, e.g. `/checkout`.
 */
export function safeNextPath(raw: string | null | undefined, fallback: string = DEFAULT_NEXT_PATH): string {
  if (!raw || raw.length > 2000) return fallback;
  // Exactly one leading slash: `//host` and `/\host` are other sites to a browser.
  if (!raw.startsWith('/') || raw.startsWith('//') || UNSAFE_CHARACTERS.test(raw)) return fallback;
  const base = 'https://same-site.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  // Dot segments are resolved by now: `/.//evil.example` and `/a/..//x` became `//evil.example`
  // and `//x`, which a browser reads as another site. One leading slash, always.
  const pathname = `/${url.pathname.replace(/^\/+/, '')}`;
  if (REFUSED_PATHS.has(pathname.replace(/\/+$/, ''))) return fallback;
  const next = `${pathname}${url.search}${url.hash}`;
  // Whatever came in, what goes out resolves to this site (checked, not assumed).
  return new URL(next, base).origin === base ? next : fallback;
}

/** The `/login` address that comes back to `path` after signing in. */
export function loginPathFor(path: string): string {
  const next = safeNextPath(path, '');
  return next && next !== DEFAULT_NEXT_PATH ? `/login?next=${encodeURIComponent(next)}` : '/login';
}
