/**
 * After paying (issue 42, item 6), the journeys only a browser shows, through the built site and
 * the real functions: a one-seat buyer is the attendee and names nobody; a buyer of seats is asked
 * whether they attend, names a colleague, takes them off again (the colleague gets a calendar
 * cancellation of the invitation's sessions), and once refunded finds the course in My courses
 * as refunded with its credit note (the refund mail cancels the sessions); a visitor in New York
 * sees the sessions in their own time beside IST, on the course page without the batches moving
 * the page; a batch that fills while it is in a cart shows full without a reload; and the
 * e-mailed-code steps offer 'Send the code again' a minute after a code, within the limits.
 *
 * Its batches are its own (added through the console's API by a member of staff of its own), of
 * a course whose seed batches other specs do not fill, starting long after any seed batch.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { parseIcs } from '../support/ics';
import { newPerson, signUpByApi, xsrfOf } from './support/accounts';
import { axeViolations } from './support/axe';
import { payByApi } from './support/gateway';
import { gotoHydrated } from './support/header';
import { hydrated } from './support/islands';
import { codeMailedTo, mailCount, mailsWithFilesTo } from './support/mail';
import { cartPath, catalogue, MAHARASHTRA } from './support/shop';
import { afterPayingStaffOf } from './support/staff';

test.describe.configure({ timeout: 120_000 });

const course = catalogue.find((entry) => entry.slug === 'power-bi-data-analysis')!;
const pageCourse = catalogue.find((entry) => entry.slug === 'sql-server-querying')!;
/** A page back from a call on a busy machine: more than the default wait. */
const SLOW = { timeout: 15_000 };

/**
 * A signed-in member of staff, once per worker, for batches and refunds through the console API:
 * each parallel index has an address of its own, signed up by its first worker and signed in by
 * a later one (a failed test starts a new worker with the same index).
 */
let staff: Promise<Page> | undefined;
function staffPage(browser: Browser): Promise<Page> {
  const staffEmail = afterPayingStaffOf(
    process.env['E2E_AFTER_PAYING_STAFF_EMAIL']!,
    test.info().parallelIndex,
  );
  staff ??= (async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto('/');
    await page.request.get('/api/courses');
    const signedIn = await page.request.post('/api/account/login', {
      headers: { 'X-XSRF-TOKEN': await xsrfOf(page) },
      data: { mobile: staffEmail, password: newPerson('staff').password, clientCode: 'sispl' },
    });
    if (signedIn.status() !== 200) {
      const { user } = await signUpByApi(page, 'after-paying-staff', staffEmail);
      expect(user.staff).toBe(true);
    }
    return page;
  })();
  return staff;
}

/** The first Monday at least `days` days from today, as `YYYY-MM-DD`. */
function mondayAfter(days: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The first session's start (19:00 in India that Monday) and end, as New York reads them. */
function inNewYork(startsOn: string): string {
  const start = new Date(`${startsOn}T13:30:00Z`);
  const end = new Date(`${startsOn}T15:30:00Z`);
  const clock = (at: Date) =>
    new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' })
      .format(at)
      .replace(/\s/g, ' ')
      .replace(/ (AM|PM)$/, (_, half: string) => ` ${half.toLowerCase()}`);
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'short' })
    .formatToParts(start)
    .find((part) => part.type === 'timeZoneName')!.value;
  return `${clock(start)} to ${clock(end)} ${zone}`;
}

/**
 * Staff add a batch of `course` (four Mon-Thu evening sessions two months ahead, so it closes,
 * and stays off the page of every other spec's course) with `seats` seats.
 */
async function newBatch(browser: Browser, seats: number): Promise<{ id: string; startsOn: string }> {
  const page = await staffPage(browser);
  const startsOn = mondayAfter(60);
  const answer = await page.request.post('/api/console/batches', {
    headers: { 'X-XSRF-TOKEN': await xsrfOf(page) },
    data: {
      courseId: course.id,
      startsOn,
      schedule: 'Mon-Thu 19:00-21:00 IST',
      sessions: 4,
      trainer: 'Nisha Rao',
      seats,
    },
  });
  expect(answer.status()).toBe(201);
  return { id: ((await answer.json()) as { id: string }).id, startsOn };
}

/** The batch the journeys of one worker share (their seats are few): made on first use. */
let shared: Promise<{ id: string; startsOn: string }> | undefined;
const sharedBatch = (browser: Browser) => (shared ??= newBatch(browser, 20));

