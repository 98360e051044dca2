/**
 * The blog posts and case studies a build publishes (DECISIONS 65), newest first: drafts only in
 * `astro dev` and Netlify's previews. Every related course a post names must exist, or the build
 * stops with the post's name.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { courses } from '~/lib/shared/catalogue';
import { draftsShown, published } from '~/lib/shared/publications';

/** Whether this build shows drafts (`CONTEXT` is Netlify's deploy context, set during its builds). */
const showDrafts = draftsShown(import.meta.env.DEV, process.env['CONTEXT']);

export type Post = CollectionEntry<'blog'>;

/** /career/blogs/tag/{tag} and /career/blogs/page/{n}: no post may take these names. */
const RESERVED_SLUGS = ['tag', 'page'];
export type CaseStudy = CollectionEntry<'caseStudies'>;

/** The published posts, newest first. */
export async function blogPosts(): Promise<Post[]> {
  const posts = published(await getCollection('blog'), showDrafts);
  for (const post of posts) {
    if (RESERVED_SLUGS.includes(post.id))
      throw new Error(
        `src/content/blog/${post.id}.md: "${post.id}" is a blog address of its own, rename the file`,
      );
    for (const slug of post.data.courses) {
      if (!courses.some((course) => course.slug === slug))
        throw new Error(
          `src/content/blog/${post.id}.md names the course "${slug}", which courses.json lacks`,
        );
    }
  }
  return posts;
}

/** The published case studies, newest first. */
export async function caseStudies(): Promise<CaseStudy[]> {
  return published(await getCollection('caseStudies'), showDrafts);
}
