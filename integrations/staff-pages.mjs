// @ts-check
/**
 * Takes the pages only staff may see out of the published folder (DECISIONS 39, 53): the CDN
 * serves every file in `dist/`, so a console shell left there answered 200 at `/staff-console`
 * and `/staff-console.html` to anyone. Moved to `dist-staff/` after the build (and after
 * csp-headers has hashed their inline scripts into the site's CSP), they reach a browser only
 * through `/console`, whose function sends them to staff and the 404 page to everyone else
 * (src/server/http/staff-page.ts; netlify.toml includes the folder in that function).
 */
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The staff pages' files, as Astro writes them into `dist/`. */
const STAFF_PAGE_FILES = ['staff-console.html'];
/** Where they go, beside `dist/`. */
const STAFF_PAGES_DIRECTORY = 'dist-staff';

/** @returns {import('astro').AstroIntegration} */
export default function staffPages() {
  return {
    name: 'staff-pages',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const target = join(out, '..', STAFF_PAGES_DIRECTORY);
        await rm(target, { recursive: true, force: true });
        await mkdir(target, { recursive: true });
        for (const file of STAFF_PAGE_FILES) await rename(join(out, file), join(target, file));
        logger.info(
          `${STAFF_PAGE_FILES.join(', ')} moved out of the published folder to ${STAFF_PAGES_DIRECTORY}/`,
        );
      },
    },
  };
}
