/**
 * Every address of the site (product-spec section 2). A page is served at `path`; an alias shows
 * the content of `canonical` and points search engines to it with a canonical link.
 */
export interface SiteRoute {
  /** Address as the visitor types it, without a trailing slash. */
  readonly path: string;
  /** Address whose content this route shows; equals `path` for a canonical page. */
  readonly canonical: string;
}

/** Canonical pages: one content entry each (`src/content/pages/<path>.md`, `/` is `home`). */
export const canonicalPaths = [
  '/',
  '/login',
  '/who-we-are/about-us',
  '/who-we-are/leadership',
  '/who-we-are/case-studies',
  '/who-we-are/privacy-policy',
  '/who-we-are/service-terms',
  '/products/warehouse-management',
  '/products/inventory-management',
  '/products/hospital-management',
  '/products/erp',
  '/services/application-services',
  '/services/data-analytics',
  '/services/IoT-engineering',
  '/services/technology-expertise',
  '/services/custom-software-development',
  '/services/digital-marketing',
  '/services/bulk-mail',
  '/services/search-engine-optimization',
  '/career/training',
  // The blog's index (DECISIONS 65); its posts, tags and further pages are under it.
  '/career/blogs',
  '/contact-us',
  '/checkout',
  '/purchasehistory',
  '/invoice',
  '/credit-note',
  '/my-courses',
  '/account',
] as const;

export type CanonicalPath = (typeof canonicalPaths)[number];

/**
 * Pages about one signed-in person (sign-in, cart, history, invoice, credit note, My courses, Your
 * account): nothing for a search engine, so they are `noindex` and left out of the sitemap.
 */
export const privatePaths: readonly CanonicalPath[] = [
  '/login',
  '/checkout',
  '/purchasehistory',
  '/invoice',
  '/credit-note',
  '/my-courses',
  '/account',
];

/** True for a page that must not be indexed. */
export function isPrivatePath(path: string): boolean {
  return (privatePaths as readonly string[]).includes(path);
}

/** Aliases kept from the original site, each showing another page's content. */
export const aliases: Readonly<Record<string, CanonicalPath>> = {
  '/home': '/',
  '/who-we-are': '/who-we-are/about-us',
  '/who-we-are/plan-pricing': '/contact-us',
  '/who-we-are/FAQs': '/contact-us',
  '/products': '/products/warehouse-management',
  '/services': '/services/application-services',
  '/career': '/career/training',
  '/career/opportunities': '/career/training',
};

/** All routes of the site, canonical pages first. */
export const siteRoutes: readonly SiteRoute[] = [
  ...canonicalPaths.map((path) => ({ path, canonical: path })),
  ...Object.entries(aliases).map(([path, canonical]) => ({ path, canonical })),
];

/** The content-collection id of a canonical page: its path without the leading slash. */
export function pageId(path: CanonicalPath): string {
  return path === '/' ? 'home' : path.slice(1);
}

/** The query parameter that carries what a visitor asks about to the contact form (issue 23, item 9). */
export const ASK_ABOUT_PARAM = 'about';

/** The contact page, its message started with `About <subject>: ` ("Ask about this course", "Get Quote"). */
export function askAbout(subject: string): string {
  return `/contact-us?${ASK_ABOUT_PARAM}=${encodeURIComponent(subject)}`;
}

/** How the contact form's message starts when the visitor came to ask about `subject`. */
export function messageAbout(subject: string): string {
  return `About ${subject.trim().slice(0, 120)}: `;
}

/** Where a content action links: its path, carrying its `about` subject to the contact page. */
export function actionHref(action: { readonly href: string; readonly about?: string | undefined }): string {
  return action.about ? askAbout(action.about) : action.href;
}
