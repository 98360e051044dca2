/**
 * The blog's and case studies' rules (DECISIONS 65) as plain functions: addresses, tags, paging at
 * twelve, newest first, drafts only in previews, reading time and the RSS items.
 */
import { describe, expect, it } from 'vitest';
import {
  BLOG_PATH,
  caseStudyPath,
  draftsShown,
  feedItems,
  listPagePath,
  listPages,
  newestFirst,
  POSTS_PER_PAGE,
  postPath,
  published,
  readingMinutes,
  shareImagePath,
  taggedWith,
  tagPath,
  tagsOf,
  tagSlug,
  wordCount,
} from '~/lib/shared/publications';

function entry(id: string, date: string, options: { draft?: boolean; tags?: string[] } = {}) {
  return {
    id,
    data: {
      date: new Date(date),
      draft: options.draft ?? false,
      tags: options.tags ?? ['Training'],
      title: `Title of ${id}`,
      description: `What ${id} is about.`,
      author: 'Arjun Bhide',
    },
  };
}

describe('addresses', () => {
  it('put posts under the blog, case studies under who-we-are, share images beside each page', () => {
    expect(postPath('gst-basics')).toBe('/career/blogs/gst-basics');
    expect(caseStudyPath('pharma')).toBe('/who-we-are/case-studies/pharma');
    expect(shareImagePath(postPath('gst-basics'))).toBe('/career/blogs/gst-basics/og.png');
  });

  it('give page 1 of a listing its base address and later pages /page/{n}', () => {
    expect(listPagePath(BLOG_PATH, 1)).toBe('/career/blogs');
    expect(listPagePath(BLOG_PATH, 2)).toBe('/career/blogs/page/2');
    expect(listPagePath('/career/blogs/tag/seo', 3)).toBe('/career/blogs/tag/seo/page/3');
  });
});

describe('tag slugs', () => {
  it('are lower-case words joined by hyphens', () => {
    expect(tagSlug('SEO')).toBe('seo');
    expect(tagSlug('Warehouse Management')).toBe('warehouse-management');
    expect(tagSlug('ASP.NET MVC')).toBe('asp-net-mvc');
    expect(tagSlug('  GST / E-invoicing ')).toBe('gst-e-invoicing');
    expect(tagPath('Digital Marketing')).toBe('/career/blogs/tag/digital-marketing');
  });

  it('keep C# and C++ apart from C', () => {
    expect(tagSlug('C#')).toBe('c-sharp');
    expect(tagSlug('C++')).toBe('c-plus-plus');
    expect(tagSlug('C')).toBe('c');
  });

  it('refuse a tag with nothing to make an address from', () => {
    expect(() => tagSlug('--')).toThrow(/no letters or digits/);
  });
});

describe('paging', () => {
  const items = Array.from({ length: 25 }, (_, index) => index);

  it('cuts twelve to a page, the last page holding the rest', () => {
    const pages = listPages(items, BLOG_PATH);
    expect(POSTS_PER_PAGE).toBe(12);
    expect(pages.map((page) => page.items.length)).toEqual([12, 12, 1]);
    expect(pages.map((page) => page.path)).toEqual([
      '/career/blogs',
      '/career/blogs/page/2',
      '/career/blogs/page/3',
    ]);
    expect(pages.every((page) => page.last === 3)).toBe(true);
    expect(pages.flatMap((page) => page.items)).toEqual(items);
  });

  it('links each page to its neighbours, none before the first or after the last', () => {
    const [first, second, third] = listPages(items, BLOG_PATH);
    expect([first!.prev, first!.next]).toEqual([undefined, '/career/blogs/page/2']);
    expect([second!.prev, second!.next]).toEqual(['/career/blogs', '/career/blogs/page/3']);
    expect([third!.prev, third!.next]).toEqual(['/career/blogs/page/2', undefined]);
  });

  it('makes one page of exactly twelve, and one empty page of nothing', () => {
    expect(listPages(items.slice(0, 12), BLOG_PATH)).toHaveLength(1);
    expect(listPages([], BLOG_PATH)).toEqual([
      { items: [], number: 1, last: 1, path: BLOG_PATH, prev: undefined, next: undefined },
    ]);
  });

  it('refuses a page size that is not a positive whole number', () => {
    expect(() => listPages(items, BLOG_PATH, 0)).toThrow();
    expect(() => listPages(items, BLOG_PATH, 2.5)).toThrow();
  });
});

