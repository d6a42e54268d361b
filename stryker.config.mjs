// @ts-check
/**
 * Mutation testing of the statecharts (docs/decisions/130): `npm run mutate` (scripts/mutate.ts)
 * runs Stryker once per machine file with this config, each with its own incremental file, and
 * runs only the model tests that import the mutated file. Not part of `npm test` (see README for
 * how long it takes). Some files: `npm run mutate -- machines/find-booking.ts`.
 * @type {import('./tools/node_modules/@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './tools/stryker-chart-ignorer.mjs'],
  ignorers: ['chart-type-only'],
  vitest: { configFile: 'vitest.mutate.config.ts', related: true },
  mutate: ['machines/**/*.ts'],
  coverageAnalysis: 'perTest',
  // The machine is small and shared: two test runners at most.
  concurrency: 2,
  // Re-runs test only mutants whose code or tests changed since the last run (scripts/mutate.ts
  // gives each machine file its own incremental file in reports/mutation/by-file/).
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: true, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: 90 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: [
    'dist',
    '.data',
    'reports',
    'test-results',
    'bench',
    'docs',
    'test/e2e',
    'test/server',
    'test/unit',
    'server',
  ],
  // A mutant that loops (an always or retry chart) is a timeout, which the gate counts against the
  // file (scripts/mutate.ts). On two cores shared by several builds, 5 s turned slow runs into
  // timeouts (the 429 copy: 9 of 13 mutants at 5 s, 2 at 30 s); each timeout restarts a runner.
  timeoutMS: 30000,
};
