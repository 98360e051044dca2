/*
 * A fake shop API for browser tests: `page.route` answers in API.md's shapes ("Courses and
 * shop"), with a cart, purchases and invoices kept per page. The real server replaces it once the
 * server side of the shop is merged.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, type Route } from '@playwright/test';
import { centsFromUsd } from '../../../src/lib/shared/money';
import type { CourseEntry } from '../../../src/lib/shared/schemas/course';
import type { CartItem, Invoice, PurchasedItem } from '../../../src/lib/shared/schemas/shop';
import { toInvoice } from '../../../src/server/domain/shop/invoice';

// Playwright's loader cannot import JSON without an import attribute, so read the catalogue file.
export const catalogue = JSON.parse(readFileSync('src/content/courses.json', 'utf8')) as CourseEntry[];

export const user = { userid: 'u-5b2c9e', username: 'Asha Kulkarni' };

export type { CartItem, PurchasedItem };

export function cartItem(index: number): CartItem {
  const { id, name, url, review, fees, discountedFees, feesInr, discountedFeesInr, courseOverview } =
    catalogue[index]!;
  return { id, name, url, review, fees, discountedFees, feesInr, discountedFeesInr, courseOverview };
}

/** A cart item as bought in an order paid in dollars. */
export function paidItem(item: CartItem, orderNo: string, orderDate: string): PurchasedItem {
  const { id, name, url, review, fees, discountedFees, courseOverview } = item;
  return { id, name, url, review, fees, discountedFees, courseOverview, orderNo, orderDate, currency: 'USD' };
}

export const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

/** The invoice the server answers for these purchases of one order: its own `toInvoice`, in cents. */
export function invoiceFor(orderNo: string, items: readonly PurchasedItem[]): Invoice {
  return toInvoice({
    orderNo,
    userId: user.userid,
    placedAt: items[0]!.orderDate,
    billTo: { name: user.username, email: 'asha.k@example.com' },
    lines: items.map((item) => ({
      courseId: item.id,
      name: item.name,
      url: item.url,
      review: item.review,
      courseOverview: item.courseOverview,
      listPriceCents: centsFromUsd(item.fees),
      priceCents: centsFromUsd(item.discountedFees),
    })),
  });
}

/** Where the mock's checkout sends the browser to pay. */
export const MOCK_GATEWAY_PATH = '/mock-gateway/checkout';

/** A fake shop server for one page: the cart, the purchases and what the page asked. */
export class ShopMock {
  cart: CartItem[];
  purchases: PurchasedItem[];
  checkoutKeys: string[] = [];
  /** The bodies checkout was sent (billing details and what the page showed). */
  checkoutBodies: Record<string, unknown>[] = [];
  /** The forms the page posted to the gateway. */
  gatewayPosts: string[] = [];
  orders = 0;
  /** When set, the invoice answers only once this settles (to see the spinner). */
  invoiceGate: Promise<void> | undefined;
  /** When set, checkout answers only once this settles (to see the page while it waits). */
  checkoutGate: Promise<void> | undefined;

  constructor({ cart = [], purchases = [] }: { cart?: CartItem[]; purchases?: PurchasedItem[] } = {}) {
    this.cart = cart;
    this.purchases = purchases;
  }

  async install(page: Page, { signedIn = true } = {}) {
    if (signedIn) {
      await page.addInitScript((value) => localStorage.setItem('user', value), JSON.stringify(user));
    }
    // The accounts branch restores the session with GET /api/account/me.
    await page.route('**/api/account/me', (route) =>
      signedIn ? json(route, user) : json(route, { errors: ['Please sign in.'] }, 401),
    );
    await page.route('**/api/Cart/**', (route) => this.cartCall(route));
    await page.route('**/api/orders/*/invoice', (route) => this.invoiceCall(route));
    await page.route(`**${MOCK_GATEWAY_PATH}`, (route) => this.gatewayCall(route));
  }

  /** The gateway: the buyer pays at once and is sent back to the confirmation, as the callback does. */
  private async gatewayCall(route: Route) {
    this.gatewayPosts.push(route.request().postData() ?? '');
    this.orders += 1;
    const orderNo = `SIS-2627-${String(this.orders).padStart(6, '0')}`;
    const orderDate = new Date().toISOString();
    this.purchases = [...this.cart.map((c) => paidItem(c, orderNo, orderDate)), ...this.purchases];
    this.cart = [];
    return route.fulfill({ status: 303, headers: { Location: `/checkout?placed=${orderNo}` } });
  }

  private async cartCall(route: Route) {
    const request = route.request();
    const [, action = '', args = ''] =
      /\/api\/Cart\/([^/]+)\/(.*)$/.exec(new URL(request.url()).pathname) ?? [];
    const ids = decodeURIComponent(args).split(',');
    expect(ids[0]).toBe('sispl');
    expect(ids.at(-1)).toBe(user.userid);
    switch (action) {
      case 'GetCoursesByUserForCart':
        return json(route, this.cart);
      case 'GetPurchasedCoursesByUser':
        return json(route, this.purchases);
      case 'addtocart': {
        const id = Number(ids[1]);
        if (this.purchases.some((p) => p.id === id))
          return json(route, { errors: ['You have already bought this course.'] }, 409);
        if (!this.cart.some((c) => c.id === id)) this.cart.push(cartItem(id - 1));
        return json(route, this.cart);
      }
      case 'deletefromcart':
        this.cart = this.cart.filter((c) => c.id !== Number(ids[1]));
        return json(route, this.cart);
      case 'checkout': {
        const key = request.headers()['idempotency-key'] ?? '';
        this.checkoutKeys.push(key);
        this.checkoutBodies.push(request.postDataJSON() as Record<string, unknown>);
        // A test that needs the checkout in flight (a second click, the busy button) holds the gate.
        await this.checkoutGate;
        if (this.cart.length === 0) return json(route, { errors: ['Your cart is empty'] }, 400);
        return json(route, {
          paymentNo: `${user.userid}.1`,
          gateway: { url: MOCK_GATEWAY_PATH, fields: { order_id: 'order_mock1', amount: '100' } },
        });
      }
      default:
        return json(route, { errors: ['Not found.'] }, 404);
    }
  }

  private async invoiceCall(route: Route) {
    const orderNo = decodeURIComponent(
      /\/api\/orders\/([^/]+)\/invoice/.exec(route.request().url())?.[1] ?? '',
    );
    await this.invoiceGate;
    const items = this.purchases.filter((p) => p.orderNo === orderNo);
    if (items.length === 0) return json(route, { errors: ['This order does not exist.'] }, 404);
    return json(route, invoiceFor(orderNo, items));
  }
}

export function json(route: Route, body: unknown, status = 200, headers: Record<string, string> = {}) {
  return route.fulfill({
    status,
    contentType: 'application/json',
    headers: { 'Cache-Control': 'no-store', ...headers },
    body: JSON.stringify(body),
  });
}

/** Two past orders: the newer with courses 2 and 4, the older with course 7. */
export function pastPurchases(): PurchasedItem[] {
  return [
    paidItem(cartItem(1), 'SIS-2627-000002', '2026-05-04T20:15:00.000Z'),
    paidItem(cartItem(3), 'SIS-2627-000002', '2026-05-04T20:15:00.000Z'),
    paidItem(cartItem(6), 'SIS-2526-000917', '2026-01-12T06:30:00.000Z'),
  ];
}
