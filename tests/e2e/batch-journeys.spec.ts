/**
 * The batch journeys of issue 31's "Done means" that staff take part in (DECISIONS 54-56), through
 * the built site: staff add a weekend batch in the console's Batches tab, a student picks it on the
 * course page and pays on the test gateway, then staff set its joining link and the student finds
 * it in My courses and once in their mail; and a batch of one seat refuses the second buyer's
 * checkout until they choose another batch in the cart.
 *
 * One member of staff is signed in once for both journeys (serial, one worker). The batches are of
 * a course no other spec buys with its default batch, and start after its seed batches, so they
 * are never anyone else's default; the local blob store keeps them, as it keeps accounts.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUpByApi } from './support/accounts';
import { payByApi } from './support/gateway';
import { hydrated } from './support/islands';
import { mailsTo } from './support/mail';
import { catalogue, MAHARASHTRA } from './support/shop';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const course = catalogue.find((entry) => entry.slug === 'modern-javascript-essentials')!;
const staffEmail = process.env['E2E_BATCH_STAFF_EMAIL']!;
const stamp = Date.now();
/** A page back from the gateway hydrates its island on a busy machine: more than the default wait. */
const SLOW = { timeout: 15_000 };

let staffPage: Page;

test.beforeAll(async ({ browser }) => {
  staffPage = await (await browser.newContext()).newPage();
  const { user } = await signUpByApi(staffPage, 'batch-staff', staffEmail);
  expect(user.staff).toBe(true);
});

test.afterAll(async () => {
  await staffPage.context().close();
});

