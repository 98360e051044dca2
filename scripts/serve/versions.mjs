// @ts-check
/**
 * The Netlify packages the local server was written against (issue 17, item 9). It follows
 * @netlify/functions-dev's request and answer handling line by line and patches @netlify/blobs'
 * local server, so another version may differ in ways no error shows. At start it compares the
 * installed versions and stops with a sentence saying what to do when one differs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Package -> the exact version scripts/serve/ follows (functions-dev: the one @netlify/dev uses). */
export const WRITTEN_AGAINST = {
  '@netlify/dev': '5.1.3',
  '@netlify/functions-dev': '2.0.8',
  '@netlify/blobs': '11.1.1',
};

/** Where each package is looked up from: the project, or the package that depends on it. */
const LOOKED_UP_FROM = { '@netlify/functions-dev': '@netlify/dev' };

/**
 * The directory of package `name` as Node would find it from `from` (node_modules folders up the
 * tree), or undefined when it is not installed.
 *
 * @param {string} name
 * @param {string} from
 * @returns {string | undefined}
 */
function packageDirectory(name, from) {
  for (let directory = from; ; directory = dirname(directory)) {
    const candidate = join(directory, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (directory === dirname(directory)) return undefined;
  }
}

/**
 * The installed version of `name` as the local server loads it, from the project at `projectRoot`.
 *
 * @param {string} name
 * @param {string} projectRoot
 * @returns {string | undefined}
 */
export function installedVersion(name, projectRoot) {
  const parent = /** @type {Record<string, string>} */ (LOOKED_UP_FROM)[name];
  const from = parent ? packageDirectory(parent, projectRoot) : projectRoot;
  const directory = from === undefined ? undefined : packageDirectory(name, from);
  if (directory === undefined) return undefined;
  return String(JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')).version);
}

/**
 * The sentences for every package whose installed version is not the one written against
 * (empty when all match).
 *
 * @param {(name: string) => string | undefined} versionOf
 * @returns {string[]}
 */
export function versionProblems(versionOf) {
  return Object.entries(WRITTEN_AGAINST).flatMap(([name, expected]) => {
    const found = versionOf(name);
    if (found === expected) return [];
    return [
      `${name} is ${found === undefined ? 'not installed' : found}, but scripts/serve/ was written against ${expected}. ` +
        `Run \`npm ci\` to install the locked versions, or, to move to ${found ?? 'another version'}, check ` +
        `scripts/serve/ against its source (docs/local-server.md) and update WRITTEN_AGAINST in scripts/serve/versions.mjs.`,
    ];
  });
}

/**
 * Stops the process with the problems when any package differs.
 *
 * @param {string} projectRoot
 * @param {(name: string) => string | undefined} [versionOf] the installed versions (tests replace it)
 */
export function assertWrittenAgainst(projectRoot, versionOf = (name) => installedVersion(name, projectRoot)) {
  const problems = versionProblems(versionOf);
  if (problems.length === 0) return;
  console.error(`\n[serve] cannot start:\n- ${problems.join('\n- ')}\n`);
  process.exit(1);
}
