/** Every blob store the application uses; a store name is never written as a loose string. */
export const STORE_NAMES = [
  // User accounts (profile and password hash), keyed by user id, plus the e-mail index.
  'users',
  // Pending sign-ups and password resets: the hashed code, its tries and expiry.
  'account-codes',
  // Signed-in sessions, keyed by session id.
  'sessions',
  // Shopping carts, keyed by the owner's user id.
  'carts',
  // Placed orders and their invoices, keyed by order number.
  'orders',
  // Checkouts in progress and done, by cart version and by Idempotency-Key (idempotent checkout).
  'checkouts',
  // Monotonic counters such as the next order or invoice number.
  'counters',
  // Messages sent through the contact and 'Get A Quote' forms, with their mail delivery status.
  'contact-messages',
  // Every e-mail the site sends, stored before it is sent, with its delivery state (the mail queue).
  'mail-queue',
  // The local mail outbox used when no RESEND_API_KEY is set.
  'outbox',
  // Request counts per client and time window, for rate limiting.
  'rate-limits',
  // Keys the server makes for itself when the settings give none (the XSRF tokens' HMAC key).
  'secrets',
  // The built-in test gateway's orders and payments (issue 18): outside production, without keys.
  'test-gateway',
  // Every payment the gateway told of (issue 28): its outcome, refunds, course holds per buyer.
  'payments',
  // Batches of each course (DECISIONS 54): dates, schedule, trainer, seats and the seats taken.
  'batches',
  // Who is enrolled on which batch (DECISIONS 55-56): by order, buyer, attendee e-mail and batch.
  'enrolments',
  // Rupees per US dollar staff entered for days whose USD payments recorded no rate (DECISIONS 47).
  'exchange-rates',
  // The company console's indexes (newest first, by month), lead states and customer totals.
  'console',
  // The nightly snapshots of every other store (DECISIONS 61): parts, manifests and their state.
  'backups',
] as const;

/** The name of one of the application's blob stores. */
export type StoreName = (typeof STORE_NAMES)[number];
