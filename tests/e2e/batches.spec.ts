/**
 * Choosing a batch on a course page (issue 31; DECISIONS 54-55): the next batches as a radio group
 * operated by keyboard, the seat count, and an Add to cart that answers at once, before the cart's
 * answer and before the page's code has arrived. The 100 ms figure on a slow network is measured
 * by scripts/bench-first-press.mjs, not asserted here.
 */
import { expect, test, type Route } from '@playwright/test';
import { signUpByApi, xsrfOf } from './support/accounts';
import { catalogue } from './support/shop';

const course = catalogue.find((entry) => entry.slug === 'react-frontend-development')!;
const coursePage = `/courses/${course.slug}`;

interface CartLine {
  id: number;
  batchId: string | null;
  seats: number;
}

test('signed in: the buyer picks the weekend batch by keyboard and 3 seats; Add to cart is busy until the cart answers', async ({
  page,
}) => {
  const { user } = await signUpByApi(page, 'batch');
  await page.goto(coursePage);
  const batches = page.getByRole('group', { name: 'Next batches' });
  const radios = batches.getByRole('radio');
  await expect(radios).toHaveCount(2);
  // The next open batch is chosen unless the buyer picks another.
  await expect(radios.first()).toBeChecked();
  // Each batch says the seats the catalogue has left (25 on a fresh store; fewer on one a
  // earlier run of the suite bought from).
  const listed = (await (await page.request.get('/api/courses')).json()) as {
    id: number;
    batches: { seatsLeft: number }[];
  }[];
  const seatsLeft = listed.find((entry) => entry.id === course.id)!.batches.map(({ seatsLeft: n }) => n);
  expect(seatsLeft).toHaveLength(2);
  await expect(batches.getByText(/ seats? left$/)).toHaveText(
    seatsLeft.map((n) => `${n} ${n === 1 ? 'seat' : 'seats'} left`),
  );
  await expect(batches.getByText(/^Starts Sat /)).toBeVisible();

  await radios.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(radios.nth(1)).toBeChecked();
  const weekend = await radios.nth(1).getAttribute('value');

  const seats = page.getByRole('spinbutton', { name: 'Seats' });
  await seats.fill('25');
  await expect(page.getByText('Choose 1 to 20 seats.')).toBeVisible();
  await expect(seats).toHaveAttribute('aria-invalid', 'true');
  await seats.fill('3');
  await expect(page.getByText('Choose 1 to 20 seats.')).toBeHidden();

  // The add is held back: the button says it is busy while the server has not answered.
  let release: (() => void) | undefined;
  const held = new Promise<Route>((resolve) => {
    void page.route('**/api/Cart/addtocart/**', (route) => {
      resolve(route);
      return new Promise<void>((done) => {
        release = done;
      });
    });
  });
  const add = page.getByRole('button', { name: `Add to cart: ${course.name}` });
  await add.click();
  const route = await held;
  const busy = page.getByRole('button', { name: `Adding…: ${course.name}` });
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  expect(new URL(route.request().url()).search).toBe(`?batch=${weekend}&seats=3`);
  await route.continue();
  release?.();
  await expect(page.getByText('In your cart')).toBeVisible();

  const cart = (await (
    await page.request.get(`/api/Cart/GetCoursesByUserForCart/sispl,${user.userid}`)
  ).json()) as CartLine[];
  expect(cart.map(({ id, batchId, seats: n }) => ({ id, batchId, seats: n }))).toEqual([
    { id: course.id, batchId: weekend, seats: 3 },
  ]);
});

test("the batches' code loads after the first paint, and seats typed before it arrives are what Add to cart sends", async ({
  page,
}) => {
  const { user } = await signUpByApi(page, 'afterpaint');
  // Nothing touched: the picker's code and the catalogue are asked for only after the first paint
  // (a file loaded before it counts against LCP in Lighthouse's simulation, bench:pages).
  await page.goto(coursePage);
  const radios = page.getByRole('group', { name: 'Next batches' }).getByRole('radio');
  await expect(radios).toHaveCount(2);
  const [paint, ...loads] = await page.evaluate(() => [
    performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    ...performance
      .getEntriesByType('resource')
      .filter(({ name }) => /\/_astro\/BatchPicker[^/]*\.js$|\/api\/courses$/.test(name))
      .map((entry) => entry.startTime),
  ]);
  expect(loads).toHaveLength(2);
  for (const start of loads) expect(start).toBeGreaterThan(paint!);

  // The visitor types a seat count while the picker's code is still on its way.
  let release: (() => void) | undefined;
  const arrived = new Promise<void>((done) => {
    release = done;
  });
  await page.route('**/_astro/BatchPicker*.js', async (route) => {
    await arrived;
    await route.continue();
  });
  await page.reload();
  const seats = page.getByRole('spinbutton', { name: 'Seats' });
  await seats.fill('3');
  await expect(radios).toHaveCount(0);
  release?.();
  await expect(radios).toHaveCount(2);
  const [added] = await Promise.all([
    page.waitForRequest('**/api/Cart/addtocart/**'),
    page.getByRole('button', { name: `Add to cart: ${course.name}` }).click(),
  ]);
  expect(new URL(added.url()).searchParams.get('seats')).toBe('3');
  await expect(page.getByText('In your cart')).toBeVisible();
  const cart = (await (
    await page.request.get(`/api/Cart/GetCoursesByUserForCart/sispl,${user.userid}`)
  ).json()) as CartLine[];
  expect(cart.map(({ seats: n }) => n)).toEqual([3]);
});

