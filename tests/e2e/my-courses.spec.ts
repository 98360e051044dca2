/**
 * My courses (issue 31, DECISIONS 55-56), a journey through the built site: a company buys 3
 * seats of the next batch, finds it in My courses, downloads its calendar file (read by an
 * iCalendar parser: sessions, times, zone), names two attendees, and an attendee who signs up
 * with that address sees the batch. Screenshots at 360, 768 and 1366 px go to the test's output.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { parseSchedule } from '../../src/lib/shared/batch-schedule';
import type { Batch } from '../../src/lib/shared/schemas/batch-public';
import { scheduleInIst } from '../../src/lib/shared/session-times';
import { parseIcs } from '../support/ics';
import { axeViolations } from './support/axe';
import { newPerson, signUpByApi, xsrfOf } from './support/accounts';
import { payByApi } from './support/gateway';
import { gotoHydrated } from './support/header';
import { subjectsTo } from './support/mail';
import { cartPath, catalogue, MAHARASHTRA } from './support/shop';

const course = catalogue.find((entry) => entry.id === 3)!;

/** The first open batch of `course` with `seats` seats left, as the catalogue lists it. */
async function batchWithRoom(page: Page, seats: number): Promise<Batch> {
  const listed = (await (await page.request.get('/api/courses')).json()) as {
    id: number;
    batches?: Batch[];
  }[];
  const batch = listed
    .find((entry) => entry.id === course.id)
    ?.batches?.find((open) => open.seatsLeft >= seats);
  expect(batch, `a batch of course ${course.id} with ${seats} seats left`).toBeDefined();
  return batch!;
}

async function enrolmentCard(page: Page) {
  const card = page.getByTestId('enrolment');
  await expect(card).toHaveCount(1);
  return card;
}

test('a company buys 3 seats, finds the batch in My courses, adds it to a calendar and names three attendees who each then see it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const { person: buyer, user } = await signUpByApi(page, 'seats-buyer');
  // The first of the course's batches with 3 seats left, whatever other journeys of the run bought.
  const batch = await batchWithRoom(page, 3);
  const added = await page.request.post(
    `${cartPath('addtocart', user.userid, course.id)}?batch=${batch.id}&seats=3`,
    { headers: { 'X-XSRF-TOKEN': await xsrfOf(page) } },
  );
  expect(added.status()).toBe(200);
  const { orderNo } = await payByApi(page, user.userid, MAHARASHTRA);
  expect(orderNo).toMatch(/^SIS-\d{4}-\d{6}$/);

  // The account menu leads there.
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('link', { name: 'My courses' }).click();
  await expect(page).toHaveURL(/\/my-courses$/);
  const card = await enrolmentCard(page);
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(course.name);
  await expect(card).toContainText(orderNo!);
  await expect(card).toContainText('You bought 3 seats.');
  await expect(card).toContainText(scheduleInIst(batch.schedule));
  await expect(card).toContainText(
    'The joining link will be here and in your e-mail before the first session.',
  );
  // The buyer's mail went out on payment: a buyer's, not an attendee's (issue 42, item 6).
  await expect
    .poll(() => subjectsTo(buyer.email))
    .toContainEqual(expect.stringMatching(/^Your 3 seats of .*: name the attendees/));

  // Add to calendar: the .ics of the batch's sessions.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: /^Add to calendar/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const calendar = parseIcs(await readFile((await download.path())!, 'utf8'));
  expect(calendar.method).toBe('PUBLISH');
  expect(calendar.events).toHaveLength(batch.sessions);
  const { startMinutes, endMinutes } = parseSchedule(batch.schedule)!;
  for (const event of calendar.events) {
    expect(event.zones).toEqual(['UTC', 'UTC']);
    // IST is UTC+05:30: 19:00 in India is 13:30 UTC, 10:00 is 04:30.
    const utcMinutes = event.start.getUTCHours() * 60 + event.start.getUTCMinutes();
    expect(utcMinutes).toBe((startMinutes - 330 + 1440) % 1440);
    expect(event.end.getTime() - event.start.getTime()).toBe((endMinutes - startMinutes) * 60_000);
  }

  // Naming attendees: the buyer does not attend; a bad address is refused in place, then all
  // three are saved.
  await card.getByRole('radio', { name: 'No, the seats are for others' }).check();
  const attendee = newPerson('seat-attendee');
  const second = newPerson('seat-second');
  const third = newPerson('seat-third');
  await card.getByRole('group', { name: 'Attendee 1' }).getByLabel('Name').fill('Ravi Patil');
  await card.getByRole('group', { name: 'Attendee 1' }).getByLabel('E-mail').fill('not-an-address');
  await card.getByRole('button', { name: 'Save attendees' }).click();
  await expect(card.getByRole('status')).toHaveText('Please correct the highlighted fields.');
  await expect(card.getByRole('group', { name: 'Attendee 1' }).getByLabel('E-mail')).toBeFocused();
  await card.getByRole('group', { name: 'Attendee 1' }).getByLabel('E-mail').fill(attendee.email);
  await card.getByRole('group', { name: 'Attendee 2' }).getByLabel('Name').fill('Sana Shaikh');
  await card.getByRole('group', { name: 'Attendee 2' }).getByLabel('E-mail').fill(second.email);
  await card.getByRole('group', { name: 'Attendee 3' }).getByLabel('Name').fill('Kiran Rao');
  await card.getByRole('group', { name: 'Attendee 3' }).getByLabel('E-mail').fill(third.email);
  await card.getByRole('button', { name: 'Save attendees' }).click();
  await expect(card.getByRole('status')).toHaveText(
    'Attendees saved. Each new attendee gets the joining details by e-mail.',
  );
  const attendees = [
    { label: 'seat-attendee', email: attendee.email },
    { label: 'seat-second', email: second.email },
    { label: 'seat-third', email: third.email },
  ];
  for (const { email } of attendees) {
    await expect(card.getByRole('listitem').filter({ hasText: email })).toHaveCount(1);
    await expect.poll(() => subjectsTo(email)).toContainEqual(expect.stringMatching(/^You are enrolled: /));
  }

  expect(await axeViolations(page)).toEqual([]);
  for (const width of [360, 768, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await card.screenshot({ path: testInfo.outputPath(`my-courses-${width}.png`) });
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  // Each attendee signs up with that address and sees the batch, as an attendee.
  for (const { label, email } of attendees) {
    const other = await (await browser.newContext()).newPage();
    await signUpByApi(other, label, email);
    await gotoHydrated(other, '/my-courses');
    const seen = await enrolmentCard(other);
    await expect(seen.getByRole('heading', { level: 2 })).toHaveText(course.name);
    await expect(seen).toContainText('You are enrolled as an attendee of this batch.');
    await expect(seen.getByRole('button', { name: 'Save attendees' })).toHaveCount(0);
    await expect(seen.getByRole('link', { name: /^Add to calendar/ })).toBeVisible();
    await other.context().close();
  }
});

test('My courses asks a signed-out visitor to sign in and lists nothing', async ({ page }) => {
  await page.goto('/my-courses');
  await expect(page.getByRole('heading', { name: 'Sign in to see your courses' })).toBeVisible();
  await expect(page.getByTestId('enrolment')).toHaveCount(0);
});
