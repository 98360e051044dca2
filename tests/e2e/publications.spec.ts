/**
 * The blog and case studies as built (DECISIONS 65; API.md, Site content and feeds): the RSS feed
 * read by a real XML parser, the sitemap, each page's canonical link, Open Graph card, share image
 * and JSON-LD, and that none of them loads script of its own. Read over HTTP from the served build:
 * no browser is needed to prove these.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import { caseStudySlugs, postSlugs } from './support/publications';

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

async function text(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** The attribute `name` of every tag matching `pattern` in `html`. */
function attributes(html: string, pattern: RegExp, name: string): string[] {
  return [...html.matchAll(pattern)].map(([tag]) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? '');
}

function meta(html: string, property: string): string | undefined {
  const tag = new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html);
  return tag?.[1]?.replace(/&amp;/g, '&');
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    ([, body]) => JSON.parse(body!) as Record<string, unknown>,
  );
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** Module scripts and island components a page loads. */
function scriptsOf(html: string): { modules: number; islands: string[] } {
  return {
    modules: (html.match(/<script[^>]*type="module"/g) ?? []).length,
    islands: attributes(html, /<astro-island[^>]*>/g, 'component-url').sort(),
  };
}

test('the RSS feed is RSS 2.0 with every post, newest first, each with title, link, description, date and author', async ({
  request,
}) => {
  const response = await request.get('/rss.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const feed = xml.parse(await response.text());
  expect(feed.rss['@version']).toBe('2.0');
  const channel = feed.rss.channel;
  expect(channel.title).toBeTruthy();
  expect(new URL(channel.link).pathname).toBe('/career/blogs');
  const items = [channel.item].flat() as Record<string, string>[];
  expect(items.map((item) => new URL(item['link']!).pathname).sort()).toEqual(
    postSlugs.map((slug) => `/career/blogs/${slug}`).sort(),
  );
  const dates = items.map((item) => Date.parse(item['pubDate']!));
  expect(dates.every((date) => !Number.isNaN(date))).toBe(true);
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
  for (const item of items) {
    expect(item['title']!.length).toBeGreaterThan(9);
    expect(item['description']!.length).toBeGreaterThanOrEqual(70);
    // RSS 2.0's author is an e-mail address, the name in brackets.
    expect(item['author']).toMatch(/^\S+@\S+ \(.{3,}\)$/);
  }
});

test('the sitemap lists the blog, every post, every tag listing and every case study, and no share image', async ({
  request,
}) => {
  const index = xml.parse(await text(request, '/sitemap-index.xml'));
  const urls: string[] = [];
  for (const { loc } of [index.sitemapindex.sitemap].flat() as { loc: string }[]) {
    const map = xml.parse(await text(request, new URL(loc).pathname));
    urls.push(...([map.urlset.url].flat() as { loc: string }[]).map((url) => new URL(url.loc).pathname));
  }
  const blogIndex = await text(request, '/career/blogs');
  const tagPaths = [...new Set(attributes(blogIndex, /<a class="topics__tag[^>]*>/g, 'href'))].filter(
    (href) => href.startsWith('/career/blogs/tag/'),
  );
  expect(tagPaths.length).toBeGreaterThan(0);
  expect(urls).toEqual(
    expect.arrayContaining([
      '/career/blogs',
      '/who-we-are/case-studies',
      ...postSlugs.map((slug) => `/career/blogs/${slug}`),
      ...caseStudySlugs.map((slug) => `/who-we-are/case-studies/${slug}`),
      ...tagPaths,
    ]),
  );
  expect(urls.filter((url) => url.endsWith('.png') || url.endsWith('.xml'))).toEqual([]);
  // Each tag listing answers and lists only posts of its tag.
  for (const path of tagPaths) {
    const html = await text(request, path);
    expect(html).toContain(`href="${path}" aria-current="page"`);
  }
});

test('the blog index lists the posts newest first, each card one link to its post', async ({ request }) => {
  const html = await text(request, '/career/blogs');
  const links = attributes(html, /<a class="cover-card__link"[^>]*>/g, 'href');
  expect(links.sort()).toEqual(
    postSlugs
      .slice(0, 12)
      .map((slug) => `/career/blogs/${slug}`)
      .sort(),
  );
  const days = attributes(html, /<time datetime="[^"]*">/g, 'datetime');
  expect(days).toEqual([...days].sort().reverse());
});

for (const [kind, paths, type] of [
  ['post', postSlugs.map((slug) => `/career/blogs/${slug}`), 'BlogPosting'],
  ['case study', caseStudySlugs.map((slug) => `/who-we-are/case-studies/${slug}`), 'Article'],
] as const) {
  test(`every ${kind} has its canonical link, an article Open Graph card with its own 1200 x 630 share image, and ${type} JSON-LD`, async ({
    request,
    baseURL,
  }) => {
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const html = await text(request, path);
      const h1 = /<h1[^>]*>\s*([^<]*?)\s*<\/h1>/.exec(html)?.[1];
      // The build's site is http://localhost:8888 in tests (astro.config), as routes.spec checks.
      expect(attributes(html, /<link rel="canonical"[^>]*>/g, 'href')).toEqual([
        `http://localhost:8888${path}`,
      ]);
      expect(meta(html, 'og:type')).toBe('article');
      expect(meta(html, 'og:url')).toBe(`http://localhost:8888${path}`);
      expect(meta(html, 'og:title')).toContain(h1);
      expect(meta(html, 'og:description')!.length).toBeGreaterThanOrEqual(70);
      expect(meta(html, 'article:published_time')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const image = meta(html, 'og:image')!;
      expect(new URL(image).pathname).toBe(`${path}/og.png`);
      expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')]).toEqual(['1200', '630']);
      const png = await request.get(new URL(image).pathname);
      expect(png.headers()['content-type']).toBe('image/png');
      expect(pngSize(await png.body())).toEqual([1200, 630]);

      const node = jsonLd(html).find((data) => data['@type'] === type);
      expect(node, `${path} ${type}`).toMatchObject({
        '@context': 'https://schema.org',
        url: `http://localhost:8888${path}`,
        headline: h1,
        datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        image: expect.arrayContaining([image]),
        publisher: { '@type': 'Organization' },
        author: { name: expect.any(String) },
      });
      expect(baseURL).toBeTruthy();
    }
  });

  test(`every ${kind} loads no script of its own: no module script, no island beyond every page's`, async ({
    request,
  }) => {
    const plain = scriptsOf(await text(request, '/who-we-are/privacy-policy'));
    for (const path of paths) {
      const html = await text(request, path);
      expect(scriptsOf(html), path).toEqual(plain);
      // Every picture reserves its space: width and height on each <img>.
      for (const tag of html.match(/<img [^>]*>/g) ?? [])
        expect(tag, path).toMatch(/ width="\d+".* height="\d+"|height="\d+".* width="\d+"/);
    }
  });
}

test('the blog index, a tag listing and the case-study index load no script of their own either', async ({
  request,
}) => {
  const plain = scriptsOf(await text(request, '/who-we-are/privacy-policy'));
  for (const path of ['/career/blogs', '/career/blogs/tag/training', '/who-we-are/case-studies'])
    expect(scriptsOf(await text(request, path)), path).toEqual(plain);
});

test("a listing's first-screen picture comes inside the page; no other cover is fetched before the first paint", async ({
  request,
}) => {
  // Issue 42, item 3: the case-study index's largest paint on a phone is its first card's cover.
  const index = await text(request, '/who-we-are/case-studies');
  const pictures = [...index.matchAll(/<picture[^>]*>.*?<\/picture>/gs)].map(([picture]) => picture);
  expect(pictures.length).toBe(caseStudySlugs.length);
  const [first, ...others] = pictures;
  expect(first).toMatch(/<source type="image\/avif" srcset="data:image\/avif;base64,[A-Za-z0-9+/=]+"/);
  expect(attributes(first!, /<img[^>]*>/g, 'loading')).toEqual(['eager']);
  for (const picture of others) expect(attributes(picture, /<img[^>]*>/g, 'loading')).toEqual(['lazy']);
  // A post's cover lies below its banner on a phone: fetched lazily, after the title's paint.
  for (const slug of postSlugs) {
    const post = await text(request, `/career/blogs/${slug}`);
    expect(attributes(post, /<img[^>]*class="post__cover"[^>]*>/g, 'loading'), slug).toEqual(['lazy']);
  }
});
