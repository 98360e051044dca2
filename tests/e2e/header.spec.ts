import { expect, test } from '@playwright/test';
import { forceFont } from './support/fonts';
import { gotoHydrated } from './support/header';
import { nextFrames } from './support/islands';

test.describe('header menus (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every menu opens by keyboard, arrows move through it, Escape closes it', async ({ page }) => {
    await gotoHydrated(page, '/');
    for (const name of ['Who We Are', 'Products', 'Services', 'Career']) {
      const trigger = page.getByRole('button', { name, exact: true });
      await trigger.focus();
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('Enter');
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      const panel = page.locator(`#${await trigger.getAttribute('aria-controls')}`);
      await expect(panel).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      await expect(panel).toBeHidden();
      await expect(trigger).toBeFocused();

      await page.keyboard.press('ArrowDown');
      const links = panel.getByRole('link');
      await expect(links.first()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(links.nth(1)).toBeFocused();
      await page.keyboard.press('End');
      await expect(links.last()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(links.first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(trigger).toBeFocused();
    }
  });

  test('Tab reaches the menus in order and Enter on a link navigates', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Sahyadri Infotech home' }).first()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Who We Are' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Products' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Warehouse Management' }).first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/products\/warehouse-management$/);
    await expect(page.locator('h1')).toBeVisible();
  });

  test('Products menu: overview by default, a product description on hover and focus', async ({ page }) => {
    await gotoHydrated(page, '/');
    const trigger = page.getByRole('button', { name: 'Products' });
    await trigger.hover();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator('#menu-products');
    const desc = panel.locator('[data-menu-desc]');
    const overview = await desc.getAttribute('data-overview');
    expect(overview?.length).toBeGreaterThan(20);
    await expect(desc).toHaveText(overview ?? '');

    const erp = panel.getByRole('link', { name: 'ERP' });
    await erp.hover();
    const erpSummary = await erp.getAttribute('data-summary');
    expect(erpSummary?.length).toBeGreaterThan(20);
    await expect(desc).toHaveText(erpSummary ?? '');

    const hospital = panel.getByRole('link', { name: 'Hospital Management' });
    await hospital.focus();
    await expect(desc).toHaveText((await hospital.getAttribute('data-summary')) ?? '');
    // Screen readers get the same description.
    await expect(hospital).toHaveAccessibleDescription((await hospital.getAttribute('data-summary')) ?? '');

    await page.mouse.move(5, 700);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('a clicked nav item is stored in local storage "navfor"', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Career' }).click();
    await page.getByRole('link', { name: 'Training', exact: true }).first().click();
    await expect(page).toHaveURL(/\/career\/training$/);
    expect(await page.evaluate(() => localStorage.getItem('navfor'))).toBe('Training');
  });

  test('a click outside closes an open menu', async ({ page }) => {
    await gotoHydrated(page, '/');
    const trigger = page.getByRole('button', { name: 'Services' });
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.locator('main').click({ position: { x: 5, y: 400 } });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});

/** Widths where a step of the tablet bar begins or ends (site-header.css), and common screens. */
const BAR_WIDTHS = [601, 680, 768, 800, 960, 1100, 1280, 1440];
/** Pages whose one-line bars (header, footer, tabs, forms' rows) are swept for sideways scrolling. */
const SWEPT_PATHS = ['/', '/contact-us', '/courses/nodejs-backend-development', '/checkout', '/login'];

// The widths are tried with the widest common fallback font and a narrow one, forced on the page
// so that the result is the same on every machine (issue 32; support/fonts.ts).
for (const font of ['wide', 'narrow'] as const) {
  test.describe(`header with a ${font} font`, () => {
    for (const width of BAR_WIDTHS) {
      test(`at ${width} px the bar stays one line and every menu fits on screen`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await gotoHydrated(page, '/');
        await forceFont(page, font);
        const header = await page.locator('.site-header').boundingBox();
        expect(header?.height).toBeLessThanOrEqual(72);
        for (const name of ['Who We Are', 'Products', 'Services', 'Career']) {
          const trigger = page.getByRole('button', { name, exact: true });
          await trigger.click();
          await expect(trigger).toHaveAttribute('aria-expanded', 'true');
          const opened = page.locator(`#${await trigger.getAttribute('aria-controls')}`);
          await expect(opened).toBeVisible();
          const panel = await opened.boundingBox();
          expect(panel?.x, name).toBeGreaterThanOrEqual(0);
          expect((panel?.x ?? 0) + (panel?.width ?? 0), name).toBeLessThanOrEqual(width);
          await page.keyboard.press('Escape');
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      });
    }

    test('from 360 to 1440 px no page scrolls sideways and every menu label stays on one line', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      for (const path of SWEPT_PATHS) {
        await page.setViewportSize({ width: 1024, height: 800 });
        await page.goto(path);
        await forceFont(page, font);
        for (let width = 360; width <= 1440; width += 20) {
          await page.setViewportSize({ width, height: 800 });
          const { header, ...layout } = await page.evaluate(() => {
            const bar = document.querySelector('.site-header__bar');
            if (!bar) throw new Error('no header bar');
            return {
              overflow: document.documentElement.scrollWidth - window.innerWidth,
              // Nothing in the bar runs into its side padding (which hides it from the page's width).
              barOverflow: bar.scrollWidth - bar.clientWidth,
              header: bar.getBoundingClientRect().height,
              // A trigger is 2.75rem high on one line; a label on two lines makes it taller.
              wrapped: [...bar.querySelectorAll<HTMLElement>('.site-nav__trigger')]
                .filter(
                  (trigger) => trigger.checkVisibility() && trigger.getBoundingClientRect().height > 44.5,
                )
                .map((trigger) => trigger.textContent),
            };
          });
          expect(layout, `${path} at ${width} px`).toEqual({ overflow: 0, barOverflow: 0, wrapped: [] });
          expect(header, `${path} at ${width} px`).toBeLessThanOrEqual(72);
        }
      }
    });
  });
}

