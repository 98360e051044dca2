// @ts-check
// Finds a Chromium for the browser tests and Lighthouse without downloading anything at test time:
// CHROME_PATH if set, else a system Chromium (Debian's `chromium` package), else the binary that
// the npm package @sparticuz/chromium ships (a devDependency, unpacked on first use).
import { existsSync } from 'node:fs';

const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
];

/** Flags that keep Chromium offline and quiet in a sandboxed CI machine (PLATFORM-NOTES). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Absolute path of a Chromium executable; throws with a plain explanation when none is found. */
export async function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there.`);
  }
  const system = SYSTEM_CANDIDATES.find((path) => existsSync(path));
  if (system) return system;
  try {
    const { default: chromium } = await import('@sparticuz/chromium');
    return await chromium.executablePath();
  } catch (error) {
    throw new Error(
      'No Chromium found: install Debian\'s "chromium" package, set CHROME_PATH, or run npm install ' +
        `(it brings @sparticuz/chromium). Cause: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await findChromium());
}
