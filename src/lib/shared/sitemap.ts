/**
 * Which built pages go into sitemap.xml: the public canonical pages, one page per course, and what
 * the company publishes (DECISIONS 65): posts, tag listings, further pages of the blog index, and
 * case studies. Aliases, the 404 page, the private pages (sign-in, cart, history, invoice) and the
 * `/courses/by-id/{id}` targets of `/coursedetail?cid={id}` stay out.
 */
import { coursePath } from '~/lib/shared/course-pages';
import { courses } from '~/lib/shared/catalogue';
import { BLOG_PATH, CASE_STUDIES_PATH } from '~/lib/shared/publications';
import { canonicalPaths, isPrivatePath } from '~/lib/shared/routes';

/** Paths listed in the sitemap, without a trailing slash (`/` for home). */
export const sitemapPaths: readonly string[] = [
  ...canonicalPaths.filter((path) => !isPrivatePath(path)),
  ...courses.map((course) => coursePath(course)),
];

const listed = new Set(sitemapPaths);

const segment = String.raw`[A-Za-z0-9][\w-]*`;
/**
 * Pages built from the blog and case-study collections. The sitemap is written after the build, so
 * only what was built (no drafts in production) can match; this config-time filter cannot read the
 * collections, so it knows them by address: a post, a tag, page n of a listing, a case study
 * (`tag` and `page` are not post slugs: src/lib/build/publications.ts refuses them).
 */
const publicationPage = new RegExp(
  String.raw`^(?:${BLOG_PATH}/(?:(?!(?:tag|page)$)${segment}|(?:tag/${segment}/)?page/(?:[2-9]|[1-9]\d+)|tag/${segment})|${CASE_STUDIES_PATH}/${segment})$`,
);

/** Whether the page at this absolute URL belongs in the sitemap (filter of @astrojs/sitemap). */
export function inSitemap(pageUrl: string): boolean {
  const { pathname } = new URL(pageUrl);
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '').replace(/\.html$/, '') : pathname;
  return listed.has(path) || publicationPage.test(path);
}
