/** People for journeys: new accounts made through the API (the mailed code read from the fake Resend). */
import { expect, type Page } from '@playwright/test';
import { codeMailedTo } from './mail';

let made = 0;

/** A fresh person: unique e-mail and mobile per run (`email` to choose the address). */
export function newPerson(tag: string, email?: string) {
  made += 1;
  const n = (Date.now() + made) % 1_000_000_000;
  return {
    name: `Kavya ${tag}`,
    email: email ?? `kavya.${tag}.${n}@example.com`,
    mobile: String(6_000_000_000 + n).slice(0, 10),
    password: 'first-pass1',
  };
}

/** The XSRF token the site gave this page's browser context. */
export async function xsrfOf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
}

/**
 * Signs a new person up through the API in this page's browser context (cookies kept), and caches
 * the user in localStorage as a sign-in does.
 */
export async function signUpByApi(page: Page, tag: string, email?: string) {
  const person = newPerson(tag, email);
  await page.goto('/');
  await page.request.get('/api/courses');
  const details = { ...person, repassword: person.password, clientCode: 'sispl' };
  const sent = await page.request.post('/api/account/sendcode', {
    data: details,
    headers: { 'X-XSRF-TOKEN': await xsrfOf(page) },
  });
  expect(sent.status()).toBe(200);
  const pending = (await sent.json()) as { usercode: string; userkey: string };
  const verificationcode = await codeMailedTo(person.email);
  const registered = await page.request.post('/api/account/register', {
    data: { ...details, ...pending, verificationcode, status: 1 },
    headers: { 'X-XSRF-TOKEN': await xsrfOf(page) },
  });
  expect(registered.status()).toBe(201);
  const user = (await registered.json()) as { userid: string; username: string; staff?: boolean };
  // What the site keeps for display after a sign-in (product-spec section 3).
  await page.evaluate((value) => localStorage.setItem('user', JSON.stringify(value)), user);
  return { person, user };
}
