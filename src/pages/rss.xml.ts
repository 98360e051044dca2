/** The blog's RSS 2.0 feed, /rss.xml (DECISIONS 65; API.md, Site content and feeds): newest first. */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { blogText } from '~/content/ui/site';
import { blogPosts } from '~/lib/build/publications';
import { BLOG_PATH, feedItems } from '~/lib/shared/publications';
import { site as company } from '~/site.config';

export const GET: APIRoute = async ({ site }) => {
  const origin = new URL(site ?? 'http://localhost:8888');
  return rss({
    title: blogText.feedTitle,
    description: blogText.feedDescription,
    site: new URL(BLOG_PATH, origin).href,
    items: feedItems(await blogPosts(), origin, company.email),
    customData: '<language>en-IN</language>',
    // Addresses have no trailing slash (astro.config trailingSlash 'never').
    trailingSlash: false,
  });
};
