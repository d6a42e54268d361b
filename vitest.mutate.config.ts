import { defineConfig } from 'vitest/config';
import LoadFailureReporter from './test/model/load-failure-reporter';

/**
 * Vitest config for `npm run mutate` (stryker.config.mjs): the model project alone, as in
 * vitest.config.ts (Stryker's vitest runner has no project filter), and a reporter that counts a
 * test file that cannot load (a mutant broke the chart at import) as a failed test.
 */
export default defineConfig({
  test: {
    name: 'model',
    environment: 'node',
    // MUTATE_TESTS (scripts/mutate.ts, decision 550): a shared helper's own unit tests alone.
    include: process.env.MUTATE_TESTS ? process.env.MUTATE_TESTS.split(',') : ['test/model/**/*.test.ts'],
    // These check the generated docs/flows files and the gallery serving them; Stryker's sandbox
    // copies no docs/ (stryker.config.mjs ignorePatterns), and they assert no machine's behaviour.
    exclude: ['test/model/charts.test.ts', 'test/model/flow-gallery.test.ts'],
    reporters: [new LoadFailureReporter()],
  },
});
