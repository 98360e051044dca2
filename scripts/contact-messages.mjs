// @ts-check
// Lists contact messages whose e-mail was not sent (pending or given up), for maintainers.
// Usage: ADMIN_TOKEN=... npm run contact:unsent [-- --all] [-- --site https://example.netlify.app]
// The site defaults to SITE_URL or http://localhost:8888 (`npm start`, which must get the same
// ADMIN_TOKEN in its environment).
const args = process.argv.slice(2);
const siteIndex = args.indexOf('--site');
const site =
  (siteIndex >= 0 ? args[siteIndex + 1] : undefined) ?? process.env.SITE_URL ?? 'http://localhost:8888';
const token = process.env.ADMIN_TOKEN;
if (!token) {
  console.error('Set ADMIN_TOKEN (the same value the site has) to list contact messages.');
  process.exit(2);
}

const url = new URL('/api/admin/contact-messages', site);
if (args.includes('--all')) url.searchParams.set('status', 'all');
const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
if (!response.ok) {
  console.error(`${url}: HTTP ${response.status} ${await response.text()}`);
  process.exit(1);
}
/** @type {import('~/lib/shared/schemas/contact-message').ContactMessageReport[]} */
const messages = await response.json();
if (messages.length === 0) {
  console.log(
    args.includes('--all') ? 'No contact messages stored.' : 'Every contact message has been delivered.',
  );
  process.exit(0);
}
/** @param {import('~/lib/shared/schemas/mail-delivery').MailDelivery} d */
const state = (d) => `${d.status}${d.attempts ? ` (${d.attempts} tries)` : ''}`;
console.table(
  messages.map((m) => ({
    received: m.receivedAt,
    name: m.name,
    phone: m.phone,
    email: m.email,
    'to company': state(m.mail.company),
    'to visitor': state(m.mail.visitor),
    'last error': m.mail.company.lastError ?? m.mail.visitor.lastError ?? '',
  })),
);
console.log(`${messages.length} message(s). Full text: ${url}`);