/** A new student in a context of their own (`timezoneId`: the browser's zone). */
async function newStudent(browser: Browser, tag: string, timezoneId = 'Asia/Kolkata') {
  const page = await (await browser.newContext({ timezoneId })).newPage();
  const { person, user } = await signUpByApi(page, tag);
  return { page, person, userId: user.userid };
}

/** Puts `seats` seats of batch `batchId` in the student's cart and pays; resolves to the order number. */
async function buy(page: Page, userId: string, batchId: string, seats: number): Promise<string> {
  const added = await page.request.post(
    `${cartPath('addtocart', userId, course.id)}?batch=${batchId}&seats=${seats}`,
    {
      headers: { 'X-XSRF-TOKEN': await xsrfOf(page) },
    },
  );
  expect(added.status()).toBe(200);
  const { orderNo } = await payByApi(page, userId, MAHARASHTRA);
  expect(orderNo).toMatch(/^SIS-\d{4}-\d{6}$/);
  return orderNo!;
}

/** My courses with its one enrolment card. */
async function myCourse(page: Page) {
  await gotoHydrated(page, '/my-courses');
  await hydrated(page);
  const card = page.getByTestId('enrolment');
  await expect(card).toHaveCount(1, SLOW);
  return card;
}

/** The calendar files of the mails to `address` whose subject matches `subject`. */
async function calendarsIn(address: string, subject: RegExp) {
  const mails = (await mailsWithFilesTo(address)).filter((mail) => subject.test(mail.subject));
  return mails.flatMap((mail) => mail.files.filter((file) => file.contentType.startsWith('text/calendar')));
}