describe('order and drafts', () => {
  const entries = [
    entry('b-older', '2026-08-18'),
    entry('draft', '2026-11-20', { draft: true }),
    entry('newest', '2026-11-17'),
    entry('a-older', '2026-08-18'),
  ];

  it('lists newest first, one day by id', () => {
    expect(newestFirst(entries).map((e) => e.id)).toEqual(['draft', 'newest', 'a-older', 'b-older']);
  });

  it('leaves drafts out unless drafts are shown', () => {
    expect(published(entries, false).map((e) => e.id)).toEqual(['newest', 'a-older', 'b-older']);
    expect(published(entries, true).map((e) => e.id)).toContain('draft');
  });

  it('shows drafts in astro dev and Netlify previews only, never in production or a local build', () => {
    expect(draftsShown(true, undefined)).toBe(true);
    expect(draftsShown(false, 'deploy-preview')).toBe(true);
    expect(draftsShown(false, 'branch-deploy')).toBe(true);
    expect(draftsShown(false, 'production')).toBe(false);
    expect(draftsShown(false, undefined)).toBe(false);
  });
});

describe('tags of the posts', () => {
  const entries = [
    entry('one', '2026-11-01', { tags: ['SEO', 'Digital Marketing'] }),
    entry('two', '2026-10-01', { tags: ['seo'] }),
    entry('three', '2026-09-01', { tags: ['ERP', 'GST'] }),
  ];

  it('are listed alphabetically with counts, spellings of one slug counted once', () => {
    expect(tagsOf(entries)).toEqual([
      {
        name: 'Digital Marketing',
        slug: 'digital-marketing',
        path: '/career/blogs/tag/digital-marketing',
        count: 1,
      },
      { name: 'ERP', slug: 'erp', path: '/career/blogs/tag/erp', count: 1 },
      { name: 'GST', slug: 'gst', path: '/career/blogs/tag/gst', count: 1 },
      { name: 'SEO', slug: 'seo', path: '/career/blogs/tag/seo', count: 2 },
    ]);
  });

  it('select the posts of one tag, in the order given', () => {
    expect(taggedWith(entries, 'seo').map((e) => e.id)).toEqual(['one', 'two']);
    expect(taggedWith(entries, 'careers')).toEqual([]);
  });
});

describe('reading time', () => {
  it('counts the words a reader reads, not Markdown, links or code', () => {
    expect(wordCount('## A heading\n\nSome **bold** text and a [link to us](/contact-us).')).toBe(10);
    expect(wordCount('Before\n\n```js\nconst hidden = 1;\n```\n\nafter ![a picture](/x.png) - done')).toBe(3);
    expect(wordCount('---\ntitle: x\n---\nOne two')).toBe(2);
  });

  it('is words / 200, rounded up, at least one minute', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(200))).toBe(1);
    expect(readingMinutes('word '.repeat(201))).toBe(2);
    expect(readingMinutes('word '.repeat(900))).toBe(5);
  });
});

describe('RSS items', () => {
  it('carry title, absolute link, description, date and the writer as an RSS 2.0 address', () => {
    const origin = new URL('https://www.example.in');
    const [item] = feedItems([entry('gst-basics', '2026-11-17')], origin, 'hello@example.in');
    expect(item).toEqual({
      title: 'Title of gst-basics',
      link: 'https://www.example.in/career/blogs/gst-basics',
      description: 'What gst-basics is about.',
      pubDate: new Date('2026-11-17'),
      author: 'hello@example.in (Arjun Bhide)',
    });
  });

  it('keep the order they are given (the published order, newest first)', () => {
    const posts = published([entry('old', '2026-01-01'), entry('new', '2026-02-01')], false);
    expect(feedItems(posts, new URL('https://x.in'), 'a@x.in').map((item) => item.title)).toEqual([
      'Title of new',
      'Title of old',
    ]);
  });
});
