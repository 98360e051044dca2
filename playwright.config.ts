import { createServer } from 'node:net';
import { defineConfig, devices } from '@playwright/test';
// @ts-expect-error -- plain ESM helper shared with the Lighthouse benchmark, no type declarations.
import { CHROMIUM_FLAGS, findChromium } from './scripts/find-chromium.mjs';

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
const port = Number(process.env['E2E_PORT']);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env['CI']),
  retries: 0,
  workers: 2,
  reporter: process.env['CI'] ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env['E2E_CHROMIUM'], args: CHROMIUM_FLAGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // The production build, served exactly as `npm start` serves it (build first: `npm run build`).
  webServer: {
    command: 'node scripts/serve.mjs',
    url: `${baseURL}/api/courses`,
    env: { PORT: String(port), HOST: 'localhost' },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
