import { readFile } from 'node:fs/promises';
import { matchesGlob, relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import base from './vitest.config.ts';

/**
 * Test files Stryker's vitest runner loads (stryker.config.mjs; docs/benchmarks/mutation.md):
 * the unit tests that import the mutated money files, and the HTTP tests of payments, the shop
 * and the console. The dry run runs only these (1.5-3 min on the shared machine, not the whole unit
 * suite); each mutant then runs only the tests that reached it.
 */
export const MUTATION_TESTS = [
  'tests/unit/lib/shared/{tax,billing}.test.ts',
  'tests/unit/server/storage/counters.test.ts',
  'tests/unit/server/domain/{shop,payments,console}/**/*.test.ts',
  'tests/unit/functions/{payments,payment-outcomes,credit-notes-http,shop,console,console-gstr1}.test.ts',
];

/**
 * `MUTATE_TESTS`, a comma list of globs, narrows the test files for one file's run (the tests that
 * can reach it): a static mutant then runs those files, not the whole set. Unset: all of
 * MUTATION_TESTS. Example: `MUTATE_TESTS='tests/unit/server/domain/payments/{refunds,credit-notes}.test.ts'`.
 */
const narrowed = process.env['MUTATE_TESTS']
  ?.split(/,(?![^{]*\})/)
  .map((glob) => glob.trim())
  .filter((glob) => glob !== '');

/**
 * Files in the order a mutant is most cheaply killed: Stryker stops at the first failing test, so
 * the pure tests (tax, invoice, order numbers) run first, then those that start a blob server,
 * then the HTTP tests; by name within each. A narrowed set (`MUTATE_TESTS`) runs in the order its
 * globs are named: the mutated file's own tests first, before a slow one such as batch-seats.
 */
class CheapestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = new Map<TestSpecification, number>();
    for (const file of files) {
      if (narrowed?.length) {
        const named = narrowed.findIndex((glob) => matchesGlob(relative(process.cwd(), file.moduleId), glob));
        rank.set(file, named === -1 ? narrowed.length : named);
        continue;
      }
      const source = await readFile(file.moduleId, 'utf8');
      const http = file.moduleId.includes('/tests/unit/functions/');
      rank.set(file, http ? 2 : /BlobsServer\(/.test(source) ? 1 : 0);
    }
    return [...files].sort((a, b) => rank.get(a)! - rank.get(b)! || a.moduleId.localeCompare(b.moduleId));
  }
}

// Spread, not mergeConfig: mergeConfig would add these files to the base `include`, not replace it.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: narrowed?.length ? narrowed : MUTATION_TESTS,
    sequence: { sequencer: CheapestFirst },
  },
});
