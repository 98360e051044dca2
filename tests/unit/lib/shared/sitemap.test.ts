import { describe, expect, it } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { aliases, canonicalPaths, privatePaths } from '~/lib/shared/routes';
import { inSitemap, sitemapPaths } from '~/lib/shared/sitemap';

const site = 'https://example.in';

describe('sitemap filter', () => {
  it('keeps every public canonical page and every course page', () => {
    const publicPaths = canonicalPaths.filter((path) => !privatePaths.includes(path));
    for (const path of publicPaths) expect(inSitemap(new URL(path, site).href), path).toBe(true);
    for (const course of courses) expect(inSitemap(`${site}/courses/${course.slug}`)).toBe(true);
    expect(sitemapPaths).toHaveLength(publicPaths.length + courses.length);
  });

  it('leaves out the sign-in, checkout, history, invoice, credit note, My courses and account pages', () => {
    expect([...privatePaths].sort()).toEqual([
      '/account',
      '/checkout',
      '/credit-note',
      '/invoice',
      '/login',
      '/my-courses',
      '/purchasehistory',
    ]);
    for (const path of privatePaths) expect(inSitemap(`${site}${path}`), path).toBe(false);
  });

  it('leaves out aliases, the 404 page and the /courses/by-id targets', () => {
    for (const alias of Object.keys(aliases)) expect(inSitemap(`${site}${alias}`), alias).toBe(false);
    expect(inSitemap(`${site}/404`)).toBe(false);
    expect(inSitemap(`${site}/courses/by-id/1`)).toBe(false);
    expect(inSitemap(`${site}/robots.txt`)).toBe(false);
  });

  it('accepts the trailing-slash and .html spellings of a listed page', () => {
    expect(inSitemap(`${site}/career/training/`)).toBe(true);
    expect(inSitemap(`${site}/career/training.html`)).toBe(true);
  });
});
