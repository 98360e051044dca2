// @ts-check
// A TypeScript module of the site for a benchmark script, loaded with Vite's module runner so
// its `~` imports resolve as in the site.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The module at `file` (`new URL('…', import.meta.url)`, which knip follows as an import).
 * @template T
 * @param {URL} file
 * @returns {Promise<T>}
 */
export async function loadSiteModule(file) {
  const { module } = await runnerImport(fileURLToPath(file), {
    configFile: false,
    root,
    logLevel: 'error',
    resolve: { alias: { '~': join(root, 'src') } },
  });
  return /** @type {T} */ (module);
}