test.describe('mobile menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test('the Menu button toggles the navigation; a nav click navigates and closes it', async ({ page }) => {
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(toggle).toBeVisible();
    await expect(nav).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await toggle.click();
    await expect(nav).toBeHidden();

    await toggle.click();
    await nav.getByRole('button', { name: 'Services' }).click();
    await nav.getByRole('link', { name: 'Bulk SMS & E-mail' }).click();
    await expect(page).toHaveURL(/\/services\/bulk-mail$/);
    // The new page's menu is closed (its header may not have hydrated yet: issue 20).
    await expect(page.getByRole('button', { name: 'Menu' })).not.toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  });

  test('a nav click closes the menu even when it stays on the page', async ({ page }) => {
    await gotoHydrated(page, '/contact-us');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav
      .getByRole('link', { name: 'Contact Us' })
      .evaluate((link) => link.addEventListener('click', (event) => event.preventDefault()));
    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
  });

  test('Escape closes the mobile menu and returns focus to the button', async ({ page }) => {
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });

  test('the open menu dims the page behind it and stops it scrolling until it closes', async ({ page }) => {
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await toggle.click();
    await expect(nav).toBeVisible();
    const backdrop = await nav.evaluate((element) => getComputedStyle(element, '::backdrop').backgroundColor);
    expect(backdrop).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    // The wheel over the backdrop, below the menu, does not move the page.
    await page.mouse.move(187, 720);
    await page.mouse.wheel(0, 600);
    await nextFrames(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('the phone menu opens without JavaScript too (it is a popover)', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 740 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await context.close();
  });

  test('the page does not scroll sideways at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [
      '/',
      '/who-we-are/about-us',
      '/contact-us',
      '/services/custom-software-development',
    ]) {
      await gotoHydrated(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
