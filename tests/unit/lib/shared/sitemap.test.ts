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

  it('keeps what the company publishes: posts, tag listings, later index pages, case studies (DECISIONS 65)', () => {
    for (const path of [
      '/career/blogs',
      '/career/blogs/gst-basics',
      '/career/blogs/tag/seo',
      '/career/blogs/page/2',
      '/career/blogs/page/12',
      '/career/blogs/tag/warehouse-management/page/2',
      '/who-we-are/case-studies',
      '/who-we-are/case-studies/pharma-distributor-warehouse',
    ])
      expect(inSitemap(`${site}${path}`), path).toBe(true);
  });

  it('leaves out share images, page 1 spelt out, and addresses deeper than a publication', () => {
    for (const path of [
      '/career/blogs/gst-basics/og.png',
      '/who-we-are/case-studies/pharma/og.png',
      '/career/blogs/page/1',
      '/career/blogs/page/0',
      '/career/blogs/tag/seo/extra',
      '/career/blogs/tag',
      '/rss.xml',
    ])
      expect(inSitemap(`${site}${path}`), path).toBe(false);
  });

  it('accepts the trailing-slash and .html spellings of a listed page', () => {
    expect(inSitemap(`${site}/career/training/`)).toBe(true);
    expect(inSitemap(`${site}/career/training.html`)).toBe(true);
  });
});