test("signed out: a press before the page's code has arrived is busy at once, then the sign-in dialog opens", async ({
  page,
}) => {
  // The islands' code is held back, as on a slow network.
  const heldScripts: Route[] = [];
  let holding = true;
  await page.route('**/_astro/**/*.js', (route) => {
    if (holding) heldScripts.push(route);
    else void route.continue();
  });
  await page.goto(coursePage, { waitUntil: 'commit' });
  const add = page.getByRole('button', { name: `Add to cart: ${course.name}` });
  await add.click();
  await expect(add).toHaveAttribute('aria-busy', 'true');
  await expect(add.locator('.add-to-cart__spinner')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeHidden();
  holding = false;
  for (const route of heldScripts.splice(0)) await route.continue();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible({ timeout: 15_000 });
  // Closed without signing in: the button is itself again.
  await page.keyboard.press('Escape');
  await expect(add).not.toHaveAttribute('aria-busy', 'true');
  await expect(add).toBeFocused();
});

for (const [what, chunk] of [
  ["the sign-in dialog's code", '**/_astro/AccountDialog*.js'],
  // Astro asks once more for an island's code, with a query: refused too.
  ["the header's account code", '**/_astro/HeaderAccount*'],
] as const) {
  test(`signed out, offline for ${what}: Add to cart stops being busy and a toast says why`, async ({
    page,
  }) => {
    await page.route(chunk, (route) => route.abort('internetdisconnected'));
    await page.goto(coursePage);
    const add = page.getByRole('button', { name: `Add to cart: ${course.name}` });
    await add.click();
    await expect(
      page.getByText('The sign-in form could not be loaded. Check your connection and try again.'),
    ).toBeVisible();
    await expect(add).not.toHaveAttribute('aria-busy', 'true');
    await expect(add).toHaveAccessibleName(`Add to cart: ${course.name}`);
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeHidden();
    // Back online, the next press opens the dialog.
    await page.unroute(chunk);
    await add.click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible({ timeout: 15_000 });
  });
}

test("in the cart the buyer changes a line's batch and seats; the total follows the seats", async ({
  page,
}) => {
  const { user } = await signUpByApi(page, 'cartbatch');
  const added = await page.request.post(`/api/Cart/addtocart/sispl,${course.id},${user.userid}`, {
    headers: { 'X-XSRF-TOKEN': await xsrfOf(page) },
  });
  expect(added.status()).toBe(200);
  const cartLine = async () =>
    (
      (await (
        await page.request.get(`/api/Cart/GetCoursesByUserForCart/sispl,${user.userid}`)
      ).json()) as CartLine[]
    )[0];
  const before = await cartLine();
  await page.goto('/checkout');
  const line = page.getByTestId('cart-item');
  const batch = line.getByRole('combobox', { name: 'Batch' });
  await expect(batch).toHaveValue(before!.batchId!);
  const total = page.getByTestId('cart-total');
  const oneSeat = await total.textContent();

  const seats = line.getByRole('spinbutton', { name: 'Seats' });
  await seats.fill('21');
  await seats.press('Enter');
  await expect(line.getByText('Choose 1 to 20 seats.')).toBeVisible();
  await seats.fill('2');
  await seats.press('Enter');
  await expect(line.getByText(/^2 seats × /)).toBeVisible();
  await expect(total).not.toHaveText(oneSeat ?? '');
  expect((await cartLine())?.seats).toBe(2);

  const other = await batch.locator('option:not([disabled])').nth(1).getAttribute('value');
  await batch.selectOption(other!);
  await expect.poll(async () => (await cartLine())?.batchId).toBe(other);
  await expect(batch).toHaveValue(other!);
  expect((await cartLine())?.seats).toBe(2);
});

test('a course with no open batch says so, offers "Ask about this course" and sells no seat (DECISIONS 60)', async ({
  page,
}) => {
  // The live catalogue, with this course's batches gone (none open).
  await page.route('**/api/courses', async (route) => {
    const response = await route.fetch();
    const listed = (await response.json()) as { id: number; batches: unknown[] }[];
    await route.fulfill({
      response,
      json: listed.map((entry) => (entry.id === course.id ? { ...entry, batches: [] } : entry)),
    });
  });
  const addToCart = page.getByRole('button', { name: `Add to cart: ${course.name}` });
  const ask = page.getByRole('link', { name: 'Ask about this course' });

  // Signed out: the page's static button goes before its island wakes.
  await page.goto(coursePage);
  await expect(page.getByText('New batches are announced soon.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Next batches' }).getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: 'Seats' })).toBeHidden();
  await expect(addToCart).toBeHidden();
  await expect(ask).toBeVisible();
  expect(new URL((await ask.getAttribute('href')) ?? '', page.url()).pathname).toBe('/contact-us');

  // Signed in (the island wakes at once): still no Add to cart; the training card has none either.
  await signUpByApi(page, 'nobatch');
  await page.goto(coursePage);
  await expect(page.getByText('New batches are announced soon.')).toBeVisible();
  await expect(addToCart).toBeHidden();
  await page.goto('/career/training');
  const card = page.getByTestId('course-card').filter({ hasText: course.name });
  await expect(card.getByText('No open batch now: ask us about the next one')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Add to cart/ })).toBeHidden();
  await expect(
    page
      .getByTestId('course-card')
      .first()
      .getByRole('button', { name: /^Add to cart/ }),
  ).toBeVisible();
});
