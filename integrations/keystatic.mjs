// @ts-check
/**
 * The content editor at /keystatic (DECISIONS 64; API.md, Site content and feeds), switched on only
 * where it can work:
 * - `astro dev`: local mode, it writes the working tree's files;
 * - a build with `KEYSTATIC_GITHUB_CLIENT_ID`, `KEYSTATIC_GITHUB_CLIENT_SECRET` and
 *   `KEYSTATIC_SECRET` set: GitHub mode, it commits to the repository named by
 *   `KEYSTATIC_GITHUB_REPO` (`owner/name`; on Netlify, `REPOSITORY_URL` when that is unset);
 * - any other build (`npm start`, a deploy without the settings): no editor routes at all, so
 *   /keystatic answers the site's 404 page.
 * Its two routes render on demand (`prerender = false`, in the adapter's function); the public
 * pages stay pre-rendered and import none of its code. The secrets are read at run time by
 * Keystatic's API route (`astro:env/server`), never written into a bundle; only the repository's
 * name reaches the browser, which needs it.
 */
import keystatic from '@keystatic/astro';

/** The three settings GitHub mode needs (Keystatic's own names). */
const GITHUB_SETTINGS = ['KEYSTATIC_GITHUB_CLIENT_ID', 'KEYSTATIC_GITHUB_CLIENT_SECRET', 'KEYSTATIC_SECRET'];

/**
 * `owner/name` of the repository the editor commits to: `KEYSTATIC_GITHUB_REPO`, else the GitHub
 * repository Netlify builds from (`REPOSITORY_URL`), else undefined.
 * @param {Record<string, string | undefined>} env
 * @returns {string | undefined}
 */
export function githubRepository(env) {
  const named = env['KEYSTATIC_GITHUB_REPO']?.trim();
  if (named) {
    if (!/^[\w.-]+\/[\w.-]+$/.test(named)) {
      throw new Error(`KEYSTATIC_GITHUB_REPO must be owner/name (e.g. acme/website), not "${named}".`);
    }
    return named;
  }
  const url = env['REPOSITORY_URL']?.trim();
  const match = url ? /github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(url) : null;
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/**
 * How the editor runs for this command and environment.
 * @param {string} command Astro's command: 'dev', 'build', 'preview' or 'sync'
 * @param {Record<string, string | undefined>} env
 * @returns {{ mode: 'local' } | { mode: 'github', repo: string } | { mode: 'off', reason: string }}
 */
export function editorMode(command, env) {
  if (command === 'dev') return { mode: 'local' };
  const missing = GITHUB_SETTINGS.filter((name) => !env[name]?.trim());
  if (missing.length === GITHUB_SETTINGS.length) {
    return { mode: 'off', reason: `${GITHUB_SETTINGS.join(', ')} are not set` };
  }
  if (missing.length > 0) {
    // Half the settings is a mistake made on the way to switching the editor on: say so, loudly.
    throw new Error(
      `The content editor needs ${missing.join(', ')} too (README, "Editing the site's content").`,
    );
  }
  const repo = githubRepository(env);
  if (!repo) {
    throw new Error('The content editor needs KEYSTATIC_GITHUB_REPO (owner/name of the GitHub repository).');
  }
  return { mode: 'github', repo };
}

/**
 * Keystatic's packages, pre-bundled by Vite: its dependency scan does not find them here and the
 * editor then never loads (PLATFORM-NOTES, Keystatic).
 */
const OPTIMIZE = ['@keystatic/core', '@keystatic/core/ui', '@keystatic/astro/ui', '@keystatic/astro/api'];

/** @returns {import('astro').AstroIntegration} */
export default function contentEditor() {
  const editor = keystatic();
  const setup = editor.hooks['astro:config:setup'];
  return {
    name: 'content-editor',
    hooks: {
      'astro:config:setup': async (options) => {
        const { addMiddleware, command, logger, updateConfig } = options;
        const how = editorMode(command, process.env);
        if (how.mode === 'off') {
          if (command === 'build') logger.info(`/keystatic is off: ${how.reason}.`);
          return;
        }
        updateConfig({
          vite: {
            optimizeDeps: { include: OPTIMIZE },
            // keystatic.config.ts reads this in the browser and on the server alike: which storage.
            define: {
              'import.meta.env.KEYSTATIC_GITHUB_REPO': JSON.stringify(how.mode === 'github' ? how.repo : ''),
            },
          },
        });
        // The site's security headers on the editor's answers, which come from a function.
        addMiddleware({ entrypoint: new URL('./keystatic-headers.mjs', import.meta.url), order: 'pre' });
        logger.info(
          how.mode === 'github' ? `/keystatic: GitHub mode, ${how.repo}` : '/keystatic: local mode',
        );
        await setup?.(options);
      },
    },
  };
}
