import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    // Cheap password hashes everywhere but the test of the production cost.
    setupFiles: ['tests/unit/setup.ts'],
    environment: 'node',
    // A safety net for a test that hangs, not a speed limit (timings live in the benchmarks): at
    // load 15-22 on two cores (issue 42, item 11) the heaviest tests, fifty presses at once and
    // the leads export, took 20-55 s, and a 20 s limit failed them for the machine's load.
    testTimeout: 60_000,
    // One test file per core. Vitest's default leaves a core free, which on CI's two cores runs
    // the files one at a time: 47 s instead of 27 s here.
    maxWorkers: availableParallelism(),
  },
});
