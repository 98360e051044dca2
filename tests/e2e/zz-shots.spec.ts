import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { signUpByApi, xsrfOf } from './support/accounts';
import { hydrated } from './support/islands';
const courses = JSON.parse(readFileSync('src/content/courses.json', 'utf8')) as { id: number }[];
test('shots', async ({ page }) => {
  test.setTimeout(120_000);
  const { user } = await signUpByApi(page, 'shots');
  for (const i of [0, 3])
    await page.request.post(`/api/Cart/addtocart/sispl,${courses[i]!.id},${user.userid}`, {
      headers: { 'X-XSRF-TOKEN': await xsrfOf(page) },
    });
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/checkout');
    await hydrated(page);
    await page.getByLabel('State or union territory').selectOption({ label: 'Karnataka' });
    await page.getByLabel('GSTIN (optional)').fill('29AAPFU0939F1ZX');
    await page.getByLabel('Name on the invoice').click();
    await page.screenshot({ path: `/tmp/shots/checkout-${width}.png`, fullPage: true });
  }
  await page.getByLabel('GSTIN (optional)').fill('');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText('Test payment: no money moves')).toBeVisible();
  await page.screenshot({ path: `/tmp/shots/gateway-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `/tmp/shots/gateway-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Your payment did not go through' })).toBeVisible();
  await page.screenshot({ path: `/tmp/shots/failed-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `/tmp/shots/failed-375.png`, fullPage: true });
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  await page.screenshot({ path: `/tmp/shots/placed-375.png`, fullPage: true });
  const orderNo = new URL(page.url()).searchParams.get('placed')!;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/invoice?id=${orderNo}`);
    await expect(page.getByText('Payment reference')).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/invoice-${width}.png`, fullPage: true });
  }
});
