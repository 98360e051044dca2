/**
 * Which built pages go into sitemap.xml: the public canonical pages and one page per course.
 * Aliases, the 404 page, the private pages (sign-in, cart, history, invoice) and the
 * `/courses/by-id/{id}` targets of `/coursedetail?cid={id}` stay out.
 */
import { coursePath } from '~/lib/shared/course-pages';
import { courses } from '~/lib/shared/catalogue';
import { canonicalPaths, isPrivatePath } from '~/lib/shared/routes';

/** Paths listed in the sitemap, without a trailing slash (`/` for home). */
export const sitemapPaths: readonly string[] = [
  ...canonicalPaths.filter((path) => !isPrivatePath(path)),
  ...courses.map((course) => coursePath(course)),
];

const listed = new Set(sitemapPaths);

/** Whether the page at this absolute URL belongs in the sitemap (filter of @astrojs/sitemap). */
export function inSitemap(pageUrl: string): boolean {
  const { pathname } = new URL(pageUrl);
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '').replace(/\.html$/, '') : pathname;
  return listed.has(path);
}
