// @ts-check
/**
 * StrykerJS mutation testing of the money files (issue 38, item 9): `npm run mutate`, or one file
 * with `npm run mutate -- --mutate src/lib/shared/tax.ts`. Not part of `npm test`. Why each
 * setting, and the scores: docs/benchmarks/mutation.md.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  mutate: [
    'src/lib/shared/tax.ts',
    'src/server/domain/shop/invoice.ts',
    'src/server/domain/shop/order-numbers.ts',
    'src/server/storage/counters.ts',
    'src/server/domain/payments/refunds.ts',
    'src/server/domain/payments/payment-decision.ts',
    'src/server/domain/shop/checkout.ts',
  ],
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: {
    configFile: 'vitest.mutate.config.ts',
    // The HTTP tests reach the money files through the function router's dynamic imports, which
    // vitest's related mode cannot see: the test files are chosen by vitest.mutate.config.ts.
    related: false,
  },
  // Each mutant runs only the tests that reached it in the dry run.
  coverageAnalysis: 'perTest',
  // Two cores: two vitest workers, each running one test file at a time.
  concurrency: 2,
  // Tests that start blob servers take seconds; a mutant that loops is still caught.
  timeoutMS: 20_000,
  // A later run re-tests only the mutants whose code or tests changed (`--force`: all of them).
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { logTests: false, allowEmojis: false },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