test('a one-seat buyer is the attendee: enrolled on paying, asked to name nobody', async ({ browser }) => {
  const { id: batchId } = await sharedBatch(browser);
  const { page, person, userId } = await newStudent(browser, 'one-seat');
  await buy(page, userId, batchId, 1);

  const card = await myCourse(page);
  await expect(card).toContainText('You bought 1 seat, and you attend: nobody else to name.');
  await expect(card.getByRole('heading', { name: 'Name the attendees' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Save attendees' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: /^Add to calendar/ })).toBeVisible();
  // Their mail is their joining mail, with the calendar file.
  await expect
    .poll(async () => (await calendarsIn(person.email, /^You are enrolled: /)).length, SLOW)
    .toBe(1);
  await page.context().close();
});

test('a buyer of seats is asked whether they attend, names a colleague and takes them off (a calendar cancellation), then the refunded course stays in My courses with its credit note', async ({
  browser,
}) => {
  const { id: batchId } = await sharedBatch(browser);
  const { page, person: buyer, userId } = await newStudent(browser, 'team-buyer');
  const orderNo = await buy(page, userId, batchId, 3);

  // The buyer's mail: what they bought and how to name the attendees; no calendar file.
  await expect
    .poll(async () => (await mailsWithFilesTo(buyer.email)).map((mail) => mail.subject), SLOW)
    .toContainEqual(`Your 3 seats of ${course.name}: name the attendees - Sahyadri Infotech`);
  const bought = (await mailsWithFilesTo(buyer.email)).find((mail) =>
    mail.subject.startsWith('Your 3 seats'),
  )!;
  expect(bought.text).toContain('Will you attend yourself? Say so in My courses');
  expect(bought.files).toEqual([]);
  expect(
    (await mailsWithFilesTo(buyer.email)).some((mail) => mail.subject.startsWith('You are enrolled')),
  ).toBe(false);

  const card = await myCourse(page);
  const question = card.getByRole('group', { name: 'Will you attend yourself?' });
  await expect(question).toBeVisible();
  // Saving without an answer says why, at the question.
  await card.getByRole('button', { name: 'Save attendees' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Please correct' })).toBeVisible();
  await expect(question.getByRole('radio', { name: 'Yes, one of the seats is mine' })).toBeFocused();
  await expect(question).toContainText('Say whether you attend yourself.');
  expect(await axeViolations(page)).toEqual([]);

  // Yes, and a colleague: two of the three seats.
  const colleague = newPerson('team-colleague');
  await question.getByRole('radio', { name: 'Yes, one of the seats is mine' }).check();
  await expect(card.getByRole('group', { name: /^Attendee \d$/ })).toHaveCount(2);
  await card.getByRole('group', { name: 'Attendee 1' }).getByLabel('Name').fill('Ravi Patil');
  await card.getByRole('group', { name: 'Attendee 1' }).getByLabel('E-mail').fill(colleague.email);
  await card.getByRole('button', { name: 'Save attendees' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Attendees saved.' })).toBeVisible(SLOW);
  await expect(card.getByRole('listitem').filter({ hasText: '(you)' })).toContainText(buyer.email);
  // Now the buyer has their own joining mail with the calendar file, and so has the colleague.
  await expect.poll(async () => (await calendarsIn(buyer.email, /^You are enrolled: /)).length, SLOW).toBe(1);
  await expect
    .poll(async () => (await calendarsIn(colleague.email, /^You are enrolled: /)).length, SLOW)
    .toBe(1);
  const [invitation] = await calendarsIn(colleague.email, /^You are enrolled: /);

  // The colleague taken off: a mail that they no longer attend, with a cancellation.
  await card.getByRole('group', { name: 'Attendee 1' }).getByLabel('Name').fill('');
  await card.getByRole('group', { name: 'Attendee 1' }).getByLabel('E-mail').fill('');
  await card.getByRole('button', { name: 'Save attendees' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Attendees saved.' })).toBeVisible(SLOW);
  await expect
    .poll(async () => (await calendarsIn(colleague.email, /^You no longer attend /)).length, SLOW)
    .toBe(1);
  const [cancellation] = await calendarsIn(colleague.email, /^You no longer attend /);
  expect(cancellation!.contentType).toContain('method=CANCEL');
  const invited = parseIcs(invitation!.text);
  const cancelled = parseIcs(cancellation!.text);
  expect(cancelled.method).toBe('CANCEL');
  expect(cancelled.events.map((event) => event.uid)).toEqual(invited.events.map((event) => event.uid));
  for (const [index, event] of cancelled.events.entries()) {
    expect(event.status).toBe('CANCELLED');
    expect(event.sequence).toBeGreaterThan(invited.events[index]!.sequence);
  }

  // Staff refund the order: the money goes back at once on the test gateway, with a credit note.
  const staffAt = await staffPage(browser);
  const refunded = await staffAt.request.post(`/api/console/orders/${orderNo}/refunds`, {
    headers: { 'X-XSRF-TOKEN': await xsrfOf(staffAt), 'Idempotency-Key': `after-paying-${orderNo}` },
    data: { reason: 'The team cannot attend this batch.' },
  });
  expect(refunded.status()).toBe(201);
  const { refund } = (await refunded.json()) as { refund: { creditNoteNo: string } };
  expect(refund.creditNoteNo).toMatch(/^SIS-CN\d{4}-\d{5}$/);

  // My courses keeps it, refunded, with its credit note; no joining link or calendar.
  const after = await myCourse(page);
  await expect(after.getByTestId('refunded')).toContainText(/^Refunded on \d{1,2} \w{3,4} \d{4}/);
  const note = after.getByRole('link', { name: `Credit note ${refund.creditNoteNo}` });
  await expect(note).toHaveAttribute(
    'href',
    `/credit-note?id=${encodeURIComponent(refund.creditNoteNo)}&order=${encodeURIComponent(orderNo)}`,
  );
  await expect(after.getByRole('link', { name: /^Add to calendar/ })).toHaveCount(0);
  await expect(after.getByTestId('join-link')).toHaveCount(0);
  await expect(after.getByRole('button', { name: 'Save attendees' })).toHaveCount(0);
  // What was bought stays said; nobody attends any more.
  await expect(after).toContainText('You bought 3 seats.');
  await expect(after.getByText('(you)')).toHaveCount(0);
  await expect(after).toContainText(
    'This course was refunded, so it has no joining link or calendar file now.',
  );
  expect(await axeViolations(page)).toEqual([]);
  // The refund mail carries the cancellation of the sessions the buyer attended.
  await expect.poll(async () => (await calendarsIn(buyer.email, /^Refund of /)).length, SLOW).toBe(1);
  const [refundFile] = await calendarsIn(buyer.email, /^Refund of /);
  expect(parseIcs(refundFile!.text).method).toBe('CANCEL');
  expect(parseIcs(refundFile!.text).events.map((event) => event.uid)).toEqual(
    invited.events.map((event) => event.uid),
  );
  // The credit note opens from there.
  await note.click();
  await expect(page.getByText(refund.creditNoteNo).first()).toBeVisible(SLOW);
  await page.context().close();
});

test('a visitor in New York sees the sessions in their own time beside IST, and the course page does not move when the batches come', async ({
  browser,
}) => {
  const { id: batchId, startsOn } = await sharedBatch(browser);
  const { page, userId } = await newStudent(browser, 'new-york', 'America/New_York');
  await buy(page, userId, batchId, 1);
  const card = await myCourse(page);
  await expect(card).toContainText('Mon-Thu, 7:00 pm to 9:00 pm IST');
  // 13:30-15:30 UTC: '8:30 am to 10:30 am EST' in winter, '9:30 am to 11:30 am EDT' in summer.
  await expect(card.getByTestId('your-time')).toHaveText(`Your time: ${inNewYork(startsOn)}`);
  expect(await axeViolations(page)).toEqual([]);

  // The course page: the batches come after the first paint, with a line more each for New York.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/courses', async (route) => {
    await held;
    await route.continue();
  });
  // A course no spec adds batches to: its two seed batches, the room the page keeps.
  await page.goto(`/courses/${pageCourse.slug}`);
  const seats = page.getByLabel('Seats', { exact: true });
  await expect(page.getByText('Loading the next batches…')).toBeVisible();
  const before = await seats.boundingBox();
  release();
  const batches = page.getByRole('group', { name: 'Next batches' });
  await expect(batches.getByText(/^Your time: /).first()).toBeVisible(SLOW);
  await expect(batches.getByText(/IST · /).first()).toContainText(
    /^Mon-Thu, 7:00 pm to 9:00 pm IST|^Sat-Sun/,
  );
  // The frame kept room for the batches with their New York line (within a pixel).
  expect(Math.abs((await seats.boundingBox())!.y - before!.y)).toBeLessThan(1);
  await page.context().close();

  // In India: IST only.
  const india = await newStudent(browser, 'in-india');
  await india.page.goto(`/courses/${pageCourse.slug}`);
  const listed = india.page.getByRole('group', { name: 'Next batches' });
  await expect(listed.getByText(/IST · /).first()).toBeVisible(SLOW);
  await expect(listed.getByText(/^Your time: /)).toHaveCount(0);
  await india.page.context().close();
});

test('a batch that fills while it is in a cart shows full without a reload, and Pay is refused with the same sentence', async ({
  browser,
}) => {
  const { id: batchId } = await newBatch(browser, 2);
  const waiting = await newStudent(browser, 'cart-waits');
  const added = await waiting.page.request.post(
    `${cartPath('addtocart', waiting.userId, course.id)}?batch=${batchId}&seats=1`,
    { headers: { 'X-XSRF-TOKEN': await xsrfOf(waiting.page) } },
  );
  expect(added.status()).toBe(200);
  await gotoHydrated(waiting.page, '/checkout');
  await hydrated(waiting.page);
  const line = waiting.page.getByTestId('cart-item');
  await expect(line.getByLabel('Batch')).toBeVisible(SLOW);
  await expect(line.getByTestId('line-problem')).toHaveText('');

  // Another buyer takes both seats.
  const other = await newStudent(browser, 'cart-fills');
  await buy(other.page, other.userId, batchId, 2);
  await other.page.context().close();

  // Back to the tab: the cart asks again and says the batch is full, and what to do.
  await waiting.page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(line.getByTestId('line-problem')).toHaveText(
    'Full This batch is now full. Choose another batch, or delete this course from your cart.',
    SLOW,
  );
  await expect(line.getByLabel('Batch')).toHaveAttribute('aria-invalid', 'true');
  await expect(line.getByRole('option', { selected: true })).toContainText('(Full)');
  expect(await axeViolations(waiting.page)).toEqual([]);

  // Pay: refused with the checkout's sentence.
  await waiting.page.getByLabel('State or union territory').selectOption({ label: 'Maharashtra' });
  await waiting.page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(waiting.page.getByText('This batch is full. Choose another batch.')).toBeVisible(SLOW);

  // Another batch: the line is fine again.
  const select = line.getByLabel('Batch');
  const other2 = await select.locator('option:not([disabled])').filter({ hasNotText: '(Full)' }).first();
  await select.selectOption(await other2.getAttribute('value'));
  await expect(line.getByTestId('line-problem')).toHaveText('', SLOW);
  await waiting.page.context().close();
});

test('sign-up offers Send the code again a minute after the code, counts down without announcing each second, sends a new code and keeps to the limit', async ({
  page,
}) => {
  const person = newPerson('resend');
  const codesAsked: string[] = [];
  // Codes the server sent (a first call may be refused once for its XSRF cookie and repeated).
  page.on('response', (response) => {
    if (response.url().endsWith('/api/account/sendcode') && response.status() === 200)
      codesAsked.push(response.url());
  });
  await page.clock.install();
  await gotoHydrated(page, '/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await dialog.getByLabel('Name').fill(person.name);
  await dialog.getByLabel('Mobile number').fill(person.mobile);
  await dialog.getByLabel('E-mail').fill(person.email);
  await dialog.getByLabel('Password', { exact: true }).fill(person.password);
  await dialog.getByLabel('Re-enter password').fill(person.password);
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await expect(dialog.getByLabel('Verification code')).toBeVisible(SLOW);
  const first = await codeMailedTo(person.email);

  const again = dialog.getByRole('button', { name: 'Send the code again' });
  await expect(again).toHaveAttribute('aria-disabled', 'true');
  // The page's clock runs at real speed between the test's jumps: a busy machine may take a second
  // or more to look, so the figures allow for that much more time passed.
  await expect(again).toHaveAccessibleDescription(/^You can ask for a new code in (60|5[5-9]) seconds\.$/);
  // The countdown is the button's description, in no live region.
  expect(
    await dialog
      .getByText(/^You can ask for a new code in/)
      .evaluate((node) => node.closest('[aria-live], [role="status"], [role="alert"]') === null),
  ).toBe(true);
  await page.clock.runFor(15_000);
  await expect(again).toHaveAccessibleDescription(/^You can ask for a new code in (4[0-5]) seconds\.$/);
  // Pressed early (by keyboard: it stays in the tab order): nothing is asked (counted below).
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(again).toHaveAttribute('aria-disabled', 'true');
  expect(await axeViolations(page)).toEqual([]);

  await page.clock.runFor(46_000);
  await expect(again).not.toHaveAttribute('aria-disabled');
  await expect(dialog.getByRole('status').filter({ hasText: 'You can now ask for a new code.' })).toHaveCount(
    1,
  );
  await again.click();
  await expect(dialog.getByText(`We sent a new code to ${person.email}.`, { exact: false })).toBeVisible(
    SLOW,
  );
  const second = await codeMailedTo(person.email, 1);
  expect(second).not.toBe(first);
  // Two codes sent: the first, and this one; the early press asked for none.
  expect(codesAsked).toHaveLength(2);
  await expect(again).toHaveAttribute('aria-disabled', 'true');

  // Five codes an hour per address: three more, then the limit's sentence.
  for (let sent = 3; sent <= 5; sent += 1) {
    await page.clock.runFor(61_000);
    await again.click();
    await expect.poll(() => mailCount(person.email), SLOW).toBe(sent);
  }
  await page.clock.runFor(61_000);
  await again.click();
  await expect(dialog.getByRole('alert')).toContainText(
    // The limit's window is the clock hour: near its end the wait is 'a minute'.
    /Too many attempts in a short time\. Please try again in (a minute|an hour|\d+ (minutes|hours))\./,
    SLOW,
  );
  expect(await mailCount(person.email)).toBe(5);

  // The newest code signs them up; the first no longer would.
  const newest = await codeMailedTo(person.email, 4);
  await dialog.getByLabel('Verification code').fill(newest);
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Account:/ })).toBeVisible(SLOW);
});

test('a password reset offers Send the code again a minute after the code, and sends one', async ({
  page,
}) => {
  const { person } = await signUpByApi(page, 'reset-resend');
  await page.evaluate(() => localStorage.removeItem('user'));
  await page.context().clearCookies();
  await page.clock.install();
  await gotoHydrated(page, '/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await dialog.getByLabel('E-mail').fill(person.email);
  const before = await mailCount(person.email);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await codeMailedTo(person.email, before);
  const again = dialog.getByRole('button', { name: 'Send the code again' });
  await expect(again).toHaveAccessibleDescription(/^You can ask for a new code in (60|5[5-9]) seconds\.$/);
  await page.clock.runFor(61_000);
  await again.click();
  await expect(
    dialog.getByText(`If ${person.email} belongs to an account, a new code is on its way.`, { exact: false }),
  ).toBeVisible(SLOW);
  await expect.poll(() => mailCount(person.email), SLOW).toBe(before + 2);
});
