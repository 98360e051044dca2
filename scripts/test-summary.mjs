// @ts-check
// Prints one closing line for the whole test run ("tests: N passed, N failed"), adding up the
// unit (vitest) and end-to-end (Playwright) JSON reports written under test-results/.
import { readFileSync } from 'node:fs';

/**
 * A JSON report, or undefined when it is missing or unreadable.
 *
 * @param {string} path
 * @returns {any} vitest's or Playwright's report: only the counts below are read
 */
function read(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const unit = read('test-results/unit.json');
const e2e = read('test-results/e2e.json');
const counts = {
  passed: (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0),
  failed: (unit?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0),
  skipped: (unit?.numPendingTests ?? 0) + (e2e?.stats?.skipped ?? 0),
};
if (!unit || !e2e) console.log(`(missing report: ${!unit ? 'unit' : ''} ${!e2e ? 'e2e' : ''})`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(counts.failed > 0 || !unit || !e2e ? 1 : 0);
