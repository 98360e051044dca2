import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from './scripts/find-chromium.mjs';
import { afterPayingStaffOf, STAFF_WORKERS } from './tests/e2e/support/staff';
import { startFakeResend } from './tests/support/fake-resend';

/** A port nobody listens on, chosen once by the main process and inherited by the workers. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

process.env['E2E_PORT'] ??= String(await freePort());
process.env['E2E_CHROMIUM'] ??= await findChromium();
// Mail goes through the real Resend SDK to a fake Resend on loopback (DECISIONS 16), started once
// by the main process; journeys read verification codes from it (tests/e2e/support/mail.ts).
process.env['E2E_RESEND_URL'] ??= (await startFakeResend()).url;
// The company console's member of staff: a new address each run (accounts outlive a run in the
// local blob store), signed up by tests/e2e/console.spec.ts.
process.env['E2E_STAFF_EMAIL'] ??= `staff.${Date.now()}@example.com`;
// A second member of staff for the refund journey (tests/e2e/payments.spec.ts).
process.env['E2E_REFUND_STAFF_EMAIL'] ??= `refunds.${Date.now()}@example.com`;
// A third for the batch journeys (tests/e2e/batch-journeys.spec.ts), which run beside the others.
process.env['E2E_BATCH_STAFF_EMAIL'] ??= `batches.${Date.now()}@example.com`;
// A fourth for the failed refund asked again (tests/e2e/payments.spec.ts), beside the first refund.
process.env['E2E_REFUND_FAILS_STAFF_EMAIL'] ??= `refund-fails.${Date.now()}@example.com`;
// A fifth for the journeys after paying (tests/e2e/after-paying.spec.ts): batches and a refund.
// One per worker (`.w<parallel index>` added: see afterPayingStaffOf), as the two workers start
// its tests at once: two sign-ups of one address would each read the other's mailed code.
process.env['E2E_AFTER_PAYING_STAFF_EMAIL'] ??= `after-paying.${Date.now()}@example.com`;
// Each run starts on an empty blob store of its own, as CI's fresh clone does: a store kept from
// earlier runs fills the seed batches a few seats a run, until a journey finds no seat. The main
// process empties it once; the workers inherit the setting and leave it alone.
if (!process.env['E2E_BLOBS_DIR']) {
  process.env['E2E_BLOBS_DIR'] = join(process.cwd(), '.netlify', 'blobs-e2e');
  rmSync(process.env['E2E_BLOBS_DIR'], { recursive: true, force: true });
}
const port = Number(process.env['E2E_PORT']);
// The content editor's journey (tests/e2e/editor.spec.ts, tagged @editor) starts its own `astro dev`
// and is left out unless E2E_EDITOR is set: `E2E_EDITOR=1` adds it to the suite, `E2E_EDITOR=only`
// runs it alone, without building on the production server below.
const editorOnly = process.env['E2E_EDITOR'] === 'only';
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Keep traces apart from the JSON reports in test-results/.
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  // A focused test (test.only) never passes a run unnoticed, on CI or on a laptop.
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  timeout: 30_000,
  use: {
    baseURL,
    // A visitor outside India unless a test says otherwise: the pages show the currency of the
    // browser's time zone and languages first (issue 42, item 4), so no result depends on the
    // machine's zone (a developer in Pune runs these too).
    timezoneId: 'UTC',
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env['E2E_CHROMIUM'], args: CHROMIUM_FLAGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  ...(editorOnly ? { grep: /@editor/ } : {}),
  // Not collected at all without E2E_EDITOR: `npm test` lists no skipped test for it.
  ...(process.env['E2E_EDITOR'] ? {} : { testIgnore: ['**/editor.spec.ts'] }),
  // The production build, served exactly as `npm start` serves it (build first: `npm run build`).
  webServer: editorOnly
    ? []
    : {
        command: 'node scripts/serve.mjs',
        url: `${baseURL}/api/courses`,
        // Browser tests send many messages from one address; the limit itself has unit tests.
        env: {
          PORT: String(port),
          HOST: 'localhost',
          SERVE_BLOBS_DIR: process.env['E2E_BLOBS_DIR'],
          CONTACT_RATE_LIMIT: '10000',
          AUTH_RATE_LIMIT: '10000',
          RESEND_API_KEY: 're_e2e_fake',
          RESEND_BASE_URL: process.env['E2E_RESEND_URL'] ?? '',
          STAFF_EMAILS: [
            process.env['E2E_STAFF_EMAIL'],
            process.env['E2E_REFUND_STAFF_EMAIL'],
            process.env['E2E_BATCH_STAFF_EMAIL'],
            process.env['E2E_REFUND_FAILS_STAFF_EMAIL'],
            ...Array.from({ length: STAFF_WORKERS }, (_, index) =>
              afterPayingStaffOf(process.env['E2E_AFTER_PAYING_STAFF_EMAIL']!, index),
            ),
          ].join(','),
        },
        reuseExistingServer: false,
        // The server bundles every function before it listens: about 15 s on a quiet 2-core
        // machine, 54-60 s and more at load 14-20 (issue 42, item 11). A wait, not a speed limit.
        timeout: 180_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
