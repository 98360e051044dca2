import { expect, test, type Page } from '@playwright/test';
import { signUpByApi } from './support/accounts';
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
    const career = page.getByRole('button', { name: 'Career' });
    await career.click();
    await expect(career).toHaveAttribute('aria-expanded', 'true');
    // The menu's link: the footer has a Training link too, which is not a nav item.
    await page.locator('#menu-career').getByRole('link', { name: 'Training', exact: true }).click();
    await expect(page).toHaveURL(/\/career\/training$/);
    expect(await page.evaluate(() => localStorage.getItem('navfor'))).toBe('Training');
  });

  test('a nav item clicked before <site-menus> runs is stored too', async ({ page }) => {
    // <site-menus> runs once the whole page is parsed, after its links are on screen; here it is
    // held off for good, so the click lands in that moment (CSS opens the menu under the pointer).
    await page.addInitScript(() => {
      const define = customElements.define.bind(customElements);
      customElements.define = (name, ...rest) => {
        if (name !== 'site-menus') define(name, ...rest);
      };
    });
    await page.goto('/');
    await expect(page.locator('.site-header__bar')).not.toHaveAttribute('data-ready');
    await page.getByRole('button', { name: 'Career' }).hover();
    await page.locator('#menu-career').getByRole('link', { name: 'Training', exact: true }).click();
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

  test('signed in, the account menu is one of the menus: keys, one open at a time, no hover', async ({
    page,
  }) => {
    const { person } = await signUpByApi(page, 'menus');
    await page.goto('/who-we-are/about-us');
    const account = page.getByRole('banner').getByRole('button', { name: `Account: ${person.name}` });
    const accountPanel = page.locator('#account-menu');
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    // The pointer opens the section menus, not the account menu.
    await account.hover();
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await account.click();
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    await expect(accountPanel.getByRole('link', { name: 'My courses' })).toBeVisible();

    // Opening a section menu closes it, and the other way round.
    const products = page.getByRole('button', { name: 'Products' });
    await products.click();
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await expect(accountPanel).toBeHidden();
    await account.click();
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await page.locator('main').click({ position: { x: 5, y: 400 } });
    await expect(account).toHaveAttribute('aria-expanded', 'false');

    // The keyboard, as in the section menus: ArrowDown opens it on its first link, the arrows
    // go round (Sign out, a button, among them), Escape closes it and gives focus back.
    await account.focus();
    await page.keyboard.press('ArrowDown');
    const items = accountPanel.locator('a[href], button');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(accountPanel.getByRole('button', { name: 'Sign out' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(accountPanel.getByRole('button', { name: 'Sign out' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await expect(account).toBeFocused();
    // Focus leaving it closes it.
    await page.keyboard.press('Enter');
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Shift+Tab');
    await expect(account).toHaveAttribute('aria-expanded', 'false');
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

    // One test per page: 55 widths each, 10-25 s at load 10-16 (all five in one test passed 60 s).
    for (const path of SWEPT_PATHS) {
      test(`${path}: from 360 to 1440 px the page does not scroll sideways and every menu label stays on one line`, async ({
        page,
      }) => {
        test.setTimeout(60_000);
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
      });
    }
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

  test('Escape in an open section menu closes that menu only; the next closes the phone menu', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await toggle.click();
    const services = nav.getByRole('button', { name: 'Services' });
    await services.click();
    await nav.getByRole('link', { name: 'Bulk SMS & E-mail' }).focus();
    await page.keyboard.press('Escape');
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await expect(services).toBeFocused();
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
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

/**
 * The header's menus are the page's own HTML and inline script (issue 42, item 2): they answer the
 * first press before any island's code has come, or if it never comes; React loads for the account
 * control (and its dialog) only when the visitor heads for it.
 */
test.describe('the menus without React', () => {
  /** Script files the page asks for from now on; with `hold`, none of them ever arrives. */
  async function scriptsAsked(page: Page, { hold = false } = {}): Promise<string[]> {
    const asked: string[] = [];
    await page.route('**/_astro/*.js', async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      if (!hold) await route.continue();
      // Held: left unanswered, as on a network that never delivers it.
    });
    return asked;
  }

  test.describe('on a phone whose island code never arrives', () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

    test('Menu and a section menu open on their first tap', async ({ page }) => {
      const asked = await scriptsAsked(page, { hold: true });
      await page.goto('/who-we-are/about-us');
      const toggle = page.getByRole('button', { name: 'Menu' });
      const nav = page.getByRole('navigation', { name: 'Main' });
      await toggle.tap();
      await expect(nav).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const services = nav.getByRole('button', { name: 'Services' });
      await services.tap();
      await expect(services).toHaveAttribute('aria-expanded', 'true');
      await expect(nav.getByRole('link', { name: 'Bulk SMS & E-mail' })).toBeVisible();
      // One menu at a time; a second tap closes it.
      const career = nav.getByRole('button', { name: 'Career' });
      await career.tap();
      await expect(career).toHaveAttribute('aria-expanded', 'true');
      await expect(services).toHaveAttribute('aria-expanded', 'false');
      await expect(nav.getByRole('link', { name: 'Bulk SMS & E-mail' })).toBeHidden();
      await career.tap();
      await expect(career).toHaveAttribute('aria-expanded', 'false');
      await expect(nav.getByRole('link', { name: 'Training', exact: true })).toBeHidden();
      // A nav link remembers itself and closes the phone menu (here it stays on the page).
      await services.tap();
      const bulkMail = nav.getByRole('link', { name: 'Bulk SMS & E-mail' });
      await bulkMail.evaluate((link) => link.addEventListener('click', (event) => event.preventDefault()));
      await bulkMail.tap();
      await expect(nav).toBeHidden();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(await page.evaluate(() => localStorage.getItem('navfor'))).toBe('Bulk SMS & E-mail');
      // None of it asked for an island's code, and no island has hydrated.
      expect(asked).toEqual([]);
      await expect(page.locator('.site-header astro-island[ssr]')).toHaveCount(2);
    });
  });

  test.describe('on a desktop whose island code fails to load', () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('the keyboard, the pointer and the descriptions work as before', async ({ page }) => {
      await page.route('**/_astro/*.js', (route) => route.abort());
      await page.goto('/');
      const products = page.getByRole('button', { name: 'Products' });
      await products.focus();
      await page.keyboard.press('ArrowDown');
      await expect(products).toHaveAttribute('aria-expanded', 'true');
      const panel = page.locator('#menu-products');
      const erp = panel.getByRole('link', { name: 'ERP' });
      await page.keyboard.press('End');
      await expect(erp).toBeFocused();
      await expect(panel.locator('[data-menu-desc]')).toHaveText(
        (await erp.getAttribute('data-summary')) ?? '',
      );
      await page.keyboard.press('Escape');
      await expect(products).toHaveAttribute('aria-expanded', 'false');
      await expect(products).toBeFocused();

      const services = page.getByRole('button', { name: 'Services' });
      await services.hover();
      await expect(services).toHaveAttribute('aria-expanded', 'true');
      // A click on a menu the pointer opened keeps it open; leaving it then does not close it.
      await services.click();
      await page.mouse.move(5, 700);
      await expect(services).toHaveAttribute('aria-expanded', 'true');
      await page.locator('main').click({ position: { x: 5, y: 400 } });
      await expect(services).toHaveAttribute('aria-expanded', 'false');
    });
  });

  test('without JavaScript, hover and keyboard focus open the menus (CSS)', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/');
    const products = page.getByRole('button', { name: 'Products' });
    const panel = page.locator('#menu-products');
    await expect(panel).toBeHidden();
    await products.hover();
    await expect(panel).toBeVisible();
    await page.mouse.move(5, 700);
    await expect(panel).toBeHidden();
    await products.focus();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link', { name: 'Warehouse Management' })).toBeFocused();
    await expect(panel).toBeVisible();
    await context.close();
  });

  test('crossing 600 px closes every menu, the phone menu too', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    // By attribute: in the closed phone menu the button is hidden from the accessibility tree.
    const services = page.locator('button[aria-controls="menu-services"]');
    await services.click();
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await services.click();
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await page.setViewportSize({ width: 800, height: 800 });
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#menu-services')).toBeHidden();
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('signed out on a content page, no script file loads until the account control is used', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const asked = await scriptsAsked(page);
    await page.goto('/who-we-are/about-us', { waitUntil: 'load' });
    // Every menu, by pointer, click and keyboard, and the cart link under the pointer.
    await page.getByRole('button', { name: 'Products' }).hover();
    await page.locator('#menu-products').getByRole('link', { name: 'ERP' }).hover();
    await page.getByRole('button', { name: 'Services' }).click();
    await page.getByRole('button', { name: 'Career' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await page.getByRole('banner').getByRole('link', { name: 'My cart, empty' }).hover();
    await page.getByRole('banner').getByRole('link', { name: 'Sahyadri Infotech home' }).hover();
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
    expect(asked).toEqual([]);

    // Heading for Sign in loads the account control's code, React with it.
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).hover();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
    expect(asked.some((path) => path.includes('HeaderAccount'))).toBe(true);
  });
});

// A phone may paint the page before all of it has arrived. The bar is right-aligned, so a piece
// the parser adds pushes the ones before it left: until the bar's last piece (the cart link) has
// come, all but the logo are hidden, and nothing painted moves (CLS 0.001-0.013 before, issue 42).
for (const width of [412, 1280]) {
  test(`at ${width} px the header paints nothing that moves when the rest of the bar arrives`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const html = await (await request.get('/services')).text();
    // The markup up to the cart link: the menu and the account control have come, the cart has not.
    const partial = html.slice(0, html.indexOf('<a class="site-header__cart"'));
    expect(partial).toContain('site-header__account');
    const pieces = ['.site-header__toggle', '#site-nav', '.site-nav__item', '.site-header__account'];
    const seen = () =>
      page.evaluate(
        (selectors) =>
          selectors.map((selector) => {
            const element = document.querySelector(selector);
            if (!element) return 'absent';
            const box = element.getBoundingClientRect();
            const shown = getComputedStyle(element).visibility === 'visible' && box.width > 0;
            return shown ? `${Math.round(box.left)},${Math.round(box.top)}` : 'hidden';
          }),
        pieces,
      );
    await page.route('**/services', (route) =>
      route.fulfill({ body: partial, contentType: 'text/html; charset=utf-8' }),
    );
    await page.goto('/services');
    const early = await seen();
    await page.unroute('**/services');
    await page.goto('/services');
    const settled = await seen();
    // Each piece shown early is where it settles; the logo stays put either way.
    early.forEach((where, index) => {
      if (where !== 'hidden' && where !== 'absent') expect(where, pieces[index]).toBe(settled[index]);
    });
    expect(early.filter((where) => where === 'hidden').length).toBeGreaterThan(0);
  });
}
