/**
 * Published posts and case studies as the build sees them (DECISIONS 65): the content files that are
 * not drafts, so the browser tests follow the content rather than naming one post.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function publishedSlugs(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .filter(
      (name) =>
        !/^draft:\s*true\s*$/m.test(readFileSync(join(folder, name), 'utf8').split(/^---$/m)[1] ?? ''),
    )
    .map((name) => name.replace(/\.md$/, ''))
    .sort();
}

/** Slugs of the published posts (src/content/blog/). */
export const postSlugs = publishedSlugs('src/content/blog');
/** Slugs of the published case studies (src/content/case-studies/). */
export const caseStudySlugs = publishedSlugs('src/content/case-studies');

/** One page of each kind the blog and case studies add, for checks run on a sample. */
export const publicationSamples = [
  `/career/blogs/${postSlugs[0]}`,
  '/career/blogs/tag/training',
  `/who-we-are/case-studies/${caseStudySlugs[0]}`,
];
