// @ts-check
import { defineConfig } from 'astro/config';
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import clientIntent from './integrations/client-intent.mjs';
import cspHeaders from './integrations/csp-headers.mjs';
import contentEditor from './integrations/keystatic.mjs';
import staffPages from './integrations/staff-pages.mjs';
import { assertSiteConfig } from './src/lib/shared/schemas/site-config.ts';
import { inSitemap } from './src/lib/shared/sitemap.ts';
import { site as company } from './src/site.config.ts';

// The company's facts meet the rules the code depends on, or nothing is built (issue 17, item 2).
assertSiteConfig(company);

/** Public origin used for canonical URLs, Open Graph and the sitemap. */
const site = process.env.URL ?? process.env.SITE_URL ?? 'http://localhost:8888';

export default defineConfig({
  site,
  output: 'static',
  // `/who-we-are/about-us` is served from `who-we-are/about-us.html`: no trailing-slash redirects.
  trailingSlash: 'never',
  // Every page's CSS is inlined into its HTML (about 6 KB gzipped): on a slow phone network each
  // render-blocking stylesheet costs a round trip before the first paint (issue 20, bench:pages).
  build: { format: 'file', inlineStylesheets: 'always' },
  // The sitemap lists canonical pages and course pages only (no aliases, no 404). staffPages runs
  // last: the console shell leaves dist/ once its inline scripts are in the CSP. contentEditor adds
  // /keystatic only in `astro dev` or with its GitHub settings (DECISIONS 64).
  integrations: [
    react(),
    clientIntent(),
    contentEditor(),
    sitemap({ filter: inSitemap }),
    cspHeaders(),
    staffPages(),
  ],
  adapter: netlify({
    imageCDN: false,
    // Offline by design: no linked site, no edge functions, no image CDN in `astro dev`.
    devFeatures: { edgeFunctions: false, images: false, environmentVariables: false },
  }),
  vite: {
    // Scripts and assets under 4 KB are inlined (Vite's default): a small module file would be one
    // more round trip before the first paint (issue 20). integrations/csp-headers.mjs hashes every
    // inline script into the CSP, so nothing is allowed that the build did not write.
    build: { assetsInlineLimit: 4096 },
  },
});
