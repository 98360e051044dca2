import { expect, test, type Page } from '@playwright/test';
import { site } from '../../src/site.config';
import { axeViolations } from './support/axe';
import { finishedAnimations, hydrated, nextFrames } from './support/islands';

/** The four counters of product-spec section 9, in page order. */
const COUNTERS = ['5090', '3090', '2050', '9000'];
/** Longer than one autoplay interval (5000 ms) plus the slide animation. */
const MORE_THAN_ONE_INTERVAL_MS = 6500;

const carousel = (page: Page) => page.locator('[aria-roledescription="carousel"]');
const activeSlide = (page: Page) => carousel(page).locator('.swiper-slide-active');

/** Opens the home page, wakes the slider's island as a pointer would, and waits for Swiper. */
async function openWithSlider(page: Page): Promise<void> {
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('.carousel[data-ready]')).toBeAttached();
}

test.describe('home slider', () => {
  test('is a labelled carousel of three slides labelled "n of 3"', async ({ page }) => {
    await openWithSlider(page);
    await expect(carousel(page)).toHaveAttribute('aria-label', /.+/);
    const slides = carousel(page).locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(3);
    for (const [index, slide] of (await slides.all()).entries()) {
      await expect(slide).toHaveAttribute('aria-label', `${index + 1} of 3`);
      await expect(slide.getByRole('link', { name: /^Order Now/ })).toHaveCount(1);
    }
  });

  test('works by keyboard: buttons and arrow keys change the slide, Enter pauses', async ({ page }) => {
    await openWithSlider(page);
    const next = page.getByRole('button', { name: 'Next slide' });
    const previous = page.getByRole('button', { name: 'Previous slide' });
    // Focus inside the slider pauses rotation, so only the keys move it from here on.
    await next.focus();
    await expect(activeSlide(page)).toHaveAttribute('aria-label', '1 of 3');
    await page.keyboard.press('Enter');
    await expect(activeSlide(page)).toHaveAttribute('aria-label', '2 of 3');
    await page.keyboard.press('ArrowRight');
    await expect(activeSlide(page)).toHaveAttribute('aria-label', '3 of 3');
    await page.keyboard.press('ArrowLeft');
    await expect(activeSlide(page)).toHaveAttribute('aria-label', '2 of 3');
    await previous.focus();
    await page.keyboard.press('Space');
    await expect(activeSlide(page)).toHaveAttribute('aria-label', '1 of 3');
    // From the first slide, "previous" wraps to the last.
    await page.keyboard.press('Enter');
    await expect(activeSlide(page)).toHaveAttribute('aria-label', '3 of 3');

    const toggle = page.getByRole('button', { name: 'Pause automatic slide show' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Play automatic slide show' })).toBeFocused();
    await expect(page.locator('.carousel')).toHaveAttribute('data-rotation', 'stopped');
  });

  // Issue 42, item 1: React and Swiper load on the visitor's first touch of the slider; until then
  // <carousel-autoplay> (a few hundred bytes) turns it, and Swiper carries on from where it stood.
  test('rotates before any touch without loading its island, and Swiper goes on from that slide', async ({
    page,
  }) => {
    await page.clock.install();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    const island = page.locator('astro-island:has(.carousel)');
    const islandCode = [
      await island.getAttribute('component-url'),
      await island.getAttribute('renderer-url'),
    ];
    expect(islandCode.every(Boolean)).toBe(true);
    const row = page.locator('.carousel .swiper');
    const scrolled = () => row.evaluate((element) => Math.round(element.scrollLeft));
    expect(await scrolled()).toBe(0);
    // Pause is there from the start: a press on it is held until the island has loaded.
    await expect(page.getByRole('button', { name: 'Pause automatic slide show' })).toBeVisible();

    await page.clock.runFor(MORE_THAN_ONE_INTERVAL_MS);
    const slideStep = await row.evaluate(
      (element) => element.querySelector<HTMLElement>('.swiper-slide')!.offsetWidth + 24,
    );
    await expect.poll(scrolled).toBe(slideStep);
    expect(scripts.filter((path) => islandCode.includes(path))).toEqual([]);

    await hydrated(page);
    await expect(page.locator('.carousel[data-ready]')).toBeAttached();
    expect(scripts).toEqual(expect.arrayContaining(islandCode));
    await expect(activeSlide(page)).toHaveAttribute('aria-label', '2 of 3');
    expect(await scrolled()).toBe(0);
    await expect(activeSlide(page)).toBeInViewport({ ratio: 0.9 });
    await page.clock.runFor(MORE_THAN_ONE_INTERVAL_MS);
    await expect(activeSlide(page)).toHaveAttribute('aria-label', '3 of 3');
  });

  // The page's clock is Playwright's, as in the leadership carousel's tests: the intervals pass
  // at once instead of in real time.
  test('rotates by itself and pauses on hover and on focus', async ({ page }) => {
    await page.clock.install();
    await openWithSlider(page);
    const slider = page.locator('.carousel');
    await expect(slider).toHaveAttribute('data-rotation', 'running');
    await page.clock.runFor(MORE_THAN_ONE_INTERVAL_MS);
    await expect(activeSlide(page)).toHaveAttribute('aria-label', '2 of 3');

    await carousel(page).hover();
    await expect(slider).toHaveAttribute('data-rotation', 'paused');
    const whileHovered = await activeSlide(page).getAttribute('aria-label');
    await page.clock.runFor(MORE_THAN_ONE_INTERVAL_MS);
    await expect(activeSlide(page)).toHaveAttribute('aria-label', whileHovered ?? '');

    await page.mouse.move(5, 5);
    await expect(slider).toHaveAttribute('data-rotation', 'running');
    await page.getByRole('button', { name: 'Next slide' }).focus();
    await expect(slider).toHaveAttribute('data-rotation', 'paused');
    const whileFocused = await activeSlide(page).getAttribute('aria-label');
    await page.clock.runFor(MORE_THAN_ONE_INTERVAL_MS);
    await expect(activeSlide(page)).toHaveAttribute('aria-label', whileFocused ?? '');

    await page.locator('h1').click();
    await expect(slider).toHaveAttribute('data-rotation', 'running');
  });

  for (const width of [1280, 375]) {
    test(`has no axe violations once Swiper runs and after a slide change (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await openWithSlider(page);
      await page.getByRole('button', { name: 'Next slide' }).click();
      await expect(activeSlide(page)).toHaveAttribute('aria-label', '2 of 3');
      expect(await axeViolations(page, { include: '.carousel' })).toEqual([]);
    });
  }

  test('starts without moving anything (no layout shift)', async ({ page }) => {
    await openWithSlider(page);
    // Once the fonts are in and the slider's first frames are drawn, every shift of the start is
    // in the buffer the observer reads.
    await page.evaluate(() => document.fonts.ready);
    await finishedAnimations(page);
    await nextFrames(page);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list, observer) => {
            observer.disconnect();
            resolve(
              list
                .getEntries()
                .reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0),
            );
          }).observe({ type: 'layout-shift', buffered: true });
          // No shift at all: the buffered callback never comes; two frames later say so.
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(0)));
        }),
    );
    expect(shift).toBe(0);
  });
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the slider never rotates by itself and the counters show their final numbers', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    // Neither before its island has loaded ...
    await page.clock.runFor(MORE_THAN_ONE_INTERVAL_MS);
    expect(await page.locator('.carousel .swiper').evaluate((row) => row.scrollLeft)).toBe(0);
    // ... nor after.
    await hydrated(page);
    await expect(page.locator('.carousel')).toHaveAttribute('data-rotation', 'stopped');
    await expect(page.getByRole('button', { name: 'Play automatic slide show' })).toBeVisible();
    await expect(page.locator('count-up')).toHaveText(COUNTERS);
    await page.clock.runFor(MORE_THAN_ONE_INTERVAL_MS);
    await expect(activeSlide(page)).toHaveAttribute('aria-label', '1 of 3');
  });
});

test('the hero leads to the products and to a person; the contact strip gives the office hours', async ({
  page,
}) => {
  await page.goto('/');
  const hero = page.locator('.home-hero');
  await expect(hero.getByRole('link', { name: 'Explore our products' })).toHaveAttribute('href', '/products');
  await expect(hero.getByRole('link', { name: 'Talk to us' })).toHaveAttribute('href', '/contact-us');
  await expect(
    page.getByText(`Call our Pune office ${site.officeHours}, or write to us at any time.`),
  ).toBeVisible();
});

test.describe('counters', () => {
  test('count up once scrolled into view and end at exactly 5090, 3090, 2050, 9000', async ({ page }) => {
    await page.goto('/');
    const counters = page.locator('count-up');
    // Below the fold they wait at zero.
    await expect(counters).toHaveText(['0', '0', '0', '0']);
    await counters.first().scrollIntoViewIfNeeded();
    await expect(counters).toHaveText(COUNTERS);
    for (const counter of await counters.all()) await expect(counter).toHaveAttribute('data-state', 'done');
  });

  test('without JavaScript the final numbers, the first slide and all copy are there', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('count-up')).toHaveText(COUNTERS);
    const firstSlide = page.locator('[aria-roledescription="slide"]').first();
    await expect(firstSlide.getByRole('link', { name: /^Order Now/ })).toBeInViewport();
    await expect(page.locator('h1 ~ p')).toHaveCount(1);
    await context.close();
  });
});

test.describe('home sections', () => {
  test('Read More, Get Quote, Order Now and Start Free Trial links all answer 200', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const readMore = page.getByRole('link', { name: /^Read More/ });
    await expect(readMore).toHaveCount(4);
    expect(await Promise.all((await readMore.all()).map((link) => link.getAttribute('href')))).toEqual([
      '/products/warehouse-management',
      '/products/hospital-management',
      '/products/erp',
      '/products/inventory-management',
    ]);
    const getQuote = page.getByRole('link', { name: /^Get Quote/ });
    await expect(getQuote).toHaveCount(4);
    // Each carries its product to the contact form (issue 23, item 9).
    expect(
      (await Promise.all((await getQuote.all()).map((link) => link.getAttribute('href')))).sort(),
    ).toEqual(
      ['Warehouse Management', 'Inventory Management', 'Hospital Management', 'ERP']
        .map((name) => `/contact-us?about=${encodeURIComponent(name)}`)
        .sort(),
    );
    const others = page.getByRole('link', { name: /^(Order Now|Start Free Trial)/ });
    await expect(others).toHaveCount(4);

    const hrefs = new Set<string>();
    for (const link of [...(await readMore.all()), ...(await getQuote.all()), ...(await others.all())]) {
      hrefs.add((await link.getAttribute('href')) ?? '');
    }
    for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
  });

  test('the sections are all there: industries, SEO, nine reasons, contact strip, four products', async ({
    page,
  }) => {
    await page.goto('/');
    for (const name of ['Logistics', 'Healthcare', 'Manufacturing', 'Retail']) {
      await expect(page.getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
    }
    await expect(page.getByText('What Is SEO', { exact: true })).toBeVisible();
    const why = page.locator('section', { has: page.getByText('Why Choose Us', { exact: true }) });
    await expect(why.getByRole('listitem')).toHaveCount(9);
    await expect(page.locator(`main a[href="tel:${site.phones[0].e164}"]`)).toContainText(
      site.phones[0].display,
    );
    await expect(page.locator(`main a[href="mailto:${site.email}"]`)).toBeVisible();
    const products = page.locator('section', { has: page.getByText('Our Products', { exact: true }) });
    for (const name of ['Warehouse Management', 'Inventory Management', 'Hospital Management', 'ERP']) {
      const card = products
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name, exact: true }) });
      await expect(card.locator('ul li')).not.toHaveCount(0);
    }
  });
});
