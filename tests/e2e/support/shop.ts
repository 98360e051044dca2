/**
 * Customers with a cart and orders, made through the real API (sign-up with the mailed code, the
 * cart functions, payment on the test gateway), for browser tests of the shop's pages.
 */
import { readFileSync } from 'node:fs';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { BillingInput } from '../../../src/lib/shared/schemas/billing';
import type { CatalogueFile } from '../../../src/lib/shared/schemas/course';
import type { Invoice } from '../../../src/lib/shared/schemas/shop';
import { signUpByApi, xsrfOf } from './accounts';
import { payByApi } from './gateway';

// Playwright's loader cannot import JSON without an import attribute, so read the catalogue file.
export const catalogue = (JSON.parse(readFileSync('src/content/courses.json', 'utf8')) as CatalogueFile)
  .courses;

/** A buyer in Maharashtra, where the company is registered: CGST and SGST. */
export const MAHARASHTRA: BillingInput = { name: 'Asha Kulkarni', country: 'IN', state: '27' };

export const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

/** The API path of a cart action for a user: `/api/Cart/{action}/sispl,{ids…},{userId}`. */
export const cartPath = (action: string, userId: string, ...ids: number[]) =>
  `/api/Cart/${action}/${['sispl', ...ids, userId].join(',')}`;

export interface Shopper {
  readonly name: string;
  readonly email: string;
  readonly userId: string;
  /** Cookies (session, XSRF) and the cached user: a new context opened with it is signed in. */
  readonly state: Awaited<ReturnType<BrowserContext['storageState']>>;
  /** Order numbers of `orders`, in the order given. */
  readonly orderNos: string[];
}

/** Adds courses (by id) to the signed-in user's cart through the API. */
export async function addToCartByApi(page: Page, userId: string, ids: readonly number[]): Promise<void> {
  for (const id of ids) {
    const answer = await page.request.post(cartPath('addtocart', userId, id), {
      headers: { 'X-XSRF-TOKEN': await xsrfOf(page) },
    });
    expect(answer.status()).toBe(200);
  }
}

/**
 * A new customer who has bought `orders` (each a list of course ids, paid on the test gateway with
 * `billing`) and then has `cart` in the cart.
 */
export async function shopper(
  browser: Browser,
  tag: string,
  {
    orders = [],
    cart = [],
    billing = MAHARASHTRA,
  }: { orders?: number[][]; cart?: number[]; billing?: BillingInput },
): Promise<Shopper> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { person, user } = await signUpByApi(page, tag);
  const orderNos: string[] = [];
  for (const ids of orders) {
    await addToCartByApi(page, user.userid, ids);
    const { orderNo } = await payByApi(page, user.userid, billing);
    expect(orderNo).toMatch(/^SIS-\d{4}-\d{6}$/);
    orderNos.push(orderNo!);
  }
  await addToCartByApi(page, user.userid, cart);
  const state = await context.storageState();
  await context.close();
  return { name: person.name, email: person.email, userId: user.userid, state, orderNos };
}

/** A page in a new browser context signed in as `who` (or signed out with no one). */
export async function pageAs(browser: Browser, who: Shopper | undefined): Promise<Page> {
  const context = await browser.newContext(who ? { storageState: who.state } : {});
  return context.newPage();
}

/** The invoice of an order, as the API answers it to its buyer. */
export async function invoiceByApi(page: Page, orderNo: string): Promise<Invoice> {
  const answer = await page.request.get(`/api/orders/${orderNo}/invoice`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Invoice;
}

/** The course ids in the user's cart, as the server holds it. */
export async function cartByApi(page: Page, userId: string): Promise<number[]> {
  const answer = await page.request.get(cartPath('GetCoursesByUserForCart', userId));
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { id: number }[]).map((item) => item.id);
}

/** Signs this page's browser context in as `who`: their cookies, and what the site keeps in localStorage. */
export async function signInAs(page: Page, who: Shopper): Promise<void> {
  await page.context().addCookies(who.state.cookies);
  const entries = who.state.origins.flatMap((origin) => origin.localStorage);
  await page.addInitScript((stored) => {
    for (const { name, value } of stored) localStorage.setItem(name, value);
  }, entries);
}
