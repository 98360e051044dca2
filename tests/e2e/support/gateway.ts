/** Paying over HTTP in a page's browser context (its cookies), for tests that need an order. */
import type { Page } from '@playwright/test';
import type { BillingInput } from '../../../src/lib/shared/schemas/billing';
import { payOnTestGateway, type PaymentOutcome } from '../../support/test-gateway';
import { xsrfOf } from './accounts';

/** Pays for the cart of `userId` on the test gateway, as the checkout page and its buyer would. */
export async function payByApi(page: Page, userId: string, billing?: BillingInput): Promise<PaymentOutcome> {
  const origin = new URL(page.url()).origin;
  const send = async (request: Request) => {
    const answer = await page.request.fetch(request.url, {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      data: request.body ? Buffer.from(await request.arrayBuffer()) : undefined,
      maxRedirects: 0,
    });
    const status = answer.status();
    return new Response(status >= 300 && status < 400 ? null : await answer.text(), {
      status,
      headers: answer.headers(),
    });
  };
  return payOnTestGateway(send, origin, {
    userId,
    headers: { 'X-XSRF-TOKEN': await xsrfOf(page) },
    ...(billing ? { billing } : {}),
  });
}
