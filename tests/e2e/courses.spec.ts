import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { CatalogueFile, Course } from '../../src/lib/shared/schemas/course';
import { centsFromUsd, formatInr, formatUsd } from '../../src/lib/shared/money';
import { aliases, canonicalPaths, isPrivatePath } from '../../src/lib/shared/routes';
import { axeViolationsByWidth, DESKTOP, NO_VIOLATIONS_BY_WIDTH, PHONE } from './support/axe';

const origin = 'http://localhost:8888';
// Playwright's loader cannot import JSON without an import attribute, so read the catalogue file
// (prices in dollars there) and convert the prices to cents as the catalogue module does.
const courses: Course[] = (
  JSON.parse(readFileSync('src/content/courses.json', 'utf8')) as CatalogueFile
).courses.map(({ fees, discountedFees, feesInr, discountedFeesInr, ...course }) => ({
  ...course,
  feesCents: centsFromUsd(fees),
  discountedFeesCents: centsFromUsd(discountedFees),
  feesPaise: centsFromUsd(feesInr),
  discountedFeesPaise: centsFromUsd(discountedFeesInr),
}));

test.describe('training page course cards', () => {
  for (const path of ['/career/training', '/career']) {
    test(`${path} shows the nine catalogue courses linking to /coursedetail?cid={id}`, async ({ page }) => {
      await page.goto(path);
      const cards = page.getByTestId('course-card');
      await expect(cards).toHaveCount(courses.length);
      expect(courses).toHaveLength(9);
      const hrefs = await cards
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(courses.map((course) => `/coursedetail?cid=${course.id}`));
      expect(hrefs).toEqual(Array.from({ length: 9 }, (_, i) => `/coursedetail?cid=${i + 1}`));
      for (const [index, course] of courses.entries()) {
        const card = cards.nth(index);
        await expect(card.getByRole('heading')).toHaveText(course.name);
        // A visitor outside India (playwright.config.ts): dollars large, rupees beside them (issue 42, item 4).
        await expect(card.locator('s:visible')).toHaveText(formatUsd(course.feesCents));
        await expect(card.getByTestId('course-fee')).toHaveText(formatUsd(course.discountedFeesCents));
        await expect(card.getByTestId('course-fee-inr')).toHaveText(formatInr(course.discountedFeesPaise));
        await expect(card).toContainText(course.level);
        await expect(card).toContainText(`${course.durationHours} hours`);
        await expect(card).toContainText(`${new Intl.NumberFormat('en-IN').format(course.review)} reviews`);
        const cover = card.locator('img');
        await expect(cover).toHaveAttribute('src', course.url);
        await expect(cover).toHaveAttribute('alt', course.imageAlt);
        await expect(cover).toHaveAttribute('width', '640');
        await expect(cover).toHaveAttribute('height', '360');
        await expect(cover).toHaveAttribute('loading', 'lazy');
        // Filled in place after the first paint (issue 31): the next open batch's first day.
        await expect(card).toContainText(/Next batch starts \d{1,2} [A-Z][a-z]{2,3} \d{4}|No open batch now/);
      }
    });
  }

  test('each script is written once on the training and course pages (issue 42, item 9: the cards wrote theirs 9 times)', async ({
    request,
  }) => {
    for (const path of ['/career/training', '/career', `/courses/${courses[0]!.slug}`]) {
      const html = await (await request.get(path)).text();
      const scripts = [
        ...html.matchAll(/<script(?![^>]*application\/ld\+json)([^>]*)>([\s\S]*?)<\/script>/g),
      ].map(([, attributes, body]) => /\bsrc="([^"]+)"/.exec(attributes!)?.[1] ?? body!);
      const repeated = scripts.filter((script, index) => scripts.indexOf(script) !== index);
      expect(repeated, path).toEqual([]);
      if (path !== `/courses/${courses[0]!.slug}`) {
        // The cards' next start dates: one script for the nine cards.
        expect(html.match(/<next-batch-start /g), path).toHaveLength(courses.length);
        expect(
          scripts.filter((script) => script.includes('NextStart')),
          path,
        ).toHaveLength(1);
      }
    }
  });

  test('following a card link opens that course at /coursedetail?cid={id}', async ({ page }) => {
    const course = courses[4]!;
    await page.goto('/career/training');
    await page.getByRole('link', { name: course.name }).click();
    await expect(page).toHaveURL(new RegExp(`/coursedetail\\?cid=${course.id}$`));
    await expect(page.locator('h1')).toHaveText(course.name);
    await expect(page.getByTestId('course-fee')).toHaveText(formatUsd(course.discountedFeesCents));
    await expect(page.locator('main s:visible')).toHaveText(formatUsd(course.feesCents));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${origin}/courses/${course.slug}`,
    );
  });
});

test.describe('course pages', () => {
  for (const course of courses) {
    test(`/coursedetail?cid=${course.id} answers 200 with ${course.slug}`, async ({ request }) => {
      const response = await request.get(`/coursedetail?cid=${course.id}`, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(/<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1]).toBe(course.name);
    });
  }

  test('a course page has breadcrumb, outcomes, facts, a contact call to action and unique metadata', async ({
    page,
    request,
  }) => {
    const course = courses[1]!;
    const response = await page.goto(`/courses/${course.slug}`);
    expect(response?.status()).toBe(200);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
    await expect(crumbs).toHaveText(['Home', 'Career', 'Training', course.name]);
    await expect(page.locator('h1')).toHaveText(course.name);
    await expect(page.getByRole('heading', { name: 'What you will learn' })).toBeVisible();
    for (const outcome of course.outcomes) await expect(page.getByText(outcome)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask about this course' })).toHaveAttribute(
      'href',
      `/contact-us?about=${encodeURIComponent(course.name)}`,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${origin}/courses/${course.slug}`,
    );
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const each of courses) {
      const html = await (await request.get(`/courses/${each.slug}`)).text();
      titles.add(/<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '');
      descriptions.add(/<meta name="description" content="([^"]+)"/.exec(html)?.[1] ?? '');
    }
    expect(titles.size).toBe(courses.length);
    expect(descriptions.size).toBe(courses.length);
  });

  test('a course page carries a schema.org Course offered in dollars and rupees, with a CourseInstance per open batch once they load (issue 42, item 9)', async ({
    page,
    request,
  }) => {
    const course = courses[2]!;
    const url = `${origin}/courses/${course.slug}`;
    const courseNode = (blocks: string[]) =>
      blocks
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((each) => each['@type'] === 'Course');
    const offers = [
      { '@type': 'Offer', category: 'Paid', price: course.discountedFeesCents / 100, priceCurrency: 'USD' },
      { '@type': 'Offer', category: 'Paid', price: course.discountedFeesPaise / 100, priceCurrency: 'INR' },
    ];

    // As built: both offers, and the course run online for its hours (the build knows no batch).
    const html = await (await request.get(`/courses/${course.slug}`)).text();
    const built = courseNode(
      [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => match[1]!),
    );
    expect(built).toMatchObject({
      '@context': 'https://schema.org',
      name: course.name,
      description: course.courseOverview,
      provider: { '@type': 'Organization' },
      offers,
      hasCourseInstance: [
        { '@type': 'CourseInstance', courseMode: 'Online', courseWorkload: `PT${course.durationHours}H` },
      ],
    });

    // In the browser, once the batch picker has the open batches: one CourseInstance each.
    await page.goto(`/courses/${course.slug}`);
    await expect(page.locator('batch-picker')).toHaveAttribute('data-state', 'ready');
    const open = (
      (await (await request.get('/api/courses')).json()) as {
        id: number;
        batches: { id: string; startsOn: string }[];
      }[]
    ).find((each) => each.id === course.id)!.batches;
    expect(open.length).toBeGreaterThan(0);
    const node = courseNode(await page.locator('script[type="application/ld+json"]').allTextContents());
    expect(node).toMatchObject({ offers });
    const instances = node?.['hasCourseInstance'] as Record<string, unknown>[];
    expect(instances.map((instance) => instance['@id'])).toEqual(
      open.map((batch) => `${url}#batch-${batch.id}`),
    );
    for (const [index, instance] of instances.entries()) {
      expect(instance).toMatchObject({
        '@type': 'CourseInstance',
        courseMode: 'Online',
        startDate: expect.stringMatching(new RegExp(`^${open[index]!.startsOn}T\\d{2}:\\d{2}:00\\+05:30$`)),
        location: { '@type': 'VirtualLocation', url },
        courseSchedule: { '@type': 'Schedule', repeatFrequency: 'Weekly' },
      });
    }
    const nodes = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
    const organization = nodes.find((each) => each['@type'] === 'Organization');
    expect((node?.['provider'] as Record<string, unknown>)['@id']).toBe(organization?.['@id']);
  });

  for (const path of [
    '/coursedetail?cid=999',
    '/coursedetail',
    '/coursedetail?cid=abc',
    '/courses/no-such-course',
  ]) {
    test(`${path} answers 404 with the noindex not-found page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
      await expect(page.getByRole('status')).toContainText('could not find that page');
    });
  }

  for (const course of courses) {
    test(`/courses/${course.slug} has no axe violations at ${DESKTOP.width} or ${PHONE.width} px`, async ({
      page,
    }) => {
      expect(await axeViolationsByWidth(page, `/courses/${course.slug}`)).toEqual(NO_VIOLATIONS_BY_WIDTH);
    });
  }
});

test.describe('findability', () => {
  async function sitemapLocations(request: APIRequestContext): Promise<string[]> {
    const index = await request.get('/sitemap.xml');
    expect(index.status()).toBe(200);
    const indexXml = await index.text();
    const sitemaps = [...indexXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(sitemaps.length).toBeGreaterThan(0);
    const locations: string[] = [];
    for (const sitemap of sitemaps) {
      const xml = await (await request.get(sitemap)).text();
      locations.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
    }
    return locations;
  }

  test('sitemap.xml lists every public canonical page and course page, and no alias', async ({ request }) => {
    const locations = await sitemapLocations(request);
    // Posts, tag pages and case studies are publications.spec's (they follow the content).
    const paths = locations
      .map((loc) => new URL(loc).pathname)
      .filter((path) => !/^\/(career\/blogs|who-we-are\/case-studies)\/./.test(path));
    const expected = [
      ...canonicalPaths.filter((path) => !isPrivatePath(path)),
      ...courses.map((course) => `/courses/${course.slug}`),
    ];
    expect([...paths].sort()).toEqual([...expected].sort());
    for (const alias of Object.keys(aliases)) expect(paths).not.toContain(alias);
    expect(paths.some((path) => path.startsWith('/courses/by-id/') || path === '/404')).toBe(false);
    for (const loc of locations) expect(loc.startsWith(`${origin}/`)).toBe(true);
  });

  test('robots.txt allows crawling and names the sitemap by absolute URL', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
    const sitemap = /^Sitemap: (\S+)$/m.exec(text)?.[1];
    expect(sitemap).toBe(`${origin}/sitemap-index.xml`);
    const xml = await (await request.get(new URL(sitemap ?? '').pathname)).text();
    expect(xml).toContain('<sitemapindex');
  });
});
