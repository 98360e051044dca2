import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { aliases, canonicalPaths, pageId, siteRoutes, type CanonicalPath } from '~/lib/shared/routes';

const specRoutes = [
  '/',
  '/home',
  '/login',
  '/who-we-are',
  '/who-we-are/about-us',
  '/who-we-are/leadership',
  '/who-we-are/case-studies',
  '/who-we-are/privacy-policy',
  '/who-we-are/plan-pricing',
  '/who-we-are/FAQs',
  '/who-we-are/service-terms',
  '/products',
  '/products/warehouse-management',
  '/products/inventory-management',
  '/products/hospital-management',
  '/products/erp',
  '/services',
  '/services/application-services',
  '/services/data-analytics',
  '/services/IoT-engineering',
  '/services/technology-expertise',
  '/services/custom-software-development',
  '/services/digital-marketing',
  '/services/bulk-mail',
  '/services/search-engine-optimization',
  '/career',
  '/career/training',
  '/career/opportunities',
  '/career/blogs',
  '/contact-us',
  '/checkout',
  '/purchasehistory',
  '/invoice',
  // Not in the spec: a refund's GST credit note (issue 28, DECISIONS 49).
  '/credit-note',
  // Not in the spec: the batches a student bought or was enrolled in (issue 31, DECISIONS 56).
  '/my-courses',
  // Not in the spec: the customer's own account (DECISIONS 62-63).
  '/account',
];

describe('site routes', () => {
  it('cover exactly the routes of product-spec section 2', () => {
    expect(siteRoutes.map((route) => route.path).sort()).toEqual([...specRoutes].sort());
  });

  it('map the aliases the issue names to their targets (the blog is its own page since DECISIONS 65)', () => {
    expect(aliases).toEqual({
      '/home': '/',
      '/who-we-are': '/who-we-are/about-us',
      '/who-we-are/plan-pricing': '/contact-us',
      '/who-we-are/FAQs': '/contact-us',
      '/products': '/products/warehouse-management',
      '/services': '/services/application-services',
      '/career': '/career/training',
      '/career/opportunities': '/career/training',
    });
  });

  // A route with no page file of its own is served by src/pages/[...slug].astro, which shows its
  // (or its alias target's) content entry; routes.spec.ts checks that each one answers 200.
  it('give every canonical page a content entry and every route a page file or a plain content page', () => {
    for (const path of canonicalPaths) {
      expect(existsSync(`src/content/pages/${pageId(path)}.md`), path).toBe(true);
    }
    for (const { path, canonical } of siteRoutes) {
      const file = path === '/' ? 'src/pages/index.astro' : `src/pages${path}.astro`;
      expect(
        existsSync(file) || existsSync(`src/content/pages/${pageId(canonical as CanonicalPath)}.md`),
        file,
      ).toBe(true);
    }
    expect(existsSync('src/pages/[...slug].astro')).toBe(true);
  });

  it('derive content ids from paths', () => {
    expect(pageId('/')).toBe('home');
    expect(pageId('/services/IoT-engineering')).toBe('services/IoT-engineering');
  });
});