/** The first `weekday` (0 = Sunday) at least `days` days from today (UTC), as `YYYY-MM-DD`. */
function firstWeekdayAfter(days: number, weekday: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  while (day.getUTCDay() !== weekday) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The console's Batches tab, opened from the tab list. */
async function batchesTab(page: Page) {
  await page.goto('/console');
  await hydrated(page);
  await page.getByRole('tab', { name: /^Batches/ }).click();
  await expect(page).toHaveURL(/#batches$/);
  const panel = page.getByRole('tabpanel', { name: /^Batches/ });
  await expect(panel.getByRole('heading', { name: /^Open/ })).toBeVisible(SLOW);
  return panel;
}

/** Staff add a batch of `course` in the Batches tab; resolves to the id the console says it has. */
async function addBatchInConsole(
  batch: { startsOn: string; schedule: string; sessions: number; seats: number },
  trainer = 'Nisha Rao',
): Promise<string> {
  const panel = await batchesTab(staffPage);
  await panel.getByRole('button', { name: 'New batch' }).click();
  const form = panel.getByRole('region', { name: 'New batch' });
  await expect(form.getByRole('heading', { name: 'New batch' })).toBeFocused();
  await form.getByLabel('Course').selectOption({ label: course.name });
  await form.getByLabel('Start date').fill(batch.startsOn);
  await form.getByLabel('Schedule').fill(batch.schedule);
  await form.getByLabel('Sessions').fill(String(batch.sessions));
  await form.getByLabel('Trainer').fill(trainer);
  await form.getByLabel('Seats').fill(String(batch.seats));
  await form.getByRole('button', { name: 'Add batch' }).click();
  const done = panel.getByRole('status').filter({ hasText: /^Batch .+ added\.$/ });
  await expect(done).toBeVisible();
  const id = /^Batch (.+) added\.$/.exec((await done.textContent()) ?? '')![1]!;
  expect(id).toMatch(new RegExp(`^b-${course.id}-${batch.startsOn.replaceAll('-', '')}-`));
  // The new batch is listed as open, no seat taken, no joining link yet.
  const row = panel.getByRole('row').filter({ hasText: id });
  await expect(row).toContainText(`0 of ${batch.seats}`);
  await expect(row).toContainText('Not set');
  return id;
}

/** A new student in a browser context of their own. */
async function newStudent(browser: Browser, tag: string) {
  const page = await (await browser.newContext()).newPage();
  const { person, user } = await signUpByApi(page, tag);
  return { page, email: person.email, userId: user.userid };
}

/** On the course page: picks the batch `id` in 'Next batches' and adds it to the cart. */
async function addBatchOnCoursePage(page: Page, id: string, seatsLeft: string) {
  await page.goto(`/courses/${course.slug}`);
  const batches = page.getByRole('group', { name: 'Next batches' });
  const byId = `input[type="radio"][value="${id}"]`;
  const radio = batches.locator(byId);
  await expect(radio).toBeEnabled();
  await expect(batches.locator('label', { has: page.locator(byId) })).toContainText(seatsLeft);
  await radio.check();
  await page.getByRole('button', { name: `Add to cart: ${course.name}` }).click();
  await expect(page.getByText('In your cart')).toBeVisible();
}

/** On the checkout page: bills in Maharashtra, presses Pay, and pays on the test gateway. */
async function payAtCheckout(page: Page): Promise<void> {
  await page.getByLabel('State or union territory').selectOption({ label: 'Maharashtra' });
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByText('Test payment: no money moves')).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible(SLOW);
}

/** The change mails (subject 'Joining link for …') that reached `address`. */
async function joiningLinkMails(address: string) {
  return (await mailsTo(address)).filter((mail) =>
    mail.subject.startsWith(`Joining link for ${course.name}`),
  );
}

test('staff add a weekend batch; a student picks it and pays; staff set its joining link; the student sees it in My courses and gets it by e-mail once', async ({
  browser,
}, testInfo) => {
  const startsOn = firstWeekdayAfter(60, 6);
  const schedule = 'Sat-Sun 10:00-13:00 IST';
  const id = await addBatchInConsole({ startsOn, schedule, sessions: 8, seats: 4 });

  // The student picks that batch on the course page, pays, and finds it in My courses.
  const student = await newStudent(browser, 'batch-link');
  await addBatchOnCoursePage(student.page, id, '4 seats left');
  await student.page.goto('/checkout');
  await hydrated(student.page);
  const line = student.page.getByTestId('cart-item');
  await expect(line).toHaveCount(1);
  await expect(line.getByRole('combobox', { name: 'Batch' })).toHaveValue(id);
  await payAtCheckout(student.page);
  await student.page.getByRole('link', { name: 'My courses' }).first().click();
  await expect(student.page).toHaveURL(/\/my-courses$/);
  const card = student.page.getByTestId('enrolment');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(course.name);
  // The schedule as people read it, in IST (issue 42, item 6).
  await expect(card).toContainText('Sat-Sun, 10:00 am to 1:00 pm IST');
  await expect(card).toContainText('Nisha Rao');
  await expect(card).toContainText(
    'The joining link will be here and in your e-mail before the first session.',
  );
  await expect(card.getByTestId('join-link')).toHaveCount(0);
  expect(await joiningLinkMails(student.email)).toEqual([]);

  // Staff edit the batch and set its joining link.
  const joinUrl = `https://meet.example.com/js-weekend-${stamp}`;
  const panel = await batchesTab(staffPage);
  const row = panel.getByRole('row').filter({ hasText: id });
  await expect(row).toContainText('1 of 4');
  await row.getByRole('button', { name: `Edit batch ${id}` }).click();
  const form = panel.getByRole('region', { name: `Change batch ${id}` });
  await expect(form.getByLabel('Start date')).toHaveValue(startsOn);
  await form.getByLabel('Joining link (optional)').fill(joinUrl);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(panel.getByRole('status').filter({ hasText: `Batch ${id} saved.` })).toBeVisible();
  await expect(row).toContainText('Set');
  await expect(row).not.toContainText('Not set');

  // The student's My courses shows the link, and their mailbox holds the change mail naming it.
  await student.page.reload();
  const join = card.getByTestId('join-link');
  await expect(join).toHaveAttribute('href', joinUrl);
  await expect(join).toHaveAccessibleName(`Join the session of ${course.name} (opens in a new tab)`);
  await expect(card).not.toContainText('The joining link will be here');
  await card.screenshot({ path: testInfo.outputPath('my-courses-joining-link.png') });
  await expect.poll(async () => (await joiningLinkMails(student.email)).length).toBe(1);
  const [mail] = await joiningLinkMails(student.email);
  expect(mail!.text).toContain(`The joining link is ready: ${joinUrl}`);
  await student.page.context().close();
});

test('a batch of one seat: the first buyer pays; the second reads that it is full at checkout, changes the batch in the cart and pays', async ({
  browser,
}, testInfo) => {
  const id = await addBatchInConsole({
    startsOn: firstWeekdayAfter(60, 1),
    schedule: 'Mon-Thu 19:00-21:00 IST',
    sessions: 16,
    seats: 1,
  });
  const first = await newStudent(browser, 'batch-first');
  const second = await newStudent(browser, 'batch-second');
  // Both add the batch while its seat is free; the second waits on the checkout page.
  await addBatchOnCoursePage(first.page, id, '1 seat left');
  await addBatchOnCoursePage(second.page, id, '1 seat left');
  await second.page.goto('/checkout');
  await hydrated(second.page);
  const line = second.page.getByTestId('cart-item');
  const batch = line.getByRole('combobox', { name: 'Batch' });
  await expect(batch).toHaveValue(id);

  // The first buyer pays (over HTTP: their checkout is not what this journey is about).
  const { orderNo } = await payByApi(first.page, first.userId, MAHARASHTRA);
  expect(orderNo).toMatch(/^SIS-\d{4}-\d{6}$/);

  // The second presses Pay: refused on the checkout page, nothing leaves for the gateway.
  await second.page.getByLabel('State or union territory').selectOption({ label: 'Maharashtra' });
  await second.page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(second.page.getByRole('alert').filter({ hasText: 'This batch is full.' })).toHaveText(
    'This batch is full. Choose another batch.',
  );
  await expect(second.page).toHaveURL(/\/checkout/);
  await second.page.screenshot({ path: testInfo.outputPath('full-batch-refused.png'), fullPage: true });

  // They choose another batch of the course in the cart, and can pay.
  const other = await batch
    .locator(`option:not([disabled]):not([value="${id}"])`)
    .first()
    .getAttribute('value');
  expect(other).toBeTruthy();
  await batch.selectOption(other!);
  await expect
    .poll(async () => {
      const answer = await second.page.request.get(
        `/api/Cart/GetCoursesByUserForCart/sispl,${second.userId}`,
      );
      return ((await answer.json()) as { batchId: string | null }[]).map((item) => item.batchId);
    })
    .toEqual([other]);
  await payAtCheckout(second.page);

  // Staff see the batch full, with its one seat taken.
  const panel = await batchesTab(staffPage);
  const full = panel.getByRole('region', { name: /^Full/ });
  await expect(full.getByRole('row').filter({ hasText: id })).toContainText('1 of 1');
  for (const buyer of [first, second]) await buyer.page.context().close();
});
