import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe';
import { hydrated } from './support/islands';

test.describe('who we are', () => {
  for (const path of ['/who-we-are/about-us', '/who-we-are']) {
    test(`${path} clears the stored nav item on load and has the spec's sections`, async ({ page }) => {
      await page.goto('/contact-us');
      await page.evaluate(() => localStorage.setItem('navfor', 'Products'));
      await page.goto(path);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('navfor'))).toBeNull();
      const sections = await page.getByRole('main').locator('h2').allTextContents();
      for (const name of [
        'Who We Are',
        'People',
        'Teamwork',
        'Business Values and Ethics',
        'Quality',
        'Why Choose Us',
      ]) {
        expect(sections).toContain(name);
      }
    });
  }

  test('terms of service state the spec figures exactly', async ({ page }) => {
    await page.goto('/who-we-are/service-terms');
    const text = (await page.getByRole('main').textContent()) ?? '';
    for (const figure of [
      '7 days',
      'non-refundable',
      '20 days',
      'six weeks',
      '10%',
      'two months',
      'Rs 1000',
      '2 hours per month',
    ]) {
      expect(text, figure).toContain(figure);
    }
  });

  test('the privacy policy names the four kinds of data', async ({ page }) => {
    await page.goto('/who-we-are/privacy-policy');
    const text = ((await page.getByRole('main').textContent()) ?? '').toLowerCase();
    for (const kind of [
      'contact information',
      'account information',
      'usage information',
      'payment information',
    ]) {
      expect(text).toContain(kind);
    }
  });
});

test.describe('leadership carousel', () => {
  test('four people with names, designations, portraits and bios', async ({ page }) => {
    await page.goto('/who-we-are/leadership');
    const carousel = page.getByRole('region', { name: 'Meet the team' });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const cards = carousel.locator('.team-card');
    await expect(cards).toHaveCount(4);
    for (const card of await cards.all()) {
      await expect(card.getByRole('heading', { level: 3 })).not.toBeEmpty();
      await expect(card.locator('img')).toHaveAttribute('src', /^\/images\/team\/.+\.svg$/);
      expect(((await card.locator('.team-card__bio').textContent()) ?? '').length).toBeGreaterThan(80);
    }
  });

  for (const [width, perView] of [
    [1280, 3],
    [800, 2],
    [375, 1],
  ] as const) {
    test(`shows ${perView} at a time at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/who-we-are/leadership');
      await hydrated(page);
      const carousel = page.getByRole('region', { name: 'Meet the team' });
      await expect(carousel.locator('.swiper-initialized')).toHaveCount(1);
      const inView = await carousel.locator('.swiper-slide').evaluateAll((slides) => {
        const frame = slides[0]!.closest('.swiper')!.getBoundingClientRect();
        return slides.filter((slide) => {
          const box = slide.getBoundingClientRect();
          return box.left >= frame.left - 1 && box.right <= frame.right + 1;
        }).length;
      });
      expect(inView).toBe(perView);
    });
  }

  test('next and previous work by keyboard; slides are labelled "n of 4"', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/who-we-are/leadership');
    await hydrated(page);
    const carousel = page.getByRole('region', { name: 'Meet the team' });
    await expect(carousel.locator('.swiper-initialized')).toHaveCount(1);
    const active = carousel.locator('.swiper-slide-active');
    await expect(active).toHaveAttribute('aria-label', '1 of 4');
    await carousel.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('Enter');
    await expect(active).toHaveAttribute('aria-label', '2 of 4');
    await carousel.getByRole('button', { name: 'Previous slide' }).focus();
    await page.keyboard.press('Enter');
    await expect(active).toHaveAttribute('aria-label', '1 of 4');
  });

  test('autoplays every 5 s, pauses while focus is inside, and can be paused', async ({ page }) => {
    await page.clock.install();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/who-we-are/leadership');
    await hydrated(page);
    const carousel = page.getByRole('region', { name: 'Meet the team' });
    const active = carousel.locator('.swiper-slide-active');
    await expect(active).toHaveAttribute('aria-label', '1 of 4');
    await page.clock.runFor(5_200);
    await expect(active).toHaveAttribute('aria-label', '2 of 4');

    await carousel.getByRole('button', { name: 'Pause automatic sliding' }).focus();
    await page.clock.runFor(11_000);
    await expect(active).toHaveAttribute('aria-label', '2 of 4');

    await page.keyboard.press('Enter');
    await expect(carousel.getByRole('button', { name: 'Play automatic sliding' })).toBeFocused();
    // Focus leaves the carousel: a stopped carousel stays stopped.
    await page.getByRole('link', { name: 'Sahyadri Infotech home' }).first().focus();
    await page.clock.runFor(11_000);
    await expect(active).toHaveAttribute('aria-label', '2 of 4');

    // Pressing Play again (and leaving) resumes rotation.
    await carousel.getByRole('button', { name: 'Play automatic sliding' }).click();
    await page.mouse.move(1, 1);
    await page.getByRole('link', { name: 'Sahyadri Infotech home' }).first().focus();
    await page.clock.runFor(5_200);
    await expect(active).toHaveAttribute('aria-label', '3 of 4');
  });

  test('does not autoplay when the visitor prefers reduced motion', async ({ browser }) => {
    const context = await browser.newContext({
      reducedMotion: 'reduce',
      viewport: { width: 375, height: 800 },
    });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/who-we-are/leadership');
    await hydrated(page);
    const carousel = page.getByRole('region', { name: 'Meet the team' });
    await expect(carousel.locator('.swiper-initialized')).toHaveCount(1);
    await page.clock.runFor(12_000);
    await expect(carousel.locator('.swiper-slide-active')).toHaveAttribute('aria-label', '1 of 4');
    // The visitor may still start it.
    await expect(carousel.getByRole('button', { name: 'Play automatic sliding' })).toBeVisible();
    // Stopped, the carousel is as accessible as while it runs (accessibility.spec.ts).
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
