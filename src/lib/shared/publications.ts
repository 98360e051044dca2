/**
 * What the company publishes (DECISIONS 65): the blog at /career/blogs and the case studies at
 * /who-we-are/case-studies. Addresses, paging, tags, reading time, drafts and the RSS items, as
 * plain functions of the entries' data, so each rule is tested without a build.
 */

/** The blog index; a post is at `/career/blogs/{slug}`. */
export const BLOG_PATH = '/career/blogs';
/** The case-study index; a case study is at `/who-we-are/case-studies/{slug}`. */
export const CASE_STUDIES_PATH = '/who-we-are/case-studies';
/** Posts on one page of the blog index or of a tag's listing. */
export const POSTS_PER_PAGE = 12;
/** Words an adult reads in a minute of plain technical prose (the usual estimate). */
const WORDS_PER_MINUTE = 200;

/** The page of a post: `/career/blogs/{slug}`. */
export function postPath(slug: string): string {
  return `${BLOG_PATH}/${slug}`;
}

/** The page of a case study: `/who-we-are/case-studies/{slug}`. */
export function caseStudyPath(slug: string): string {
  return `${CASE_STUDIES_PATH}/${slug}`;
}

/** The share image (1200 x 630 PNG) drawn at build for a post or case study page. */
export function shareImagePath(pagePath: string): string {
  return `${pagePath}/og.png`;
}

/**
 * A tag as an address segment: `SEO` -> `seo`, `ASP.NET MVC` -> `asp-net-mvc`, `C#` -> `c-sharp`.
 * Tags that differ only in case or punctuation share one listing.
 */
export function tagSlug(tag: string): string {
  const slug = tag
    .normalize('NFKD')
    .toLowerCase()
    .replace(/#/g, ' sharp ')
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug === '') throw new Error(`The tag "${tag}" has no letters or digits to make an address from`);
  return slug;
}

/** The listing of one tag: `/career/blogs/tag/{slug}`. */
export function tagPath(tag: string): string {
  return `${BLOG_PATH}/tag/${tagSlug(tag)}`;
}

/** Page `number` of a listing whose first page is `base`: the base itself, then `{base}/page/{n}`. */
export function listPagePath(base: string, number: number): string {
  return number <= 1 ? base : `${base}/page/${number}`;
}

/** One page of a listing. */
export interface ListPage<T> {
  /** The entries on this page, in listing order. */
  readonly items: readonly T[];
  /** 1 for the first page. */
  readonly number: number;
  /** Number of the last page (1 when everything fits on one). */
  readonly last: number;
  /** This page's address. */
  readonly path: string;
  /** The address of the page before, on every page but the first. */
  readonly prev: string | undefined;
  /** The address of the page after, on every page but the last. */
  readonly next: string | undefined;
}

/**
 * `items` cut into pages of `size` under `base`: always at least one page (an empty listing is one
 * empty page), the first at `base` itself.
 */
export function listPages<T>(items: readonly T[], base: string, size = POSTS_PER_PAGE): ListPage<T>[] {
  if (!Number.isInteger(size) || size < 1)
    throw new Error(`Page size must be a positive integer, not ${size}`);
  const last = Math.max(1, Math.ceil(items.length / size));
  return Array.from({ length: last }, (_, index) => {
    const number = index + 1;
    return {
      items: items.slice(index * size, number * size),
      number,
      last,
      path: listPagePath(base, number),
      prev: number > 1 ? listPagePath(base, number - 1) : undefined,
      next: number < last ? listPagePath(base, number + 1) : undefined,
    };
  });
}

/** The fields every published entry has that ordering and drafts depend on. */
export interface Dated {
  readonly id: string;
  readonly data: { readonly date: Date; readonly draft: boolean };
}

/** Newest first; entries of one day by id, so the order never depends on the file system. */
export function newestFirst<T extends Dated>(entries: readonly T[]): T[] {
  return [...entries].sort(
    (a, b) => b.data.date.getTime() - a.data.date.getTime() || a.id.localeCompare(b.id),
  );
}

/**
 * Whether drafts are built: in `astro dev` and in Netlify's deploy previews and branch deploys
 * (`CONTEXT`), never in a production build or a local `npm run build`.
 */
export function draftsShown(dev: boolean, netlifyContext: string | undefined): boolean {
  return dev || netlifyContext === 'deploy-preview' || netlifyContext === 'branch-deploy';
}

/** The entries a build publishes, newest first: drafts only where {@link draftsShown} says. */
export function published<T extends Dated>(entries: readonly T[], showDrafts: boolean): T[] {
  return newestFirst(entries.filter((entry) => showDrafts || !entry.data.draft));
}

/** A tag with its listing's address and how many entries carry it. */
export interface TagSummary {
  /** The tag as first written (by the newest entry carrying it). */
  readonly name: string;
  readonly slug: string;
  readonly path: string;
  readonly count: number;
}

/** Every tag of `entries` (newest first), alphabetical; spellings that share a slug are one tag. */
export function tagsOf(
  entries: readonly { readonly data: { readonly tags: readonly string[] } }[],
): TagSummary[] {
  const bySlug = new Map<string, { name: string; count: number }>();
  for (const entry of entries) {
    for (const slug of new Set(entry.data.tags.map(tagSlug))) {
      const name = entry.data.tags.find((tag) => tagSlug(tag) === slug)!;
      const known = bySlug.get(slug);
      if (known) known.count += 1;
      else bySlug.set(slug, { name, count: 1 });
    }
  }
  return [...bySlug]
    .map(([slug, { name, count }]) => ({ name, slug, path: `${BLOG_PATH}/tag/${slug}`, count }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** The entries carrying the tag whose slug is `slug`, in the order given. */
export function taggedWith<T extends { readonly data: { readonly tags: readonly string[] } }>(
  entries: readonly T[],
  slug: string,
): T[] {
  return entries.filter((entry) => entry.data.tags.some((tag) => tagSlug(tag) === slug));
}

/**
 * The words of a Markdown body as a reader sees them: code blocks, HTML tags, image syntax, link
 * targets and Markdown punctuation left out.
 */
export function wordCount(markdown: string): number {
  const text = markdown
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[#>*_`|~-]+/g, ' ');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Minutes to read a Markdown body at {@link WORDS_PER_MINUTE}, rounded up, at least 1. */
export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.ceil(wordCount(markdown) / WORDS_PER_MINUTE));
}

/** A post as the RSS feed needs it. */
export interface FeedPost {
  readonly id: string;
  readonly data: {
    readonly title: string;
    readonly description: string;
    readonly author: string;
    readonly date: Date;
  };
}

/** One `<item>` of the RSS feed, in the shape `@astrojs/rss` takes. */
export interface FeedItem {
  readonly title: string;
  readonly link: string;
  readonly description: string;
  readonly pubDate: Date;
  /** RSS 2.0 wants an address: `{e-mail} ({name})`, the company's address with the writer's name. */
  readonly author: string;
}

/** The feed's items: the posts as given (published, newest first), each linking to its page. */
export function feedItems(posts: readonly FeedPost[], origin: URL, email: string): FeedItem[] {
  return posts.map((post) => ({
    title: post.data.title,
    link: new URL(postPath(post.id), origin).href,
    description: post.data.description,
    pubDate: post.data.date,
    author: `${email} (${post.data.author})`,
  }));
}
